"""Opening the assessor's list, CSV or Excel workbook, as an `AssessorSheet`.

Workbooks are read with openpyxl in read-only mode twice: once for the values
Excel cached (so a formula's result comes through, never its text) and once
for the formulas, so that a formula Excel never computed is recognized and
rejected instead of read as an empty cell.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any
from zipfile import BadZipFile

from concom_desk.domain.abutters.sheet import (
    AssessorSheet,
    Cell,
    Formula,
    read_csv_bytes,
    sheet_from_rows,
)
from concom_desk.errors import UserError

XLSX_SUFFIXES = {".xlsx", ".xlsm"}


def read_assessor_sheet(path: Path) -> AssessorSheet:
    suffix = path.suffix.lower()
    if suffix == ".xls":
        raise UserError(f"{path.name}: this is an old Excel 97–2003 file; open it in Excel "
                        "and save it as .xlsx or CSV, then import that")
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise UserError(f"{path}: no such file") from None
    except OSError as exc:
        raise UserError(f"{path.name}: cannot be read ({exc.strerror})") from None
    if suffix in XLSX_SUFFIXES or data[:4] == b"PK\x03\x04":
        return read_xlsx_bytes(data, path.name)
    return read_csv_bytes(data, path.name)


def read_xlsx_bytes(data: bytes, source: str) -> AssessorSheet:
    """A workbook, whatever its file is named (a workbook saved as "list.csv" happens)."""
    import openpyxl
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        values_book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        formula_book = openpyxl.load_workbook(io.BytesIO(data), read_only=True,
                                              data_only=False)
    except (BadZipFile, InvalidFileException, KeyError, OSError, ValueError) as exc:
        raise UserError(f"{source}: not a readable Excel workbook ({exc})") from None
    try:
        values_sheet = values_book.worksheets[0]
        formula_sheet = formula_book.worksheets[0]
        numbered: list[tuple[int, tuple[Cell, ...]]] = []
        rows = zip(values_sheet.iter_rows(values_only=True),
                   formula_sheet.iter_rows(values_only=True), strict=False)
        for number, (values, formulas) in enumerate(rows, start=1):
            numbered.append((number, tuple(
                _merge(v, f) for v, f in zip(values, formulas, strict=False))))
    finally:
        values_book.close()
        formula_book.close()
    return sheet_from_rows(numbered, source)


def _merge(value: Any, formula: Any) -> Cell:
    """The cached value; a formula with no cached value is kept as a Formula."""
    if value is None and isinstance(formula, str) and formula.startswith("="):
        return Formula(formula)
    return value  # type: ignore[no-any-return]
