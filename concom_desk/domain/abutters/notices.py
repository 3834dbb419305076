"""One notice per owner and mailing address, listing every parcel they own.

The assessor lists parcels, not people: an owner of three lots appears three
times, sometimes spelled "SMITH JOHN" once and "Smith,  John" the next. The
statute asks for a notice to each owner, so rows are grouped on the owner's
name and mailing address with case, spacing and punctuation ignored (and the
ZIP compared on its first five digits).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from concom_desk.domain.abutters.addresses import HOME_STATE, postal_lines
from concom_desk.domain.abutters.rows import AbutterRecord
from concom_desk.domain.abutters.tidy import match_key


@dataclass(frozen=True)
class NoticeDraft:
    """A notice to be stored: who, where, which parcels, from which rows."""

    owner_name: str
    care_of: str
    street_lines: tuple[str, ...]
    city: str
    state: str
    zip_code: str
    country: str = ""
    parcels: tuple[str, ...] = ()
    rows: tuple[int, ...] = ()
    is_property_owner: bool = False
    foreign: bool = False
    notes: tuple[str, ...] = field(default=())

    @property
    def out_of_state(self) -> bool:
        return not self.foreign and self.state != HOME_STATE

    @property
    def address_lines(self) -> tuple[str, ...]:
        return postal_lines(self.street_lines, self.city, self.state, self.zip_code,
                            self.country, self.foreign)

    @property
    def key(self) -> str:
        return notice_key(self.owner_name, self.street_lines, self.city, self.zip_code)

    @property
    def flags(self) -> tuple[str, ...]:
        """Warnings for the clerk, in words (shown beside the notice)."""
        found = []
        if self.foreign:
            where = self.country or f"{self.state}, country not given"
            found.append(f"foreign address ({where}): certified mail cannot reach it (USPS "
                         "certified mail is for US addresses only); the mailing sends it by "
                         "first-class mail or hand delivery instead")
        elif self.out_of_state:
            found.append(f"out-of-state address ({self.state})")
        return (*found, *self.notes)


def notice_key(owner: str, street_lines: Iterable[str], city: str, zip_code: str) -> str:
    return "|".join((match_key(owner), match_key(*street_lines), match_key(city),
                     zip_code[:5].lower()))


def group_notices(records: Iterable[AbutterRecord]) -> list[NoticeDraft]:
    """Notices in the order each owner first appears in the list."""
    by_key: dict[str, NoticeDraft] = {}
    for record in records:
        draft = NoticeDraft(
            owner_name=record.owner_name,
            care_of=record.care_of,
            street_lines=record.street_lines,
            city=record.city,
            state=record.state,
            zip_code=record.zip_code,
            country=record.country,
            foreign=record.foreign,
            parcels=(record.parcel_label,) if record.parcel_label else (),
            rows=(record.row,),
        )
        existing = by_key.get(draft.key)
        by_key[draft.key] = draft if existing is None else _merge(existing, draft)
    return list(by_key.values())


def _merge(first: NoticeDraft, other: NoticeDraft) -> NoticeDraft:
    parcels = tuple(dict.fromkeys((*first.parcels, *other.parcels)))
    # ZIP+4 is more precise than ZIP alone; a c/o line on one row applies to all.
    zip_code = first.zip_code if len(first.zip_code) >= len(other.zip_code) else other.zip_code
    return replace(first, parcels=parcels, rows=(*first.rows, *other.rows),
                   care_of=first.care_of or other.care_of, zip_code=zip_code)


def add_property_owner(notices: list[NoticeDraft], owner: NoticeDraft) -> list[NoticeDraft]:
    """The locus owner (when not the applicant) gets a notice too: added to the
    end, or marked on the owner's existing notice with the locus parcel listed."""
    owner = replace(owner, is_property_owner=True)
    result = list(notices)
    for index, notice in enumerate(result):
        if notice.key == owner.key:
            result[index] = replace(_merge(notice, owner), is_property_owner=True)
            return result
    result.append(owner)
    return result
