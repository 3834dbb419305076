"""One notice per owner and mailing address, every parcel listed once."""

from concom_desk.domain.abutters.notices import NoticeDraft, add_property_owner, group_notices
from concom_desk.domain.abutters.rows import AbutterRecord


def record(row: int, owner: str, street: str, zip_code: str = "01568", parcel: str = "",
           city: str = "Upton", care_of: str = "") -> AbutterRecord:
    return AbutterRecord(row, owner, care_of, (street,), city, "MA", zip_code, "", parcel, "")


def test_same_owner_differing_in_case_spacing_and_punctuation_is_one_notice() -> None:
    notices = group_notices([
        record(2, "O'Brien John", "12 Main St", parcel="1-1"),
        record(3, "OBRIEN  JOHN", "12 MAIN ST.", parcel="1-2"),
        record(4, "O'Brien, John", "12 Main St", zip_code="01568-1234", parcel="1-3"),
    ])
    assert len(notices) == 1
    assert notices[0].parcels == ("1-1", "1-2", "1-3")
    assert notices[0].rows == (2, 3, 4)
    assert notices[0].owner_name == "O'Brien John"   # the first spelling is kept
    assert notices[0].zip_code == "01568-1234"       # the more precise ZIP


def test_same_owner_at_two_addresses_gets_two_notices() -> None:
    notices = group_notices([record(2, "Smith John", "12 Main St"),
                             record(3, "Smith John", "PO Box 4")])
    assert len(notices) == 2


def test_two_owners_at_one_address_get_a_notice_each() -> None:
    notices = group_notices([record(2, "Smith John", "12 Main St"),
                             record(3, "Smith Mary", "12 Main St")])
    assert [n.owner_name for n in notices] == ["Smith John", "Smith Mary"]


def test_a_parcel_listed_twice_is_listed_once() -> None:
    notices = group_notices([record(2, "Smith John", "12 Main St", parcel="1-1"),
                             record(3, "Smith John", "12 Main St", parcel="1-1")])
    assert notices[0].parcels == ("1-1",)


def test_property_owner_added_or_marked() -> None:
    abutters = group_notices([record(2, "Smith John", "12 Main St", parcel="1-1")])
    owner = NoticeDraft("Jones Ann", "", ("3 Elm St",), "Upton", "MA", "01568",
                        parcels=("14 Main St (1-2)",))
    added = add_property_owner(abutters, owner)
    assert [n.owner_name for n in added] == ["Smith John", "Jones Ann"]
    assert added[1].is_property_owner
    same = NoticeDraft("SMITH JOHN", "", ("12 MAIN ST",), "UPTON", "MA", "01568",
                       parcels=("14 Main St (1-2)",))
    merged = add_property_owner(abutters, same)
    assert len(merged) == 1
    assert merged[0].is_property_owner
    assert merged[0].parcels == ("1-1", "14 Main St (1-2)")


def test_flags_in_words() -> None:
    away = NoticeDraft("Doe", "", ("1 A St",), "Nashua", "NH", "03060")
    abroad = NoticeDraft("Roy", "", ("1 Rue",), "Quebec", "QC", "G1K", country="Canada",
                         foreign=True)
    unnamed = NoticeDraft("Roy", "", ("1 Rue",), "Quebec", "QC", "G1K", foreign=True)
    assert away.flags == ("out-of-state address (NH)",)
    assert abroad.flags[0].startswith("foreign address (Canada): certified mail cannot "
                                      "reach it (USPS certified mail is for US addresses "
                                      "only); the mailing sends it by first-class mail")
    assert unnamed.flags[0].startswith("foreign address (QC, country not given)")
