"""Shared makings for the abutter tests: a commission with one filing, and assessor
lists written the way Excel and assessing software write them."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from datetime import date
from pathlib import Path

from sqlalchemy import func, select

from concom_desk.store import Database
from concom_desk.store.models import (
    Abutter,
    AbutterNotice,
    CommissionSettings,
    Filing,
    Hearing,
    Meeting,
    Member,
    Party,
    Property,
)

HEADER = ("Parcel", "Location", "Owner", "Mailing Address", "City", "State", "Zip")


def add_filing(db: Database, *, owner_is_applicant: bool = False, town: str = "massachusetts",
               file_no: str = "2026-014", with_hearing: bool = True) -> int:
    with db.session() as s:
        if s.scalar(select(func.count()).select_from(CommissionSettings)) == 0:
            s.add(CommissionSettings(name="Upton Conservation Commission", town=town,
                                     address="Upton Town Hall\n1 Main Street\nUpton, MA 01568",
                                     phone="(508) 529-1008", meeting_place="Town Hall",
                                     clerk_initials="JP"))
            s.add_all([
                Member(name="Margaret Hale", role="chair", term_start=date(2024, 7, 1)),
                Member(name="Thomas Brennan", term_start=date(2024, 7, 1)),
                Member(name="Alice Wu", term_start=date(2024, 7, 1)),
            ])
        applicant = Party(name="Jane Doe", address_line1="12 Pond Street", city="Upton",
                          state="MA", zip="01568")
        owner = applicant if owner_is_applicant else Party(
            name="Pond Realty Trust", kind="trust", care_of="R. Smith, Trustee",
            address_line1="PO Box 9", city="Worcester", state="MA", zip="01601")
        lot = Property(address="12 Pond Street", map="12", lot="34")
        filing = Filing(file_no=file_no, kind="noi", town=town, status="received",
                        applicant=applicant, owner=owner, property=lot,
                        work_description="Build a deck within the buffer zone",
                        resource_areas="Bordering Vegetated Wetland",
                        received=date(2026, 6, 1))
        s.add(filing)
        s.flush()
        if with_hearing:
            meeting = Meeting(held_on=date(2026, 6, 16), start_time="19:00",
                              place="Upton Town Hall, Room 2")
            s.add(meeting)
            s.flush()
            s.add(Hearing(filing_id=filing.id, meeting_id=meeting.id))
        return filing.id


def abutter_count(db: Database, filing_id: int | None = None) -> int:
    with db.read_session() as s:
        query = select(func.count()).select_from(Abutter)
        if filing_id is not None:
            query = query.where(Abutter.filing_id == filing_id)
        return s.scalar(query) or 0


def notice_count(db: Database) -> int:
    with db.read_session() as s:
        return s.scalar(select(func.count()).select_from(AbutterNotice)) or 0


def csv_bytes(rows: Sequence[Sequence[object]], header: Sequence[str] = HEADER,
              delimiter: str = ",", encoding: str = "utf-8") -> bytes:
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue().encode(encoding)


def write_csv(path: Path, rows: Sequence[Sequence[object]], **options: object) -> Path:
    path.write_bytes(csv_bytes(rows, **options))  # type: ignore[arg-type]
    return path


GOOD_ROWS: tuple[tuple[str, ...], ...] = (
    ("12-33", "10 POND ST", "SMITH ROBERT", "3 ELM ST", "UPTON", "MA", "01568"),
    ("12-35", "14 POND ST", "GREENWAY LAND TRUST INC", "PO BOX 9", "HOPEDALE", "MA", "01747"),
    ("12-36", "16 POND ST", "GREENWAY LAND TRUST INC", "P.O. BOX 9", "HOPEDALE", "MA", "01747"),
    ("13-1", "1 MILL RD", "O'BRIEN JOHN & MARY", "1 MILL RD", "UPTON", "MA", "01568"),
)


def write_xlsx(path: Path, rows: Sequence[Sequence[object]], header: Sequence[str] = HEADER,
               title_rows: Sequence[str] = (), blank_rows_after: Sequence[int] = (),
               cached: dict[str, str] | None = None) -> Path:
    """A workbook as an assessor's office saves one. `cached` gives formula cells
    (by reference, e.g. "C3") the value Excel would have stored beside the formula."""
    import re
    import zipfile

    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    for title in title_rows:
        sheet.append([title])
    if title_rows:
        sheet.append([])
    sheet.append(list(header))
    for index, row in enumerate(rows):
        sheet.append(list(row))
        if index in blank_rows_after:
            sheet.append([])
    book.save(str(path))
    if cached:
        # openpyxl writes no cached value for a formula; Excel does: add it.
        with zipfile.ZipFile(path) as source:
            parts = {name: source.read(name) for name in source.namelist()}
        xml = parts["xl/worksheets/sheet1.xml"].decode("utf-8")
        for ref, value in cached.items():
            xml = re.sub(rf'<c r="{ref}"([^>]*)><f>(.*?)</f><v\s*/?>(</v>)?',
                         rf'<c r="{ref}" t="str"><f>\2</f><v>{value}</v>', xml)
        parts["xl/worksheets/sheet1.xml"] = xml.encode("utf-8")
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
            for name, data in parts.items():
                target.writestr(name, data)
    return path
