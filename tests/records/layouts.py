"""One record written in every layout protobuf's text format allows (one line, < >, comments,
semicolons, lists…): what the tests of the reader, the stream reader and quick locating share."""
from __future__ import annotations

from google.protobuf import text_format

from editor.records.textwrite import format_float_py


def layouts(msg) -> dict[str, str]:
    one_line = text_format.MessageToString(msg, as_one_line=True)
    pretty = text_format.MessageToString(msg)
    return {
        "amct": pretty,
        "one line": one_line,
        "one line, < >": one_line.replace("{", "<").replace("}", ">"),
        "angle brackets": pretty.replace("{", "<").replace("}", ">"),
        "comments": pretty.replace("\n", "  # note\n"),
        "semicolons": pretty.replace("\n", ";\n").replace("{;", "{").replace("};", "}"),
        "commas": pretty.replace("\n", ",\n").replace("{,", "{").replace("},", "}"),
        "f suffix": "\n".join(line + "f" if "scale" in line else line for line in pretty.splitlines()),
        "lists": as_lists(msg),
        "colon before brace": pretty.replace(" {", ": {"),
        "no spaces": pretty.replace(": ", ":"),
        "CRLF": pretty.replace("\n", "\r\n"),
        "tabs": pretty.replace("  ", "\t"),
    }


def as_lists(msg) -> str:
    out = []
    for e in msg.record:
        v = e.value
        out.append(f'record {{\n  key: "{e.key}"\n  value {{\n    scale_d: {v.scale_d!r}\n'
                   f"    offset_d: {v.offset_d}\n"
                   f"    scale_w: [{', '.join(format_float_py(x) for x in v.scale_w)}]\n"
                   f"    offset_w: [{', '.join(str(x) for x in v.offset_w)}]\n  }}\n}}\n")
    return "".join(out)
