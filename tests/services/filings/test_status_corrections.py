"""Every status change can be taken back: undo puts back the status and the dates the
change filled in, a correction sets a status with a reason, a filing entered in error
is voided with a reason. Each is in the audit trail and the record's history says why."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import select

from concom_desk.errors import UserError
from concom_desk.services.filings.desk_lists import load_lists
from concom_desk.services.filings.editing import change_status, save_filing
from concom_desk.services.filings.filing_record import filing_detail
from concom_desk.services.filings.form import FilingForm
from concom_desk.services.filings.status_corrections import (
    correct_status,
    undo_last_change,
    void_filing_entered_in_error,
)
from concom_desk.store import Database, verify_audit_chain
from concom_desk.store.models import AuditEntry, Filing, StatusCorrection

TODAY = date(2026, 11, 16)


def noi(db: Database, file_no: str = "2026-1", kind: str = "noi", parent: str = "") -> int:
    return save_filing(db, FilingForm(
        kind=kind, file_no=file_no, applicant="Jane Doe",
        applicant_address="12 Pond Road, Upton, MA 01568", address="12 Pond Road",
        map_lot="14-22", received=date(2026, 9, 1), parent_file_no=parent))


def issued_noi(db: Database, file_no: str = "2026-1") -> int:
    filing_id = noi(db, file_no)
    for status, on in (("hearing", date(2026, 9, 15)), ("closed", date(2026, 10, 6)),
                       ("issued", date(2026, 10, 13))):
        change_status(db, filing_id, status, on)
    return filing_id


def stored(db: Database, filing_id: int) -> Filing:
    with db.read_session() as session:
        filing = session.get(Filing, filing_id)
        assert filing is not None
        session.expunge(filing)
        return filing


def test_undo_puts_back_the_status_and_the_dates_the_change_filled_in(db: Database) -> None:
    filing_id = issued_noi(db)
    before = stored(db, filing_id)
    # Issuing on 2026-10-13 set the issue and decision dates; the massachusetts profile
    # counts the Order's 3 years from issuance (310 CMR 10.05(6)(d)): 2029-10-13.
    assert (before.status, before.issued, before.decided, before.expires) == (
        "issued", date(2026, 10, 13), date(2026, 10, 13), date(2029, 10, 13))
    assert filing_detail(db, filing_id, TODAY).undo.label == "back to Hearing closed"

    assert undo_last_change(db, filing_id) == "closed"

    after = stored(db, filing_id)
    assert (after.status, after.closed, after.issued, after.decided, after.expires) == (
        "closed", date(2026, 10, 6), None, None, None)
    detail = filing_detail(db, filing_id, TODAY)
    assert detail.history[-1].what == (
        "decided: 2026-10-13 → —; expires: 2029-10-13 → —; issued: 2026-10-13 → —; "
        "status: Issued → Hearing closed (undo)")
    # A second undo goes one step further back, not forward again.
    assert detail.undo.label == "back to Hearing open"
    assert undo_last_change(db, filing_id) == "hearing"
    assert stored(db, filing_id).closed is None
    with db.engine.connect() as connection:
        assert verify_audit_chain(connection).ok


def test_undo_keeps_a_date_the_clerk_corrected_since(db: Database) -> None:
    filing_id = issued_noi(db)
    form = filing_detail(db, filing_id, TODAY).form
    form.issued = date(2026, 10, 14)  # the Order went out a day later than first typed
    save_filing(db, form)
    undo_last_change(db, filing_id)
    after = stored(db, filing_id)
    assert (after.status, after.issued) == ("closed", date(2026, 10, 14))


def test_undo_of_a_certificate_reopens_the_permit_it_closed(db: Database) -> None:
    permit_id = issued_noi(db)
    coc_id = noi(db, "2026-1C", kind="coc", parent="2026-1")
    change_status(db, coc_id, "issued", date(2026, 11, 10))
    assert stored(db, permit_id).status == "completed"

    assert undo_last_change(db, coc_id) == "received"

    assert stored(db, permit_id).status == "issued"
    assert stored(db, coc_id).issued is None
    assert filing_detail(db, permit_id, TODAY).history[-1].what == (
        "status: Completed (COC issued) → Issued (undo)")


def test_nothing_to_undo_on_a_new_filing(db: Database) -> None:
    filing_id = noi(db)
    assert filing_detail(db, filing_id, TODAY).undo is None
    with pytest.raises(UserError, match="has no status change to undo"):
        undo_last_change(db, filing_id)


def test_a_correction_needs_a_reason_and_keeps_it(db: Database) -> None:
    filing_id = issued_noi(db)
    change_status(db, filing_id, "completed", date(2026, 11, 12))
    with pytest.raises(UserError, match="say why the status is corrected"):
        correct_status(db, filing_id, "issued", "   ")
    assert stored(db, filing_id).status == "completed"

    correct_status(db, filing_id, "issued", "COC was for the neighbouring lot")

    assert stored(db, filing_id).status == "issued"
    history = filing_detail(db, filing_id, TODAY).history
    assert history[-1].what == ("status: Completed (COC issued) → Issued "
                                "(correction: COC was for the neighbouring lot)")
    with db.read_session() as session:
        row = session.scalars(select(StatusCorrection)).one()
        assert (row.from_status, row.to_status, row.undo, row.reason) == (
            "completed", "issued", False, "COC was for the neighbouring lot")
        # The reason is itself in the audit trail.
        assert session.scalars(select(AuditEntry.action)
                               .where(AuditEntry.table_name == "status_correction")
                               ).all() == ["insert"]
    # A correction can be undone like any other change.
    assert undo_last_change(db, filing_id) == "completed"


@pytest.mark.parametrize(("status", "message"), [
    ("void", "voided \\(Void filing…\\)"),
    ("issued", "already issued"),
    ("granted", "unknown status"),
])
def test_corrections_that_are_refused(db: Database, status: str, message: str) -> None:
    filing_id = issued_noi(db)
    with pytest.raises(UserError, match=message):
        correct_status(db, filing_id, status, "typed wrong")


def test_void_needs_a_reason_and_takes_the_filing_off_the_lists(db: Database) -> None:
    filing_id = noi(db)
    other_id = noi(db, "2026-2")
    with pytest.raises(UserError, match="say why the filing is voided"):
        void_filing_entered_in_error(db, filing_id, "")
    void_filing_entered_in_error(db, filing_id, "entered twice; see 2026-2")

    records = load_lists(db, TODAY)
    assert [row.id for row in records.filings] == [other_id]
    assert {item.filing_id for item in records.today} == {other_id}
    voided = stored(db, filing_id)
    assert (voided.status, voided.void_reason) == ("void", "entered twice; see 2026-2")
    detail = filing_detail(db, filing_id, TODAY)
    assert detail.history[-1].what == ("status: Received → Void; "
                                       "void reason: — → entered twice; see 2026-2")
    # Voided in error is itself undone: back on the lists, the reason cleared.
    assert detail.undo.label == "back to Received"
    undo_last_change(db, filing_id)
    back = stored(db, filing_id)
    assert (back.status, back.voided_at, back.void_reason) == ("received", None, "")
    assert len(load_lists(db, TODAY).filings) == 2
