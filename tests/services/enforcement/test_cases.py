"""Cases through the services: numbering, the lifecycle with refusals, notes in
the history, attachments that are not half-saved."""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import func, select

from concom_desk.domain.enforcement_case import CaseStatus
from concom_desk.errors import UserError
from concom_desk.services.enforcement.actions import (
    InspectionDraft,
    OrderDraft,
    issue_order,
    record_inspection,
)
from concom_desk.services.enforcement.cases import ComplaintDraft, change_status, open_case
from concom_desk.services.enforcement.history import case_history
from concom_desk.services.enforcement.queries import case_detail
from concom_desk.store.models import CaseAttachment, EnforcementCase


def complaint(day=date(2026, 12, 1), **changes):
    values = dict(reported_on=day, address="3 Pine Lane", description="Trees cut at the pond",
                  complainant="anonymous")
    values.update(changes)
    return ComplaintDraft(**values)


def test_case_numbers_run_per_year(db):
    first = open_case(db, complaint())
    second = open_case(db, complaint(source="observation", complainant=""))
    next_year = open_case(db, complaint(day=date(2027, 1, 4)))
    with db.read_session() as session:
        numbers = [session.get(EnforcementCase, i).case_no for i in (first, second, next_year)]
    assert numbers == ["EC-2026-001", "EC-2026-002", "EC-2027-001"]


def test_a_complaint_without_its_facts_is_refused_and_nothing_saved(db):
    with pytest.raises(UserError, match="Describe what was reported or seen. Name the person"):
        open_case(db, complaint(description=" ", complainant=""))
    with db.read_session() as session:
        assert session.scalar(select(func.count(EnforcementCase.id))) == 0


def test_a_missing_photo_refuses_the_whole_case(db, tmp_path):
    with pytest.raises(UserError, match="there is no such file"):
        open_case(db, complaint(attachments=[tmp_path / "gone.jpg"]))
    with db.read_session() as session:
        assert session.scalar(select(func.count(EnforcementCase.id))) == 0


def test_copied_photos_are_removed_when_the_save_fails(db, photo, monkeypatch):
    import concom_desk.services.enforcement.cases as cases

    def broken(*_args, **_kwargs):
        raise RuntimeError("disk went away")

    monkeypatch.setattr(cases, "add_attachment_rows", broken)
    with pytest.raises(RuntimeError):
        open_case(db, complaint(attachments=[photo]))
    assert list((db.path.parent / "documents").rglob("*.jpg")) == []
    with db.read_session() as session:
        assert session.scalar(select(func.count(CaseAttachment.id))) == 0


def test_inspection_moves_an_open_case_and_keeps_its_photos(db, photo):
    case_id = open_case(db, complaint())
    record_inspection(db, case_id, InspectionDraft(date(2026, 12, 2), "Pat Lee",
                                                   "Six oaks cut within 50 ft of the pond",
                                                   date(2026, 12, 16), [photo, photo]))
    with db.read_session() as session:
        detail = case_detail(session, case_id, date(2026, 12, 2))
    assert detail.status_label == "Inspected"
    assert [(i.inspector, i.photos) for i in detail.inspections] == [("Pat Lee", 2)]
    assert [a.path for a in detail.attachments] == [
        f"documents/photos/case-{case_id}/IMG_0042.jpg",
        f"documents/photos/case-{case_id}/IMG_0042 (2).jpg"]
    assert Path(db.path.parent, detail.attachments[1].path).is_file()


def test_refused_moves_leave_the_case_as_it_was(db):
    case_id = open_case(db, complaint())
    with pytest.raises(UserError, match="a case that is 'Open' cannot become 'Closed'"):
        change_status(db, case_id, CaseStatus.CLOSED, date(2026, 12, 3))
    with pytest.raises(UserError, match="record the inspection before sending a violation"):
        issue_order(db, case_id, OrderDraft(date(2026, 12, 3), ["Ann Chase"],
                                            kind="violation_notice"))
    with db.read_session() as session:
        assert session.get(EnforcementCase, case_id).status == "open"


