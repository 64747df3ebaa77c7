<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System ({language})</source>
        <translation>跟随系统（{language}）</translation>
    </message>
    <message>
        <source>The editor speaks {language} once it starts again. Restart it now?</source>
        <translation>编辑器重新启动后将使用{language}。现在重新启动吗？</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Restart Now</source>
        <translation>立即重新启动</translation>
    </message>
</context>
</TS>
