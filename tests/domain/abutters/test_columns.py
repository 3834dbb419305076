"""Guessing the columns from the header, and remembering them by header."""

from concom_desk.domain.abutters.columns import ColumnMapping, guess_mapping, header_signature
from concom_desk.domain.abutters.fields import AbutterField as F

MASSGIS = ("PROP_ID", "LOC_ID", "SITE_ADDR", "OWNER1", "OWN_ADDR", "OWN_CITY", "OWN_STATE",
           "OWN_ZIP", "OWN_CO", "MAP_PAR_ID", "LS_BOOK", "LS_PAGE")


def test_massgis_level3_fields() -> None:
    mapping = guess_mapping(MASSGIS)
    assert mapping.columns[F.OWNER] == 3
    assert mapping.columns[F.ADDRESS] == 4
    assert mapping.columns[F.CITY] == 5
    assert mapping.columns[F.STATE] == 6
    assert mapping.columns[F.ZIP] == 7
    assert mapping.columns[F.COUNTRY] == 8   # OWN_CO is the owner's country in Level 3
    assert mapping.columns[F.PARCEL] == 9    # MAP_PAR_ID, the map/lot the clerk knows
    assert mapping.columns[F.LOCATION] == 2
    assert mapping.missing_required() == []


def test_common_export() -> None:
    header = ("Parcel", "Location", "Owner", "Co-Owner", "C/O", "Mailing Address",
              "Mailing Address 2", "City", "State", "Zip Code")
    mapping = guess_mapping(header)
    assert {f: header[c] for f, c in mapping.columns.items()} == {
        F.PARCEL: "Parcel", F.LOCATION: "Location", F.OWNER: "Owner", F.OWNER2: "Co-Owner",
        F.CARE_OF: "C/O", F.ADDRESS: "Mailing Address", F.ADDRESS2: "Mailing Address 2",
        F.CITY: "City", F.STATE: "State", F.ZIP: "Zip Code",
    }


def test_words_inside_longer_headers() -> None:
    header = ("Owner Name (Last, First)", "Owner Mailing Street", "Owner Mailing City",
              "Owner Mailing State", "Owner Mailing Zip")
    mapping = guess_mapping(header)
    assert mapping.columns[F.ZIP] == 4
    assert mapping.columns[F.CITY] == 2
    assert mapping.columns[F.STATE] == 3
    assert mapping.columns[F.OWNER] == 0


def test_unknown_header_leaves_required_fields_missing() -> None:
    mapping = guess_mapping(("A", "B", "C"))
    assert mapping.missing_required() == [F.OWNER, F.ADDRESS, F.CITY, F.ZIP]
    assert "no column chosen for Owner" in mapping.problems(("A", "B", "C"))


def test_one_column_for_two_fields_is_a_problem() -> None:
    header = ("Owner", "Address", "City", "Zip")
    mapping = ColumnMapping({F.OWNER: 0, F.ADDRESS: 1, F.CITY: 1, F.ZIP: 3})
    assert any("both" in p for p in mapping.problems(header))


def test_mapping_round_trips_by_header_name_even_when_columns_move() -> None:
    header = ("Owner", "Address", "City", "Zip")
    stored = ColumnMapping({F.OWNER: 0, F.ADDRESS: 1, F.CITY: 2, F.ZIP: 3}).to_json(header)
    moved = ("Zip", "Owner", "Address", "City")
    again = ColumnMapping.from_json(stored, moved)
    assert again is not None
    assert again.columns == {F.OWNER: 1, F.ADDRESS: 2, F.CITY: 3, F.ZIP: 0}
    assert ColumnMapping.from_json(stored, ("Owner", "Street")) is None


def test_signature_ignores_case_and_spacing_but_not_columns() -> None:
    assert header_signature(["Owner", "Zip Code"]) == header_signature(["OWNER", "zip_code"])
    assert header_signature(["Owner", "Zip"]) != header_signature(["Owner", "City"])
