"""Turning one spreadsheet cell into text, or saying why it cannot be used.

What Excel does to an assessor list: a column formatted as a date turns
"1-2 Main St" into 2-Jan and a number into a date; a formula that was never
computed, or one that broke (`#REF!`), sits where a name should be. None of
that may reach an envelope, so each is a reason to reject the row.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time

from concom_desk.domain.abutters.sheet import Cell, Formula

EXCEL_ERRORS = ("#REF!", "#N/A", "#VALUE!", "#NAME?", "#DIV/0!", "#NULL!", "#NUM!",
                "#SPILL!", "#CALC!", "#GETTING_DATA")

_MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
# Text that is a date Excel wrote back out: 1/2/2024, 2024-01-02, 2-Jan, Jan-02, 02-Jan-24.
_DATE_TEXT = re.compile(
    r"^(\d{1,2}/\d{1,2}/\d{2,4}"
    r"|\d{4}-\d{2}-\d{2}([ T]\d{1,2}:\d{2}(:\d{2})?)?"
    rf"|\d{{1,2}}[- ]({_MONTHS})([- ]\d{{2,4}})?"
    rf"|({_MONTHS})[- ]\d{{1,4}})$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class CellProblem:
    reason: str


def cell_text(cell: Cell, what: str) -> str | CellProblem:
    """Plain text of a cell meant to hold a name or an address part."""
    if cell is None:
        return ""
    if isinstance(cell, Formula):
        return CellProblem(f"{what} is a formula that Excel never computed ({cell.text})")
    if isinstance(cell, datetime | date | time):
        return CellProblem(f"{what} is a date ({_show_date(cell)}): the column was formatted "
                           "as a date in Excel")
    if isinstance(cell, bool):
        return CellProblem(f"{what} is TRUE/FALSE, not text")
    if isinstance(cell, float):
        return str(int(cell)) if cell.is_integer() else repr(cell)
    if isinstance(cell, int):
        return str(cell)
    text = " ".join(str(cell).replace("\u00a0", " ").split())
    return text_problem(text, what) or text


def text_problem(text: str, what: str) -> CellProblem | None:
    upper = text.upper()
    for error in EXCEL_ERRORS:
        if error in upper:
            return CellProblem(f"{what} holds the spreadsheet error {error}")
    if text.startswith("=") and len(text) > 1:
        return CellProblem(f"{what} is a formula ({text}), not a value")
    if _DATE_TEXT.match(text):
        return CellProblem(f"{what} is a date ({text}): Excel turned it into a date")
    return None


def _show_date(value: date | datetime | time) -> str:
    if isinstance(value, datetime):
        return value.date().isoformat() if value.time() == time() else value.isoformat(" ")
    return value.isoformat()
