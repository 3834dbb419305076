"""Checking each row of the assessor's list and turning it into an abutter record.

A row is accepted whole or rejected with every reason found, named by the row
number the clerk sees in Excel, so that she can fix the list or knowingly
skip those rows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from concom_desk.domain.abutters.addresses import (
    HOME_STATE,
    country_of,
    is_us_country,
    postal_lines,
    us_state_code,
)
from concom_desk.domain.abutters.cells import CellProblem, cell_text
from concom_desk.domain.abutters.columns import ColumnMapping
from concom_desk.domain.abutters.fields import AbutterField as F
from concom_desk.domain.abutters.sheet import AssessorSheet, Cell, SheetRow, is_blank
from concom_desk.domain.abutters.tidy import (
    split_care_of,
    tidy_address,
    tidy_city,
    tidy_name,
    tidy_spacing,
)
from concom_desk.domain.abutters.zip_codes import ZipProblem, is_massachusetts_zip, normalize_zip


@dataclass(frozen=True)
class AbutterRecord:
    """One accepted row: an owner of one parcel and where to mail them."""

    row: int
    owner_name: str
    care_of: str
    street_lines: tuple[str, ...]
    city: str
    state: str
    zip_code: str
    country: str  # "" for a US address, and for a foreign one whose country is not given
    parcel: str
    location: str
    foreign: bool = False

    @property
    def out_of_state(self) -> bool:
        return not self.foreign and self.state != HOME_STATE

    @property
    def parcel_label(self) -> str:
        """The parcel as letters name it: its map/lot (or ID), else its street address."""
        return self.parcel or self.location

    @property
    def address_lines(self) -> tuple[str, ...]:
        return postal_lines(self.street_lines, self.city, self.state, self.zip_code,
                            self.country, self.foreign)


@dataclass(frozen=True)
class RejectedRow:
    row: int
    reason: str
    cells: tuple[str, ...] = ()


@dataclass(frozen=True)
class AbutterListReading:
    """An assessor's list read and checked, before anything is stored."""

    sheet: AssessorSheet
    mapping: ColumnMapping
    records: tuple[AbutterRecord, ...]
    rejected: tuple[RejectedRow, ...]

    @property
    def row_count(self) -> int:
        return len(self.records) + len(self.rejected)


def check_rows(sheet: AssessorSheet, mapping: ColumnMapping,
               progress: Callable[[int, int], None] | None = None) -> AbutterListReading:
    problems = mapping.problems(sheet.header)
    if problems:
        from concom_desk.errors import UserError

        raise UserError(f"{sheet.source}: " + "; ".join(problems))
    records: list[AbutterRecord] = []
    rejected: list[RejectedRow] = []
    total = len(sheet.rows)
    for index, row in enumerate(sheet.rows):
        result = check_row(row, mapping)
        if isinstance(result, RejectedRow):
            rejected.append(result)
        else:
            records.append(result)
        if progress is not None and index % 500 == 0:
            progress(index, total)
    return AbutterListReading(sheet, mapping, tuple(records), tuple(rejected))


def check_row(row: SheetRow, mapping: ColumnMapping) -> AbutterRecord | RejectedRow:
    reasons: list[str] = []
    unusable: set[F] = set()

    def text(field: F, what: str) -> str:
        value = cell_text(row.cell(mapping.column_of(field)), what)
        if isinstance(value, CellProblem):
            reasons.append(value.reason)
            unusable.add(field)
            return ""
        return value

    owner = text(F.OWNER, "owner name")
    owner2 = text(F.OWNER2, "second owner")
    care_of = text(F.CARE_OF, "care-of line")
    address = text(F.ADDRESS, "mailing address")
    address2 = text(F.ADDRESS2, "mailing address line 2")
    city = text(F.CITY, "city")
    state_raw = text(F.STATE, "state")
    country = text(F.COUNTRY, "country")
    parcel = text(F.PARCEL, "parcel")
    location = text(F.LOCATION, "parcel location")

    # A c/o line may sit in the care-of, second-owner or address column.
    care_split = split_care_of(care_of) if care_of else None
    care_of = care_split[1] if care_split else tidy_name(care_of)
    owner2_split = split_care_of(owner2) if owner2 else None
    if owner2_split:
        care_of, owner2 = care_of or owner2_split[1], ""
    address_split = split_care_of(address) if address else None
    if address_split:
        care_of, address, address2 = care_of or address_split[1], address2, ""
    address2_split = split_care_of(address2) if address2 else None
    if address2_split:
        care_of, address2 = care_of or address2_split[1], ""

    if not owner and F.OWNER not in unusable:
        reasons.append("missing owner name")
    elif owner and owner.replace(".", "").isdigit():
        reasons.append(f"owner name is a number ({owner}): perhaps an Excel date serial")
    if not address and F.ADDRESS not in unusable:
        reasons.append("missing mailing address")
    if not city and F.CITY not in unusable:
        reasons.append("missing city")

    zip_cell = row.cell(mapping.column_of(F.ZIP))
    foreign = not is_us_country(country)
    state = us_state_code(state_raw) if state_raw else None
    zip_code = ""
    zip_value = _zip(zip_cell, reasons)
    if not foreign and state_raw and state is None and isinstance(zip_value, ZipProblem):
        foreign = True  # a province and a postal code, with no country column
    if foreign:
        zip_code = tidy_spacing(str(zip_cell or "")).upper()
        state = tidy_spacing(state_raw).upper()
    else:
        country = ""
        if isinstance(zip_value, ZipProblem):
            reasons.append(zip_value.reason)
        elif zip_value is not None:
            zip_code = zip_value
        if not state_raw and F.STATE not in unusable:
            reasons.append("missing state")
        elif state_raw and state is None:
            reasons.append(f"state '{state_raw}' is not a US state")
        elif state == HOME_STATE and zip_code and not is_massachusetts_zip(zip_code):
            reasons.append(f"ZIP {zip_code} is not a Massachusetts ZIP (they run 01001–02791); "
                           "perhaps a date or number Excel changed")
    if reasons:
        return RejectedRow(row.number, "; ".join(dict.fromkeys(reasons)), _shown(row))
    owners = tidy_name(owner) + (f" & {tidy_name(owner2)}" if owner2 else "")
    return AbutterRecord(
        row=row.number,
        owner_name=owners,
        care_of=care_of,
        street_lines=tuple(tidy_address(line) for line in (address, address2) if line),
        city=tidy_city(city),
        state=state or "",
        zip_code=zip_code,
        # A province names its country when the list has no country column.
        country=tidy_name(country or country_of(state or "", "")) if foreign else "",
        parcel=tidy_spacing(parcel),
        location=tidy_address(location),
        foreign=foreign,
    )


def _zip(cell: Cell, reasons: list[str]) -> str | ZipProblem | None:
    """The ZIP code; None when the cell held something already reported."""
    if is_blank(cell):
        return ZipProblem("missing ZIP code")
    if isinstance(cell, int | float) and not isinstance(cell, bool):
        return normalize_zip(cell)
    text = cell_text(cell, "ZIP code")
    if isinstance(text, CellProblem):
        reasons.append(text.reason)
        return None
    return normalize_zip(text)


def _shown(row: SheetRow) -> tuple[str, ...]:
    return tuple("" if c is None else str(c) for c in row.cells)
