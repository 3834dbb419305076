"""Opening the assessor's list, CSV or Excel workbook, as an `AssessorSheet`.

Workbooks are read with openpyxl in read-only mode twice: once for the values
Excel cached (so a formula's result comes through, never its text) and once
for the formulas, so that a formula Excel never computed is recognized and
rejected instead of read as an empty cell.

Nothing is parsed beyond what an abutter list can be: a town's largest list
is a few thousand owners in a few dozen columns, so the file, its rows and
columns, and, for a workbook, what its zip says it unpacks to are each held
to a budget with room to spare, checked before the parser starts (the zip's
declared sizes are what the unpacking is held to, so a zip bomb is refused
unopened). A workbook's XML may not declare entities (Excel never does; it is
how XXE and "billion laughs" attacks begin), and links to other workbooks are
not followed.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import ParseError
from zipfile import BadZipFile

from concom_desk.domain.abutters.sheet import (
    AssessorSheet,
    Cell,
    Formula,
    read_csv_bytes,
    sheet_from_rows,
)
from concom_desk.domain.input_files import megabytes, read_limited
from concom_desk.errors import UserError

XLSX_SUFFIXES = {".xlsx", ".xlsm"}
MAX_FILE_BYTES = 25 * 1024 * 1024
MAX_UNPACKED_BYTES = 200 * 1024 * 1024  # what the workbook's zip says it holds
MAX_PARTS = 2_000
MAX_ROWS = 20_000
MAX_COLUMNS = 200
WHAT = "an assessor's abutter list"


def read_assessor_sheet(path: Path) -> AssessorSheet:
    suffix = path.suffix.lower()
    if suffix == ".xls":
        raise UserError(f"{path.name}: this is an old Excel 97–2003 file; open it in Excel "
                        "and save it as .xlsx or CSV, then import that")
    data = read_limited(path, WHAT, MAX_FILE_BYTES)
    if suffix in XLSX_SUFFIXES or data[:4] == b"PK\x03\x04":
        return read_xlsx_bytes(data, path.name)
    return within_limits(read_csv_bytes(data, path.name))


def within_limits(sheet: AssessorSheet) -> AssessorSheet:
    if len(sheet.rows) > MAX_ROWS:
        raise UserError(f"{sheet.source}: {len(sheet.rows):,} rows, more than an abutter list "
                        f"has ({MAX_ROWS:,}); check it is the right file")
    if len(sheet.header) > MAX_COLUMNS:
        raise UserError(f"{sheet.source}: {len(sheet.header):,} columns, more than an abutter "
                        f"list has ({MAX_COLUMNS}); check it is the right file")
    return sheet


def check_workbook_package(data: bytes, source: str) -> None:
    """Refuse, before openpyxl opens it, a workbook whose zip would unpack to far more
    than a list, or whose XML declares entities."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            infos = archive.infolist()
            if len(infos) > MAX_PARTS:
                raise UserError(f"{source}: the workbook holds {len(infos):,} parts, far more "
                                "than a list; check it is the right file")
            unpacked = sum(info.file_size for info in infos)
            if unpacked > MAX_UNPACKED_BYTES:
                raise UserError(f"{source}: the workbook unpacks to {megabytes(unpacked)}, "
                                f"far more than an abutter list ({megabytes(MAX_UNPACKED_BYTES)}"
                                "); it is not opened")
            for info in infos:
                if info.filename.lower().endswith((".xml", ".rels")) and \
                        _declares_entities(archive.read(info)):
                    raise UserError(f"{source}: the workbook's {info.filename} declares XML "
                                    "entities, which Excel never writes; it is not opened "
                                    "(save the list again from Excel)")
    except (BadZipFile, OSError, RuntimeError, NotImplementedError, EOFError) as exc:
        raise UserError(f"{source}: not a readable Excel workbook ({exc})") from None


def _declares_entities(xml: bytes) -> bool:
    for needle in (b"<!DOCTYPE", b"<!ENTITY"):
        if needle in xml or needle.decode().encode("utf-16-le") in xml or \
                needle.decode().encode("utf-16-be") in xml:
            return True
    return False


def read_xlsx_bytes(data: bytes, source: str) -> AssessorSheet:
    """A workbook, whatever its file is named (a workbook saved as "list.csv" happens)."""
    import openpyxl
    from lxml.etree import LxmlError
    from openpyxl.utils.exceptions import InvalidFileException

    check_workbook_package(data, source)
    unreadable = (BadZipFile, InvalidFileException, KeyError, OSError, ValueError, TypeError,
                  IndexError, AttributeError, ParseError, LxmlError, UnicodeError)
    try:
        # keep_links=False: a link to another workbook is neither read nor kept.
        values_book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True,
                                             keep_links=False)
        formula_book = openpyxl.load_workbook(io.BytesIO(data), read_only=True,
                                              data_only=False, keep_links=False)
    except unreadable as exc:
        raise UserError(f"{source}: not a readable Excel workbook ({_first_line(exc)})"
                        ) from None
    try:
        if not values_book.worksheets:
            raise UserError(f"{source}: the workbook has no sheets")
        values_sheet = values_book.worksheets[0]
        formula_sheet = formula_book.worksheets[0]
        # The size a sheet claims (its "dimension") is not believed: every row would be
        # padded to it, and A1:XFD1048576 is seventeen billion cells.
        values_sheet.reset_dimensions()
        formula_sheet.reset_dimensions()
        numbered: list[tuple[int, tuple[Cell, ...]]] = []
        rows = zip(values_sheet.iter_rows(values_only=True),
                   formula_sheet.iter_rows(values_only=True), strict=False)
        for number, (values, formulas) in enumerate(rows, start=1):
            if number > MAX_ROWS + 50:
                raise UserError(f"{source}: more than {MAX_ROWS:,} rows, more than an "
                                "abutter list has; check it is the right file")
            if len(values) > MAX_COLUMNS or len(formulas) > MAX_COLUMNS:
                raise UserError(f"{source}: row {number} reaches column "
                                f"{max(len(values), len(formulas)):,}, more than an abutter "
                                f"list has ({MAX_COLUMNS}); check it is the right file")
            numbered.append((number, tuple(
                _merge(v, f) for v, f in zip(values, formulas, strict=False))))
    except unreadable as exc:
        raise UserError(f"{source}: not a readable Excel workbook ({_first_line(exc)})"
                        ) from None
    finally:
        values_book.close()
        formula_book.close()
    return within_limits(sheet_from_rows(numbered, source))


def _first_line(exc: BaseException) -> str:
    return (str(exc).splitlines() or [type(exc).__name__])[0][:160]


def _merge(value: Any, formula: Any) -> Cell:
    """The cached value; a formula with no cached value is kept as a Formula."""
    if value is None and isinstance(formula, str) and formula.startswith("="):
        return Formula(formula)
    return value  # type: ignore[no-any-return]
