"""Reading model files: text-format messages (Caffe .prototxt, TensorFlow .pbtxt) with clear
errors, and the checks every model file goes through before it is read."""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import TypeVar

from google.protobuf import text_format
from google.protobuf.message import Message

from editor.i18n import translate
from editor.models.base import ModelError
from editor.protobuf_errors import protobuf_words

#: the same limit as for record files: protobuf cannot hold more in one message
MAX_SIZE = 2 << 30

M = TypeVar("M", bound=Message)


def check_file(path: str | os.PathLike) -> Path:
    """`path` as a Path if it is a regular, readable file of at most 2 GiB; else ModelError."""
    p = Path(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        raise ModelError(translate("models", "no such file"), p) from None
    except OSError as e:
        raise ModelError(translate("models", "cannot read the file: {reason}").format(reason=e.strerror or e), p) from None
    if stat.S_ISDIR(st.st_mode):
        raise ModelError(translate("models", "is a directory, not a model file"), p)
    if not stat.S_ISREG(st.st_mode):
        raise ModelError(translate("models", "not a regular file (a pipe, device or socket cannot be read as a model)"), p)
    if st.st_size > MAX_SIZE:
        raise ModelError(translate("models", "{size} bytes: larger than the 2 GiB a protobuf message can hold "
                                   "(store the weights as external data)").format(size=f"{st.st_size:,}"), p)
    if not os.access(p, os.R_OK):
        raise ModelError(translate("models", "permission denied"), p)
    return p


def read_text_message(path: Path, message: M, what: str) -> M:
    """Parse text format into `message`, allowing fields the schema does not know (they are
    skipped); errors name the file, line and column."""
    try:
        data = path.read_bytes()
    except OSError as e:
        raise ModelError(translate("models", "cannot read the file: {reason}").format(reason=e.strerror or e), path) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        column = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise ModelError(translate("models", "not a text {what} (byte {byte} is not UTF-8); is it a binary file?").format(
            what=what, byte=f"0x{data[e.start]:02x}"), path, line, column) from None
    if "\x00" in text:
        raise ModelError(translate("models", "not a text {what}: it contains NUL bytes (a binary file?)").format(what=what), path)
    try:
        text_format.Merge(text, message, allow_unknown_field=True)
    except text_format.ParseError as e:
        msg = str(e)
        # the exception text starts with "LINE:COL : "; the location goes in front instead
        if ":" in msg and msg.split(":", 1)[0].isdigit():
            msg = msg.split(" : ", 1)[-1]
        raise ModelError(translate("models", "not a valid {what}: {error}").format(what=what, error=protobuf_words(msg)), path,
                         e.GetLine(), e.GetColumn()) from None
    return message
