"""The assessor's list as rows of cells, whatever Excel did to it.

The workbook itself is opened by `concom_desk.services.abutters.assessor_files`
(openpyxl stays out of the domain); here are the CSV text, the header and the
rows. CSV files come in UTF-8, UTF-8 with a byte-order mark (Excel's "CSV UTF-8"),
UTF-16 ("Unicode text") or Windows-1252 (Excel's plain "CSV"), separated by
commas, semicolons (Excel in a European locale) or tabs. A formula Excel never
computed is kept as a `Formula` so that it is rejected instead of printed. Title rows above the
header ("Certified Abutters List – 12 Main St") and blank rows are skipped.
Row numbers are the ones the clerk sees in Excel.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, time

from concom_desk.domain.abutters.columns import header_score
from concom_desk.domain.plain_text import without_control_characters
from concom_desk.errors import UserError

# How far down a title block may push the header.
HEADER_SEARCH_ROWS = 25


@dataclass(frozen=True)
class Formula:
    """A formula cell with no computed value (never to be printed as text)."""

    text: str


Cell = str | int | float | date | datetime | time | Formula | None


@dataclass(frozen=True)
class SheetRow:
    number: int  # as shown in Excel (1-based, counting title and blank rows)
    cells: tuple[Cell, ...]

    def cell(self, column: int | None) -> Cell:
        if column is None or column >= len(self.cells):
            return None
        return self.cells[column]


@dataclass(frozen=True)
class AssessorSheet:
    source: str  # file name, for messages
    header: tuple[str, ...]
    header_row: int
    rows: tuple[SheetRow, ...]  # data rows below the header, blank rows left out
    encoding: str = ""  # for CSV: what the file turned out to be
    delimiter: str = ""


def is_blank(cell: Cell) -> bool:
    return cell is None or (isinstance(cell, str) and not cell.strip())


def decode_text(data: bytes, source: str = "the file") -> tuple[str, str]:
    """The text of a CSV file and the encoding it was in.

    UTF-8 is tried before Windows-1252: cp1252 accepts almost any bytes, so
    trying it first would turn every UTF-8 "é" into "Ã©".
    """
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace"), "utf-8-sig"
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16"), "utf-16"
        except UnicodeDecodeError as exc:
            # an odd number of bytes, or half of a character pair: a damaged export
            raise UserError(f"{source}: it says it is UTF-16 text but is damaged at byte "
                            f"{exc.start:,} ({exc.reason}); export the list again from "
                            "Excel as CSV UTF-8 or XLSX") from None
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        # The five bytes cp1252 leaves undefined: latin-1 maps every byte.
        return data.decode("latin-1"), "latin-1"


def sniff_delimiter(text: str) -> str:
    sample_lines = [line for line in text.splitlines()[:HEADER_SEARCH_ROWS + 20] if line.strip()]
    sample = "\n".join(sample_lines)
    try:
        return csv.Sniffer().sniff(sample, delimiters=",;\t|").delimiter
    except csv.Error:
        counts = {d: sample.count(d) for d in ",;\t|"}
        best = max(counts, key=lambda d: counts[d])
        return best if counts[best] else ","


def read_csv_bytes(data: bytes, source: str) -> AssessorSheet:
    if b"\x00" in data[:4096] and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise UserError(f"{source}: this is not a text (CSV) file; export the list from Excel "
                        "as CSV or XLSX")
    text, encoding = decode_text(data, source)
    if not text.strip():
        raise UserError(f"{source}: the file is empty")
    first_line = text.split("\n", 1)[0].strip()
    skip = 0
    if first_line.lower().startswith("sep=") and len(first_line) == 5:
        # Excel's own hint line: "sep=;" names the separator and is not a row.
        delimiter, skip = first_line[4], 1
    else:
        delimiter = sniff_delimiter(text)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        numbered = [(number, tuple(record)) for number, record in enumerate(reader, start=1)
                    if number > skip]
    except csv.Error as exc:
        raise UserError(f"{source}: cannot be read as CSV: {exc}") from None
    sheet = sheet_from_rows(numbered, source)
    return AssessorSheet(sheet.source, sheet.header, sheet.header_row, sheet.rows,
                         encoding=encoding, delimiter=delimiter)


def sheet_from_rows(numbered: Sequence[tuple[int, tuple[Cell, ...]]], source: str
                  ) -> AssessorSheet:
    numbered = [(n, tuple(without_control_characters(c) if isinstance(c, str) else c
                          for c in cells)) for n, cells in numbered]
    filled = [(n, cells) for n, cells in numbered if not all(is_blank(c) for c in cells)]
    if not filled:
        raise UserError(f"{source}: the list has no rows")
    header_at = _find_header(filled[:HEADER_SEARCH_ROWS])
    header_number, header_cells = filled[header_at]
    named = list(header_cells)
    while named and is_blank(named[-1]):
        named.pop()
    header = tuple(_header_text(c, i) for i, c in enumerate(named))
    rows = tuple(SheetRow(n, cells) for n, cells in filled[header_at + 1:])
    if not rows:
        raise UserError(f"{source}: there are no rows under the header (row {header_number})")
    return AssessorSheet(source, header, header_number, rows)


def _find_header(candidates: Sequence[tuple[int, tuple[Cell, ...]]]) -> int:
    """The header row: the first row naming known columns, else the first row as
    wide as the table (a title row has one or two cells filled)."""
    texts = [[c if isinstance(c, str) else "" for c in cells] for _, cells in candidates]
    scores = [header_score(t) for t in texts]
    best = max(scores)
    if best >= 2:
        return scores.index(best)
    widths = [sum(1 for c in cells if not is_blank(c)) for _, cells in candidates]
    widest = max(widths)
    return next(i for i, w in enumerate(widths) if w >= max(2, widest - 1) or w == widest)


def _header_text(cell: Cell, index: int) -> str:
    text = "" if cell is None else str(cell).strip()
    return " ".join(text.split()) or f"Column {index + 1}"
