"""The fields of an abutter row, in the clerk's words, and which ones a notice needs."""

from __future__ import annotations

from enum import StrEnum


class AbutterField(StrEnum):
    OWNER = "owner"
    OWNER2 = "owner2"
    CARE_OF = "care_of"
    ADDRESS = "address"
    ADDRESS2 = "address2"
    CITY = "city"
    STATE = "state"
    ZIP = "zip"
    COUNTRY = "country"
    PARCEL = "parcel"
    LOCATION = "location"


FIELD_LABELS: dict[AbutterField, str] = {
    AbutterField.OWNER: "Owner",
    AbutterField.OWNER2: "Second owner",
    AbutterField.CARE_OF: "Care of (c/o)",
    AbutterField.ADDRESS: "Mailing address",
    AbutterField.ADDRESS2: "Mailing address, line 2",
    AbutterField.CITY: "City / town",
    AbutterField.STATE: "State",
    AbutterField.ZIP: "ZIP code",
    AbutterField.COUNTRY: "Country",
    AbutterField.PARCEL: "Parcel (map/lot or ID)",
    AbutterField.LOCATION: "Parcel location",
}

# Without these a letter cannot be addressed; the mapping dialog insists on them.
REQUIRED_FIELDS: tuple[AbutterField, ...] = (
    AbutterField.OWNER,
    AbutterField.ADDRESS,
    AbutterField.CITY,
    AbutterField.ZIP,
)
