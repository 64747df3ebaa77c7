"""Reading model files: text-format messages (Caffe .prototxt, TensorFlow .pbtxt) with clear
errors, and the checks every model file goes through before it is read."""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TypeVar

from google.protobuf import text_format
from google.protobuf.message import Message

from editor.i18n import translate
from editor.models.base import ModelError, open_regular
from editor.protobuf_errors import protobuf_words

#: the same limit as for record files: protobuf cannot hold more in one message
MAX_SIZE = 2 << 30
#: How deep messages may nest in a text model: protobuf's own parsers stop at 100 (C++'s
#: default recursion limit), Python's text_format only when the interpreter's stack runs
#: out. Real network definitions nest a handful of levels.
MAX_DEPTH = 100

M = TypeVar("M", bound=Message)


def check_file(path: str | os.PathLike[str]) -> Path:
    """`path` as a Path if it is a regular, readable file of at most 2 GiB; else ModelError.

    The file is opened (without blocking: a FIFO is refused, not waited on) and checked on
    the open descriptor."""
    p = Path(path)
    with open_regular(p) as f:
        size = os.fstat(f.fileno()).st_size
    if size > MAX_SIZE:
        raise ModelError(translate("models", "{size} bytes: larger than the 2 GiB a protobuf message can hold "
                                   "(store the weights as external data)").format(size=f"{size:,}"), p)
    return p


def read_bytes(path: Path) -> bytes:
    """The whole of a regular file of at most `MAX_SIZE` bytes (ModelError otherwise)."""
    with open_regular(path) as f:
        size = os.fstat(f.fileno()).st_size
        if size > MAX_SIZE:
            raise ModelError(translate("models", "{size} bytes: larger than the 2 GiB a protobuf message can hold").format(
                size=f"{size:,}"), path)
        try:
            # what fstat says, not a buffer of the limit's size (read(n) allocates n bytes first)
            return f.read(size)
        except OSError as e:
            raise ModelError(translate("models", "cannot read the file: {reason}").format(reason=e.strerror or e),
                             path) from None


# strings (either quote, escapes, cut at a line end as the tokenizer cuts them), comments,
# and the four characters that open or close a message
_NESTING = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"?|'(?:[^'\\\n]|\\.)*'?|#[^\n]*|[{}<>]")


def nesting_error(text: str, limit: int = MAX_DEPTH) -> tuple[int, int] | None:
    """(line, column) where messages in `text` nest deeper than `limit`, or None."""
    depth = 0
    for m in _NESTING.finditer(text):
        c = text[m.start()]
        if c in "{<":
            depth += 1
            if depth > limit:
                pos = m.start()
                line = text.count("\n", 0, pos) + 1
                return line, pos - (text.rfind("\n", 0, pos) + 1) + 1
        elif c in "}>":
            depth = max(depth - 1, 0)
    return None


def read_text_message(path: Path, message: M, what: str) -> M:
    """Parse text format into `message`, allowing fields the schema does not know (they are
    skipped); errors name the file, line and column."""
    data = read_bytes(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        column = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise ModelError(translate("models", "not a text {what} (byte {byte} is not UTF-8); is it a binary file?").format(
            what=what, byte=f"0x{data[e.start]:02x}"), path, line, column) from None
    nul = text.find("\x00")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        raise ModelError(translate("models", "not a text {what}: it contains NUL bytes (a binary file?)").format(what=what),
                         path, line, nul - (text.rfind("\n", 0, nul) + 1) + 1)
    deep = nesting_error(text)
    if deep is not None:
        raise ModelError(translate("models", "not a valid {what}: messages nest more than {limit} levels deep").format(
            what=what, limit=MAX_DEPTH), path, *deep)
    try:
        text_format.Merge(text, message, allow_unknown_field=True)
    except text_format.ParseError as e:
        msg = str(e)
        # the exception text starts with "LINE:COL : "; the location goes in front instead
        if ":" in msg and msg.split(":", 1)[0].isdigit():
            msg = msg.split(" : ", 1)[-1]
        raise ModelError(translate("models", "not a valid {what}: {error}").format(what=what, error=protobuf_words(msg)), path,
                         e.GetLine(), e.GetColumn()) from None
    except RecursionError:  # a thread with a small stack; the depth check above is the rule
        raise ModelError(translate("models", "not a valid {what}: messages nest too deep to read").format(what=what),
                         path) from None
    return message
