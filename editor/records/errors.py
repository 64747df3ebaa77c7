"""RecordError: a record file that cannot be read or written, said as `FILE:LINE:COL: message`.

Its own module so that the modules `document` builds on (conversion) can raise it too;
`editor.records.document` exports it as before.
"""
from __future__ import annotations

import os

from editor.records.problems import shown_path


class RecordError(Exception):
    """A file that cannot be read or written; str() is `FILE:LINE:COL: message`.

    `repairable`: the reader saw, at the error, what repair fixes (an example pasted from
    AMCT's documentation), so reading again with repair may succeed; nothing else will.
    """

    def __init__(self, message: str, path: str | os.PathLike[str] | None = None,
                 line: int | None = None, column: int | None = None, *, repairable: bool = False,
                 dialect: str | None = None, lacking: dict[str, list[str]] | None = None):
        super().__init__(message)
        self.message = message
        self.path = str(path) if path is not None else None
        self.line = line
        self.column = column
        self.repairable = repairable
        #: the dialect a text was read as when it failed (told from the file, or asked for)
        self.dialect = dialect
        #: per dialect, the field names the text uses that it lacks (None: not a text error);
        #: a dialect that lacks one cannot read the file
        self.lacking = lacking

    def __str__(self) -> str:
        where = shown_path(self.path) if self.path else ""
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.message}" if where else self.message