def test_ordinary_order_needs_a_majority_of_the_five_members(db):
    case_id = open_case(db, complaint())
    with pytest.raises(UserError, match=r"majority of the 5 members in office \(3\)"):
        issue_order(db, case_id, OrderDraft(date(2026, 12, 3), ["Ann Chase", "Bob Lee"]))
    issue_order(db, case_id, OrderDraft(date(2026, 12, 3), ["Ann Chase", "Bob Lee",
                                                            "Cara Diaz"]))
    with db.read_session() as session:
        detail = case_detail(session, case_id, date(2026, 12, 3))
    assert detail.orders[0].ratification == "signed by a majority; no ratification needed"


def test_full_lifecycle_is_dated_in_the_history(db):
    case_id = open_case(db, complaint())
    record_inspection(db, case_id, InspectionDraft(date(2026, 12, 2), "Pat Lee", "Trees cut"))
    issue_order(db, case_id, OrderDraft(date(2026, 12, 3), ["Ann Chase"],
                                        kind="violation_notice"))
    change_status(db, case_id, CaseStatus.REFERRED_COUNSEL, date(2026, 12, 20),
                  "No reply to the notice.")
    change_status(db, case_id, CaseStatus.IN_COMPLIANCE, date(2027, 2, 1), "Replanted.")
    change_status(db, case_id, CaseStatus.CLOSED, date(2027, 2, 10))
    with pytest.raises(UserError, match="this case is closed and cannot change"):
        change_status(db, case_id, CaseStatus.RESTORATION, date(2027, 3, 1))
    with db.read_session() as session:
        statuses = [(e.day, e.text) for e in case_history(session, case_id)
                    if e.text.startswith("Status:")]
        closed_on = session.get(EnforcementCase, case_id).closed_on
    assert statuses == [
        (date(2026, 12, 2), "Status: Inspected. Site inspected by Pat Lee."),
        (date(2026, 12, 3), "Status: Violation notice sent. Violation notice EC-2026-001-N1 "
                            "signed by Ann Chase."),
        (date(2026, 12, 20), "Status: Referred to Town Counsel. No reply to the notice."),
        (date(2027, 2, 1), "Status: In compliance. Replanted."),
        (date(2027, 2, 10), "Status: Closed."),
    ]
    assert closed_on == date(2027, 2, 10)


@pytest.mark.skipif(sys.platform == "win32", reason="such a file cannot exist on Windows")
def test_attachment_names_are_made_safe_for_windows(db, tmp_path):
    # A photo from a Mac or a phone may carry ':' and '"' that Windows refuses.
    odd = tmp_path / 'Lot 5: "before".jpg'
    odd.write_bytes(b"jpeg")
    case_id = open_case(db, complaint(attachments=[odd]))
    with db.read_session() as session:
        [row] = session.scalars(select(CaseAttachment)).all()
    assert row.path == f"documents/photos/case-{case_id}/Lot 5_ _before_.jpg"
    assert row.original_name == 'Lot 5: "before".jpg'


def test_the_violator_s_address_is_kept_in_envelope_fields(db):
    # The complaint's last line is read as city, state and ZIP (the same reading as the
    # filing form's); a foreign town line stays whole. The envelope prints the same.
    typed = {"9 Route 6A\nSandwich, MA 02563": ("Sandwich", "MA", "02563"),
             "12 Rue Du Port\nQuebec, QC G1K 4E1": ("Quebec, QC G1K 4E1", "", "")}
    for address, fields in typed.items():
        case_id = open_case(db, complaint(violator_name="Shawme Builders LLC",
                                          violator_address=address))
        with db.read_session() as session:
            violator = session.get(EnforcementCase, case_id).violator
            assert (violator.city, violator.state, violator.zip) == fields
            assert violator.address_lines() == address.splitlines()
