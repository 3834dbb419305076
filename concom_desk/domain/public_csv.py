"""The one way the program writes a CSV file (the records export, a meeting
record's Votes.csv): every file it hands out is opened in Excel by people outside
the commission, so none may carry a formula.

Every text field is quoted, so a separator inside a name stays inside it whichever
separator the reader's Excel uses (a `;` list separator would split an unquoted
`Smith;=cmd|' /c calc'!A0` into a second cell that is a formula). Text is
neutralized as in the workbook (spreadsheet_cells: a leading `=`, `+`, `-`, `@`,
tab or carriage return gets a single quote), and so is a piece after a `;`, for a
reader that splits on it regardless. Numbers stay numbers, unquoted, so they
still add up.

The text is neutralized in the written CSV, a batch of rows at a time, not field by
field: the export writes ten million fields, and a few passes over the batch's bytes
(in C) do what a Python call per field did. It is the same text because csv.writer
quotes every text field and doubles each `"` inside one: a `"` after the start of a
line or a `,` and before a formula's first character (not another `"`) can only open a
field; the only `;` in the text are inside text fields (numbers hold none); and csv
itself writes no control character but its line ends (CR LF, which stay). In UTF-8
every character the neutralizing looks at is one byte that stands for nothing else
(the bytes of an accented letter are all above 127), so the passes work on the bytes
the file receives: the UTF-8 encoding the file needs anyway, without a second pass over
the text to remove control characters the way a string's slower translate does.
"""

from __future__ import annotations

import codecs
import csv
import re
from collections.abc import Iterable
from decimal import Decimal
from typing import Any, BinaryIO, TextIO

from concom_desk.domain.spreadsheet_cells import ILLEGAL_CONTROL, printable_cell

# A piece after a semicolon that a spreadsheet would read as a formula.
_AFTER_SEMICOLON = re.compile(r"(;[ ]*)(?=[=+\-@\t\r])")
_AFTER_SEMICOLON_BYTES = re.compile(rb"(;[ ]*)(?=[=+\-@\t\r])")
# A quote before a formula's first character (spreadsheet_cells' triggers): a text
# field that starts as a formula does, when the quote opens it (at the text's start,
# or after a `,` or a line's end; inside a field a quote is doubled). A quote before
# the CR LF that ends a line mostly closes its field (a line ends every row): that one
# is taken only after a `,` or a line's end, in the search itself, not a Python step
# for each row (and then only where it opens a field, neutralized_csv_bytes).
_MAYBE_FORMULA = re.compile(rb'"(?:[=+\-@\t]|\r(?!\n)|\r\n(?<=[,\n]"\r\n))')
_CONTROL_BYTES = bytes(code for code in range(32) if ILLEGAL_CONTROL.match(chr(code)))


def csv_text(text: str) -> str:
    """Text as it may stand in a CSV field: no formula at its start or after a `;`."""
    cell = printable_cell(text)
    return _AFTER_SEMICOLON.sub(r"\1'", cell) if ";" in cell else cell


def neutralized_csv_bytes(written: bytes) -> bytes:
    """CSV as csv.writer (QUOTE_NONNUMERIC) wrote it, in UTF-8, with every text field
    as `csv_text` makes it: control characters removed, then a quote before a formula
    at a field's start and after a `;` inside it."""
    written = written.translate(None, _CONTROL_BYTES)
    opening = [found.start() + 1 for found in _MAYBE_FORMULA.finditer(written)]
    if written.startswith(b'"\r\n'):
        opening.insert(0, 1)
    pieces, done = [], 0
    for opens in opening:
        if opens == 1 or written[opens - 2] in b",\n":
            # Before CR LF the quote may close a text ending in `,` or a line end (the
            # row's last field): it opens one only after an even count of quotes from
            # the batch's start (which starts a row), outside every field.
            if written.startswith(b"\r\n", opens) and written.count(b'"', 0, opens - 1) % 2:
                continue
            pieces += (written[done:opens], b"'")
            done = opens
    if pieces:
        written = b"".join(pieces) + written[done:]
    return _AFTER_SEMICOLON_BYTES.sub(rb"\1'", written) if b";" in written else written


def _field(value: Any) -> Any:
    """A value as csv.writer is given it: text and numbers as they are (the text is
    neutralized in the written batch), nothing as empty text, anything else (a date,
    a yes/no) as its text, quoted."""
    kind = type(value)
    if kind is str or value is None:
        return value
    if kind is not bool and isinstance(value, int | float | Decimal):
        return value
    return str(value)


class _Lines:
    """Where csv.writer puts a batch's lines: a list, joined once per batch (a StringIO
    emptied after each batch copies every line into a wider buffer and back)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.write = self.lines.append

    def taken(self) -> str:
        text = "".join(self.lines)
        self.lines.clear()
        return text


class PublicCsvWriter:
    """csv.writer for a file that leaves the program (open the handle with
    newline="" and encoding "utf-8-sig": without the byte-order mark Excel reads the
    file as Windows-1252 and mangles every accented name). Each call writes its rows
    to the handle, neutralized."""

    def __init__(self, handle: TextIO) -> None:
        self._handle = handle
        self._lines = _Lines()
        self._writer = csv.writer(self._lines, quoting=csv.QUOTE_NONNUMERIC)
        self._started = False

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([_field(value) for value in row])
        self._write_batch()

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        self._writer.writerows([_field(value) for value in row] for row in rows)
        self._write_batch()

    def write_cells(self, rows: Iterable[Iterable[str | int | float | Decimal | None]]
                    ) -> None:
        """Rows whose values are already text, numbers or nothing (the records
        export's cells): handed to csv.writer as they are, no call per field."""
        self._writer.writerows(rows)
        self._write_batch()

    def _write_batch(self) -> None:
        written = neutralized_csv_bytes(self._lines.taken().encode("utf-8"))
        # A file's bytes go to it as they are, past its text layer (which would decode
        # and encode them again); the first write goes through it, for its byte-order
        # mark. Anything else (a StringIO) is written the text.
        raw = _utf8_bytes_of(self._handle) if self._started else None
        self._started = self._started or bool(written)
        if raw is None:
            self._handle.write(written.decode("utf-8"))
        else:
            self._handle.flush()
            raw.write(written)


def _utf8_bytes_of(handle: TextIO) -> BinaryIO | None:
    """The byte stream under a text file that writes UTF-8 as it is given (no newline
    translation), or None."""
    raw = getattr(handle, "buffer", None)
    encoding = getattr(handle, "encoding", None)
    if raw is None or encoding is None or codecs.lookup(encoding).name not in (
            "utf-8", "utf-8-sig"):
        return None
    return raw  # type: ignore[no-any-return]
