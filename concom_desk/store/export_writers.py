"""Writing the plain-words tables as one Excel workbook or one CSV file per table.

Each file is written under a temporary name and renamed when complete, so a
full disk or a crash never leaves a truncated export that looks finished.
"""

from __future__ import annotations

import csv
import os
import shutil
import tempfile
from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from concom_desk.domain.spreadsheet_cells import sheet_title
from concom_desk.errors import UserError
from concom_desk.store.disk_errors import plain_os_error
from concom_desk.store.records_export import Cell, TableView, read_record

FORMATS = ("xlsx", "csv")
XLSX_CELL_LIMIT = 32_767  # Excel refuses longer text in one cell
_MIN_WIDTH, _MAX_WIDTH = 8, 60


def _column_widths(table: TableView, sample: int = 2000) -> list[float]:
    """Widths that fit the header and most values, from the first rows (a 60,000-row
    table need not be measured to the end)."""
    widths = [len(h) for h in table.headers]
    for row in table.rows[:sample]:
        for i, value in enumerate(row):
            if value is not None:
                longest_line = max(len(part) for part in str(value).split("\n"))
                widths[i] = max(widths[i], longest_line)
    return [min(max(w + 2, _MIN_WIDTH), _MAX_WIDTH) for w in widths]


def _write_xlsx(tables: Sequence[TableView], target: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    book = Workbook(write_only=True)
    taken: set[str] = set()
    bold = Font(bold=True)
    for table in tables:
        sheet = book.create_sheet(sheet_title(table.name, taken))
        sheet.freeze_panes = "A2"
        for i, width in enumerate(_column_widths(table), start=1):
            sheet.column_dimensions[get_column_letter(i)].width = width
        header = []
        for text in table.headers:
            cell = WriteOnlyCell(sheet, value=text)
            cell.font = bold
            header.append(cell)
        sheet.append(header)
        for row in table.rows:
            sheet.append([_fit_cell(sheet, v) for v in row])
    book.save(target)


def _fit_cell(sheet: Any, value: Cell) -> Any:
    if isinstance(value, Decimal):  # money: shown with cents, still a number to add up
        from openpyxl.cell import WriteOnlyCell

        cell = WriteOnlyCell(sheet, value=value)
        cell.number_format = "#,##0.00"
        return cell
    if isinstance(value, str) and len(value) > XLSX_CELL_LIMIT:
        return value[: XLSX_CELL_LIMIT - 40] + " … (cut: too long for one Excel cell)"
    return value


def _write_csv(table: TableView, target: Path) -> None:
    # UTF-8 with a byte-order mark: without it Excel reads the file as Windows-1252
    # and mangles every accented name.
    with open(target, "w", encoding="utf-8-sig", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(table.headers)
        writer.writerows(table.rows)
        handle.flush()
        os.fsync(handle.fileno())


def export(db_path: Path, fmt: str, out_dir: Path) -> list[Path]:
    """Export every table of the database to `out_dir`; the files written."""
    db_path, out_dir = Path(db_path), Path(out_dir)
    if fmt not in FORMATS:
        raise UserError(f"unknown export format {fmt!r}; choose xlsx or csv")
    if out_dir.exists() and not out_dir.is_dir():
        raise UserError(f"{out_dir} is a file; give a folder for the export")
    tables = read_record(db_path)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".concom-export-", dir=out_dir))
    except OSError as exc:
        raise plain_os_error(exc, "write the export", out_dir) from None
    written: list[Path] = []
    try:
        if fmt == "xlsx":
            name = f"{db_path.stem} records {date.today().isoformat()}.xlsx"
            _write_xlsx(tables, staging / name)
            finished = [(staging / name, out_dir / name)]
        else:
            taken: set[str] = set()
            finished = []
            for table in tables:
                name = sheet_title(table.name, taken) + ".csv"
                _write_csv(table, staging / name)
                finished.append((staging / name, out_dir / name))
        for temporary, final in finished:
            temporary.replace(final)
            written.append(final)
    except OSError as exc:
        raise plain_os_error(exc, "write the export", out_dir) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return written
