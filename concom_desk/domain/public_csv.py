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
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from decimal import Decimal
from typing import Any, TextIO

from concom_desk.domain.spreadsheet_cells import printable_cell

# A piece after a semicolon that a spreadsheet would read as a formula.
_AFTER_SEMICOLON = re.compile(r"(;[ ]*)(?=[=+\-@\t\r])")


def csv_text(text: str) -> str:
    """Text as it may stand in a CSV field: no formula at its start or after a `;`."""
    cell = printable_cell(text)
    return _AFTER_SEMICOLON.sub(r"\1'", cell) if ";" in cell else cell


def _field(value: Any) -> Any:
    kind = type(value)
    if kind is str:  # most fields: tested first, by type alone
        return csv_text(value)
    if value is None:
        return ""
    if kind is not bool and isinstance(value, int | float | Decimal):
        return value
    return csv_text(str(value))


class PublicCsvWriter:
    """csv.writer for a file that leaves the program (open the handle with
    newline="" and encoding "utf-8-sig": without the byte-order mark Excel reads the
    file as Windows-1252 and mangles every accented name)."""

    def __init__(self, handle: TextIO) -> None:
        self._writer = csv.writer(handle, quoting=csv.QUOTE_NONNUMERIC)

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([_field(value) for value in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)
