<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>cli</name>
    <message>
        <source>{path}: {dialect}, {errors}, {warnings}, {notes}</source>
        <translation>{path}：{dialect}，{errors}，{warnings}，{notes}</translation>
    </message>
    <message>
        <source>{n} error</source>
        <translation>{n} 个错误</translation>
    </message>
    <message>
        <source>{n} errors</source>
        <translation>{n} 个错误</translation>
    </message>
    <message>
        <source>{n} warning</source>
        <translation>{n} 个警告</translation>
    </message>
    <message>
        <source>{n} warnings</source>
        <translation>{n} 个警告</translation>
    </message>
    <message>
        <source>{n} note</source>
        <translation>{n} 个提示</translation>
    </message>
    <message>
        <source>{n} notes</source>
        <translation>{n} 个提示</translation>
    </message>
</context>
</TS>
