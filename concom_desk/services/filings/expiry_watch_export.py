"""The expiry watch as an Excel workbook, for the commission's packet: one sheet, the
rows as the window shows them, dates as dates. Written beside the target first and
moved into place, so a failed write never leaves half a file."""

from __future__ import annotations

import os
from pathlib import Path

from concom_desk.domain.spreadsheet_cells import printable_cell
from concom_desk.errors import OperationFailed, UserError
from concom_desk.services.filings.expiry_watch import SECTIONS, ExpiryWatch

HEADERS = ("Act by", "List", "File no.", "Kind", "Address", "Permit holder", "What",
           "Expires (in force)", "How the expiry was reached", "Issued")
WIDTHS = (12, 34, 12, 10, 28, 28, 60, 14, 60, 12)


def write_watch_xlsx(watch: ExpiryWatch, target: Path) -> Path:
    from openpyxl import Workbook
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    target = Path(target)
    if target.suffix.lower() != ".xlsx":
        target = target.with_suffix(".xlsx")
    if not target.parent.is_dir():
        raise UserError(f"the folder {target.parent} does not exist")
    book = Workbook()
    sheet = book.active
    sheet.title = "Expiry watch"
    sheet.append([f"Expiry watch, {watch.today.isoformat()}: {watch.summary()}"])
    sheet["A1"].font = Font(bold=True)
    sheet.append(list(HEADERS))
    for cell in sheet[2]:
        cell.font = Font(bold=True)
    for row in watch.rows:
        sheet.append([row.act_by, SECTIONS[row.section], printable_cell(row.file_no),
                      row.kind.upper(), printable_cell(row.address),
                      printable_cell(row.holder), printable_cell(row.what), row.expires,
                      printable_cell(row.why), row.issued])
    for index, width in enumerate(WIDTHS, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = width
    for column in ("A", "H", "J"):
        for cell in sheet[column][2:]:
            cell.number_format = "yyyy-mm-dd"
    sheet.freeze_panes = "A3"
    staging = target.with_name(f".{target.stem}.partial.xlsx")
    try:
        book.save(staging)
        os.replace(staging, target)
    except OSError as exc:
        staging.unlink(missing_ok=True)
        raise OperationFailed(f"could not write {target.name}: {exc.strerror or exc}") from None
    return target
