"""Writing the plain-words tables as one Excel workbook or one CSV file per table.

Each file is written under a temporary name and renamed when complete, so a
full disk or a crash never leaves a truncated export that looks finished.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from decimal import Decimal
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from concom_desk import clock
from concom_desk.domain.public_csv import PublicCsvWriter
from concom_desk.domain.spreadsheet_cells import sheet_title
from concom_desk.errors import UserError
from concom_desk.store.db_identity import require_concom_database
from concom_desk.store.disk import plain_os_error, sweep_leftovers
from concom_desk.store.public_records_export import (
    Cell,
    TableView,
    record_snapshot,
    table_names,
    table_views,
)
from concom_desk.store.restore_staging import RestoreStaging

if TYPE_CHECKING:
    from concom_desk.store.database import Database

FORMATS = ("xlsx", "csv")
STAGING_PREFIX = ".concom-export-"
XLSX_CELL_LIMIT = 32_767  # Excel refuses longer text in one cell
XLSX_MAX_ROWS = 1_048_576  # rows in one Excel sheet, header included
_MIN_WIDTH, _MAX_WIDTH = 8, 60
REPORT_EVERY = 5_000  # rows between two progress reports (a tenth of a second or so)

# (percent done, what is being written): the window's progress bar. It may raise to
# stop the export (the clerk pressed Cancel); nothing half-written is left behind.
Report = Callable[[int, str], None]


class Tally:
    """How far the export has got, in rows of the whole record, told to `report`."""

    def __init__(self, conn: sqlite3.Connection, report: Report | None) -> None:
        self.report = report
        self.done = 0
        self.total = 1
        if report is not None:
            self.total = max(1, sum(
                conn.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0]
                for name in table_names(conn)))

    def chunks(self, table: TableView) -> Iterator[list[list[Cell]]]:
        """The table's rows a few thousand at a time, reporting after each batch."""
        rows = iter(table.rows)
        while batch := list(islice(rows, REPORT_EVERY)):
            yield batch
            self.done += len(batch)
            if self.report is not None:
                self.report(min(99, 100 * self.done // self.total),
                            f"Writing {table.title} ({self.done:,} of {self.total:,} rows)…")


def _column_widths(table: TableView) -> list[float]:
    """Widths that fit the header and most values, from the first rows (a 60,000-row
    table need not be measured to the end)."""
    widths = [len(h) for h in table.headers]
    for row in table.sample:
        for i, value in enumerate(row):
            if value is not None:
                longest_line = max(len(part) for part in str(value).split("\n"))
                widths[i] = max(widths[i], longest_line)
    return [min(max(w + 2, _MIN_WIDTH), _MAX_WIDTH) for w in widths]


def _may_hold_overlong_text(conn: Any) -> bool:
    """Whether any stored value comes near Excel's cell limit (one scan per table, in
    SQLite): only then is each row of the workbook measured before it is written, the
    only per-cell work the export would add to openpyxl's own. Near, not over: a
    link's label or the quote that neutralizes a formula lengthens a value a little.
    On a server the rows are always measured."""
    if not isinstance(conn, sqlite3.Connection):
        return True
    near = XLSX_CELL_LIMIT - 1_000
    for name in table_names(conn):
        quoted = name.replace('"', '""')
        columns = [row[1].replace('"', '""')
                   for row in conn.execute(f'PRAGMA table_info("{quoted}")')]
        if not columns:
            continue
        longer = " OR ".join(f'length("{column}") > {near}' for column in columns)
        if conn.execute(f'SELECT 1 FROM "{quoted}" WHERE {longer} LIMIT 1').fetchone():
            return True
    return False


def _write_xlsx(tables: Iterable[TableView], target: Path, tally: Tally,
                measure_rows: bool = True) -> None:
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    book = Workbook(write_only=True)
    taken: set[str] = set()
    bold = Font(bold=True)

    def new_sheet(table: TableView) -> Any:
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
        return sheet

    try:
        _fill_sheets(tables, tally, new_sheet, measure_rows)
    except BaseException:
        _abandon(book)
        raise
    book.save(target)


def _abandon(book: Any) -> None:
    """Close the sheets of a workbook not to be saved (the clerk pressed Cancel) and
    delete the rows openpyxl had spooled to the system's temporary folder: left to
    the garbage collector, its half-written sheets complain on the console, and the
    copies of the records would stay on disk until the program ended."""
    for sheet in book.worksheets:
        with contextlib.suppress(Exception):  # already closed: nothing to end
            sheet.close()  # ends its rows the way a save would
        writer = getattr(sheet, "_writer", None)
        if writer is not None and Path(writer.out).exists():
            writer.cleanup()


def _fill_sheets(tables: Iterable[TableView], tally: Tally,
                 new_sheet: Callable[[TableView], Any], measure_rows: bool) -> None:
    for table in tables:
        sheet, count = new_sheet(table), 1
        # Only the money columns need a cell object of their own (their number format);
        # every other value goes to openpyxl as it is, unless too long for one cell.
        money = [i for i, header in enumerate(table.headers) if header.endswith(" ($)")]
        for batch in tally.chunks(table):
            for row in batch:
                if count == XLSX_MAX_ROWS:  # Excel's limit: the table goes on in another sheet
                    sheet, count = new_sheet(table), 1
                if money:  # rows may be tuples, as read
                    row = list(row)
                    for i in money:
                        row[i] = _fit_cell(sheet, row[i])
                if measure_rows and max(map(_text_length, row), default=0) > XLSX_CELL_LIMIT:
                    row = [_fit_cell(sheet, v) for v in row]
                sheet.append(row)
                count += 1


def _text_length(value: Cell) -> int:
    return len(value) if type(value) is str else 0


def _fit_cell(sheet: Any, value: Cell) -> Any:
    if isinstance(value, Decimal):  # money: shown with cents, still a number to add up
        from openpyxl.cell import WriteOnlyCell

        cell = WriteOnlyCell(sheet, value=value)
        cell.number_format = "#,##0.00"
        return cell
    if isinstance(value, str) and len(value) > XLSX_CELL_LIMIT:
        return value[: XLSX_CELL_LIMIT - 40] + " … (cut: too long for one Excel cell)"
    return value


def _write_csv(table: TableView, target: Path, tally: Tally) -> None:
    # UTF-8 with a byte-order mark: without it Excel reads the file as Windows-1252
    # and mangles every accented name.
    with open(target, "w", encoding="utf-8-sig", newline="") as handle:
        writer = PublicCsvWriter(handle)
        writer.writerow(table.headers)
        for batch in tally.chunks(table):
            writer.write_cells(batch)
        handle.flush()
        os.fsync(handle.fileno())


def _write_all(conn: Any, fmt: str, staging: Path, out_dir: Path, stem: str,
               tally: Tally) -> list[tuple[Path, Path]]:
    """Write every table under `staging`; (temporary, final) path pairs."""
    if fmt == "xlsx":
        name = f"{stem} records {clock.today().isoformat()}.xlsx"
        _write_xlsx(table_views(conn), staging / name, tally, _may_hold_overlong_text(conn))
        return [(staging / name, out_dir / name)]
    # The CSV writer neutralizes the text it writes a batch at a time (public_csv).
    tables = table_views(conn, neutralized=False)
    taken: set[str] = set()
    finished = []
    for table in tables:
        name = sheet_title(table.name, taken) + ".csv"
        _write_csv(table, staging / name, tally)
        finished.append((staging / name, out_dir / name))
    return finished


def export(db_path: Path, fmt: str, out_dir: Path, report: Report | None = None
           ) -> list[Path]:
    """Export every table of the database to `out_dir`; the files written. `report`
    hears how far it got, every few thousand rows; whatever it raises stops the export
    with nothing left in `out_dir`."""
    db_path, out_dir = Path(db_path), Path(out_dir)
    _check_request(fmt, out_dir)
    require_concom_database(db_path)
    return _export(lambda: record_snapshot(db_path), db_path.stem, fmt, out_dir, report)


def export_records(database: Database, fmt: str, out_dir: Path,
                   report: Report | None = None) -> list[Path]:
    """`export` of open records: a file's, or a server's (its files named after the
    server's database, read in one snapshot while other desks go on saving)."""
    if not getattr(database, "is_server", False):
        return export(database.path, fmt, out_dir, report)
    from concom_desk.store.public_records_export import server_snapshot

    out_dir = Path(out_dir)
    _check_request(fmt, out_dir)
    return _export(lambda: server_snapshot(database),  # type: ignore[arg-type]
                   database.address.database, fmt, out_dir, report)  # type: ignore[attr-defined]


def _check_request(fmt: str, out_dir: Path) -> None:
    if fmt not in FORMATS:
        raise UserError(f"unknown export format {fmt!r}; choose xlsx or csv")
    if out_dir.exists() and not out_dir.is_dir():
        raise UserError(f"{out_dir} is a file; give a folder for the export")


def _export(snapshot: Callable[[], contextlib.AbstractContextManager[Any]], stem: str,
            fmt: str, out_dir: Path, report: Report | None) -> list[Path]:
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        sweep_leftovers(out_dir, STAGING_PREFIX)
        # claimed, so that an export into the same folder from another window or desk
        # never sweeps this one's files while they are written
        staging_claim = RestoreStaging(out_dir, STAGING_PREFIX)
    except OSError as exc:
        raise plain_os_error(exc, "write the export", out_dir) from None
    written: list[Path] = []
    with staging_claim as staging:
        _write_in_place(snapshot, stem, fmt, out_dir, report, staging, written)
    return written


def _write_in_place(snapshot: Callable[[], contextlib.AbstractContextManager[Any]],
                    stem: str, fmt: str, out_dir: Path, report: Report | None,
                    staging: Path, written: list[Path]) -> None:
    try:
        with snapshot() as conn:
            tally = Tally(conn, report)
            finished = _write_all(conn, fmt, staging, out_dir, stem, tally)
            if report is not None:
                report(99, "Putting the files in place…")
        for temporary, final in finished:
            temporary.replace(final)
            written.append(final)
    except OSError as exc:
        raise plain_os_error(exc, "write the export", out_dir) from None
