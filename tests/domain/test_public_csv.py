"""The CSV's text neutralized a batch at a time is the text neutralized field by field:
every value (hostile or not, at any place in a row) comes out of the file as
`csv_text` makes it, numbers as numbers."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from itertools import product

from concom_desk.domain.public_csv import PublicCsvWriter, csv_text

TEXTS = [
    "=1+1", "+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "plain", "", "O'Brien, Anne-Marie",
    'say "=hi"', '"=quoted"', 'a,"=b', "a\n=b", 'a\n"=b', "Smith;=cmd", "Smith;  -2",
    "x;\"=y", "\r\nline", "\r\n=1", "\x01=cmd", "bell\x07;=x", "line\x0b two",
    '{"a":"-1","b":-1}', ";", "'=x", "wet meadow,", "bank\n",
]
NUMBERS = [12, -5, -2.5, Decimal("-125.00"), None]


def _read(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_every_field_reads_as_csv_text_makes_it_wherever_it_stands() -> None:
    rows = [[first, second, third] for first, second, third in product(
        TEXTS, TEXTS[:8] + NUMBERS, [*NUMBERS[:2], *TEXTS[-6:]])]
    handle = io.StringIO()
    PublicCsvWriter(handle).write_cells(rows)
    expected = [["" if value is None else csv_text(value) if isinstance(value, str)
                 else str(value) for value in row] for row in rows]
    assert _read(handle.getvalue()) == expected


def test_numbers_stay_unquoted_and_text_quoted() -> None:
    handle = io.StringIO()
    PublicCsvWriter(handle).write_cells([["-1", -1, Decimal("-1.50"), None, "=x"]])
    assert handle.getvalue() == '"\'-1",-1,-1.50,"","\'=x"\r\n'
