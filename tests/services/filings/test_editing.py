"""Saving filings reuses the people and land on file; status changes are re-checked
by the service with the stored facts; what the window loads matches the record."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import func, select

from concom_desk.errors import UserError
from concom_desk.services.filings.desk_lists import load_lists
from concom_desk.services.filings.editing import change_status, save_filing
from concom_desk.services.filings.filing_record import filing_detail
from concom_desk.services.filings.form import FilingForm
from concom_desk.services.filings.parties import split_address
from concom_desk.store import Database
from concom_desk.store.models import Filing, Party, Property

TODAY = date(2026, 11, 16)


def noi(**fields: object) -> FilingForm:
    values = {"kind": "noi", "file_no": "2026-1", "applicant": "Jane Doe",
              "applicant_address": "12 Pond Road, Upton, MA 01568", "address": "12 Pond Road",
              "map_lot": "14-22", "received": date(2026, 11, 5), **fields}
    return FilingForm(**values)  # type: ignore[arg-type]


@pytest.mark.parametrize(("typed", "expected"), [
    ("12 Pond Road, Upton, MA 01568",
     {"address_line1": "12 Pond Road", "address_line2": "", "city": "Upton", "state": "MA",
      "zip": "01568"}),
    ("PO Box 7, Suite 2, Boston, ma 02108-1234",
     {"address_line1": "PO Box 7", "address_line2": "Suite 2", "city": "Boston",
      "state": "MA", "zip": "02108-1234"}),
    # No state typed: none added (it printed a stray "MA" line under the address).
    ("Town Hall", {"address_line1": "Town Hall", "address_line2": "", "city": "",
                   "state": "", "zip": ""}),
    ("45 Ocean Ave, Nantucket, Massachusetts 02554",
     {"address_line1": "45 Ocean Ave", "address_line2": "", "city": "Nantucket",
      "state": "MA", "zip": "02554"}),
    ("12 Pond St, Upton, Mass. 01568",
     {"address_line1": "12 Pond St", "address_line2": "", "city": "Upton", "state": "MA",
      "zip": "01568"}),
    ("3 Rue X, Paris 75001, France",
     {"address_line1": "3 Rue X", "address_line2": "Paris 75001, France", "city": "",
      "state": "", "zip": ""}),
    # Typed without the comma before the state: the letters printed "Upton MA 01568, MA".
    ("1 Main St, Upton MA 01568",
     {"address_line1": "1 Main St", "address_line2": "", "city": "Upton", "state": "MA",
      "zip": "01568"}),
    ("PO Box 9, Hopkinton MA", {"address_line1": "PO Box 9", "address_line2": "",
                                "city": "Hopkinton", "state": "MA", "zip": ""}),
    ("12 Pond Road, Upton, MA", {"address_line1": "12 Pond Road", "address_line2": "",
                                 "city": "Upton", "state": "MA", "zip": ""}),
    ("45 Ocean Ave, Naples FL 34102", {"address_line1": "45 Ocean Ave", "address_line2": "",
                                       "city": "Naples", "state": "FL", "zip": "34102"}),
    # A street ending in a word that looks like a state stays a street.
    ("Town Hall, 14 Oak Ct", {"address_line1": "Town Hall", "address_line2": "14 Oak Ct",
                              "city": "", "state": "", "zip": ""}),
])
def test_addresses_are_split_into_envelope_lines(typed: str, expected: dict[str, str]) -> None:
    assert split_address(typed) == expected


def test_a_second_filing_reuses_the_applicant_and_the_land(db: Database) -> None:
    save_filing(db, noi())
    save_filing(db, noi(file_no="2026-2", applicant="  jane   DOE ", applicant_address="",
                        address="12 pond road", map_lot=""))
    with db.read_session() as session:
        assert session.scalar(select(func.count()).select_from(Party)) == 1
        assert session.scalar(select(func.count()).select_from(Property)) == 1
        party = session.scalars(select(Party)).one()
        assert party.address_lines() == ["12 Pond Road", "Upton, MA 01568"]


def test_a_permit_file_number_must_exist(db: Database) -> None:
    with pytest.raises(UserError, match="no permit with file number 1999-9"):
        save_filing(db, FilingForm(kind="extension", file_no="2026-3", applicant="Jane Doe",
                                   parent_file_no="1999-9", received=date(2026, 11, 5)))
    with db.read_session() as session:
        assert session.scalar(select(func.count()).select_from(Filing)) == 0


def test_status_change_refused_by_the_service_too(db: Database) -> None:
    filing_id = save_filing(db, noi())
    with pytest.raises(UserError, match="hearing has not been closed"):
        change_status(db, filing_id, "issued", date(2026, 11, 20))


def test_issuing_records_the_dates_and_the_expiry(db: Database) -> None:
    filing_id = save_filing(db, noi())
    change_status(db, filing_id, "hearing", date(2026, 11, 18))
    change_status(db, filing_id, "closed", date(2026, 11, 18))
    change_status(db, filing_id, "issued", date(2026, 12, 1))
    with db.read_session() as session:
        filing = session.get(Filing, filing_id)
        assert filing is not None
        # Issued Tue 2026-12-01; valid three years, the same date, never moved
        # (310 CMR 10.05(6)(d)).
        assert (filing.status, filing.hearing, filing.closed, filing.decided, filing.issued,
                filing.expires) == ("issued", date(2026, 11, 18), date(2026, 11, 18),
                                    date(2026, 12, 1), date(2026, 12, 1), date(2029, 12, 1))


def test_the_list_and_the_detail_agree(db: Database) -> None:
    filing_id = save_filing(db, noi(owner="Pond Trust"))
    records = load_lists(db, TODAY)
    listed = records.filings[0]
    detail = filing_detail(db, filing_id, TODAY)
    assert listed.owner == "Pond Trust" == detail.form.owner
    assert (listed.next_deadline, listed.address, listed.map_lot) == (
        detail.row.next_deadline, detail.row.address, detail.row.map_lot)
    # Received Thu 11-05: abutters notified at filing, so that is the next (overdue) act.
    assert listed.next_deadline == date(2026, 11, 5)


def test_issuing_a_certificate_of_compliance_closes_out_the_permit(db: Database) -> None:
    permit_id = save_filing(db, noi())
    for status, on in (("hearing", date(2026, 11, 18)), ("closed", date(2026, 11, 18)),
                       ("issued", date(2026, 12, 1))):
        change_status(db, permit_id, status, on)
    coc_id = save_filing(db, FilingForm(kind="coc", file_no="2027-3", applicant="Jane Doe",
                                        parent_file_no="2026-1", received=date(2027, 5, 3)))
    change_status(db, coc_id, "issued", date(2027, 5, 20))
    with db.read_session() as session:
        permit, coc = session.get(Filing, permit_id), session.get(Filing, coc_id)
        assert permit is not None and coc is not None
        assert (coc.status, coc.issued, permit.status) == ("issued", date(2027, 5, 20),
                                                           "completed")


def test_a_filing_saved_unchanged_keeps_its_lot_where_one_address_has_several(
        db: Database) -> None:
    """Two parcels at one street address (a lot split, a condominium): a form saved as
    it opened keeps its own, and a new filing typed with the other lot gets that one."""
    first = save_filing(db, noi(map_lot="14-22"))
    second = save_filing(db, noi(file_no="2026-2", address="12 POND ROAD", map_lot="14-23"))
    for filing_id, lot in ((first, "14-22"), (second, "14-23"), (first, "14-22")):
        form = filing_detail(db, filing_id, TODAY).form
        save_filing(db, form)  # saved as it opened
        assert filing_detail(db, filing_id, TODAY).form.map_lot == lot
    third = save_filing(db, noi(file_no="2026-3", map_lot="14-23"))
    with db.read_session() as session:
        assert session.scalar(select(func.count()).select_from(Property)) == 2
        lots = {f.file_no: f.property.map_lot for f in session.scalars(select(Filing))}
    assert lots == {"2026-1": "14-22", "2026-2": "14-23", "2026-3": "14-23"}
    assert third != second
