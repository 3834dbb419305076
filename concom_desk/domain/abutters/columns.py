"""Which column of the assessor's list holds which field.

Guessed from the header: the MassGIS Level 3 assessor table (`OWNER1`,
`OWN_ADDR`, `OWN_CITY`, `OWN_STATE`, `OWN_ZIP`, `OWN_CO` — the owner's country —,
`SITE_ADDR`, `LOC_ID`, `PROP_ID`, `MAP_PAR_ID`) and the usual "Owner / Mailing
Address / City / State / Zip / Parcel / Location" exports of assessing software.
The clerk confirms or corrects the guess; the result is remembered under the
header's signature so the next list from the same assessor maps itself.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from concom_desk.domain.abutters.fields import FIELD_LABELS, REQUIRED_FIELDS, AbutterField

F = AbutterField

# Normalized header text (lower case, letters and digits only) → field. The
# first alias a header matches wins; earlier fields in the list are preferred.
_ALIASES: dict[AbutterField, tuple[str, ...]] = {
    F.OWNER: ("owner1", "owner", "ownername", "owner1name", "ownersname", "name", "owners",
              "ownername1", "currentowner", "owner1lastfirst", "primaryowner", "taxpayer",
              "abutter", "abuttername", "ownerofrecord"),
    F.OWNER2: ("owner2", "coowner", "ownername2", "secondowner", "owner2name", "coownername"),
    F.CARE_OF: ("careof", "co", "incareof", "ownerco", "attn", "attention", "owncareof"),
    F.ADDRESS: ("ownaddr", "mailingaddress", "mailaddress", "mailingaddr", "owneraddress",
                "owneraddr", "mailingaddress1", "mailaddress1", "address", "address1",
                "mailingstreet", "street", "streetaddress", "billingaddress", "addr1",
                "owneraddress1", "ownaddr1", "mailaddr1", "mailaddr"),
    F.ADDRESS2: ("ownaddr2", "mailingaddress2", "mailaddress2", "address2", "addr2",
                 "owneraddress2", "mailaddr2"),
    F.CITY: ("owncity", "mailingcity", "mailcity", "city", "ownercity", "town", "citytown",
             "mailingtown"),
    F.STATE: ("ownstate", "mailingstate", "mailstate", "state", "ownerstate", "st"),
    F.ZIP: ("ownzip", "mailingzip", "mailzip", "zip", "zipcode", "ownerzip", "postalcode",
            "zip5", "mailingzipcode", "postcode"),
    F.COUNTRY: ("ownco", "owncountry", "country", "mailingcountry", "ownercountry"),
    F.PARCEL: ("mapparid", "mapparcelid", "maplot", "mapblocklot", "parcel", "parcelid",
               "mapandlot", "mapparcel", "locid", "propid", "pid", "gisid", "accountnumber",
               "account", "mbl", "parcelnumber", "mapbloklot"),
    F.LOCATION: ("siteaddr", "siteaddress", "location", "propertyaddress", "propertylocation",
                 "parcellocation", "locationaddress", "situs", "situsaddress", "streetlocation",
                 "parceladdress"),
}

_NORMALIZE = re.compile(r"[^a-z0-9]+")


def normalize_header(text: str) -> str:
    return _NORMALIZE.sub("", text.lower())


@dataclass(frozen=True)
class ColumnMapping:
    """field → column index in the sheet."""

    columns: Mapping[AbutterField, int]

    def column_of(self, field: AbutterField) -> int | None:
        return self.columns.get(field)

    def missing_required(self) -> list[AbutterField]:
        return [f for f in REQUIRED_FIELDS if f not in self.columns]

    def problems(self, header: Sequence[str]) -> list[str]:
        """Plain-words reasons this mapping cannot be used (empty when it can)."""
        found = [f"no column chosen for {FIELD_LABELS[f]}" for f in self.missing_required()]
        used: dict[int, AbutterField] = {}
        for field, column in self.columns.items():
            if not 0 <= column < len(header):
                found.append(f"{FIELD_LABELS[field]}: column {column + 1} is not in the sheet")
            elif column in used:
                found.append(f"column '{header[column]}' is chosen for both "
                             f"{FIELD_LABELS[used[column]]} and {FIELD_LABELS[field]}")
            else:
                used[column] = field
        return found

    def to_json(self, header: Sequence[str]) -> dict[str, str]:
        """Stored by header name, so a reordered sheet still maps the same way."""
        return {field.value: header[column] for field, column in self.columns.items()
                if 0 <= column < len(header)}

    @classmethod
    def from_json(cls, data: Mapping[str, str], header: Sequence[str]) -> ColumnMapping | None:
        """A remembered mapping, or None when the sheet no longer has its columns."""
        index = {name: i for i, name in enumerate(header)}
        columns: dict[AbutterField, int] = {}
        for key, name in data.items():
            try:
                field = AbutterField(key)
            except ValueError:
                return None
            if name not in index:
                return None
            columns[field] = index[name]
        return cls(columns)


def guess_mapping(header: Sequence[str]) -> ColumnMapping:
    """The clerk's columns as best they can be recognized from the header alone."""
    normalized = [normalize_header(h) for h in header]
    columns: dict[AbutterField, int] = {}
    taken: set[int] = set()
    # Exact alias matches first, field by field in order of each alias list.
    for field, aliases in _ALIASES.items():
        for alias in aliases:
            hit = next((i for i, h in enumerate(normalized) if h == alias and i not in taken),
                       None)
            if hit is not None:
                columns[field] = hit
                taken.add(hit)
                break
    # Then headers that merely contain a telling word ("Owner Mailing Zip Code").
    hints = ((F.ZIP, "zip"), (F.CITY, "city"), (F.STATE, "state"), (F.OWNER, "owner"),
             (F.ADDRESS, "address"), (F.PARCEL, "parcel"), (F.LOCATION, "location"))
    for field, word in hints:
        if field in columns:
            continue
        hit = next((i for i, h in enumerate(normalized) if word in h and i not in taken), None)
        if hit is not None:
            columns[field] = hit
            taken.add(hit)
    return ColumnMapping(columns)


def header_score(cells: Sequence[str]) -> int:
    """How many cells of a row look like a known column name (to find the header row)."""
    known = {alias for aliases in _ALIASES.values() for alias in aliases}
    return sum(1 for cell in cells if normalize_header(cell) in known)


def header_signature(header: Sequence[str]) -> str:
    """A stable key for 'the same export as last time': the normalized column names."""
    joined = "|".join(normalize_header(h) for h in header)
    return hashlib.sha256(joined.encode("utf-8")).hexdigest()[:16]
