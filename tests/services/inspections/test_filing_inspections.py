"""Inspections of a filing: planned, then made with findings, photos and the permit's
conditions checked; the certificate, the permit's history, the report and the export
draw on them. The dates are the calendar fixture's (Upton, 2027), none compared with
today."""

from __future__ import annotations

import zipfile
from datetime import date, timedelta
from pathlib import Path

import pytest
from openpyxl import load_workbook
from sqlalchemy import select

from concom_desk.domain.votes import VoteChoice
from concom_desk.errors import UserError
from concom_desk.services.calendar.votes import record_vote
from concom_desk.services.filings.decisions import DecisionEntry, decision_asked
from concom_desk.services.filings.editing import change_status
from concom_desk.services.filings.filing_record import filing_detail
from concom_desk.services.inspections.filing_inspections import (
    FilingInspectionDraft,
    conditions_of,
    inspections_of,
    save_inspection,
)
from concom_desk.services.inspections.report import print_inspection_report
from concom_desk.store.export_writers import export_records
from concom_desk.store.models import AuditEntry, Filing, Inspection
from tests.helpers.calendar_db import Commission
from tests.helpers.docx_reading import full_text
from tests.helpers.site_photos import png_photo

MEETING = date(2027, 3, 3)
NOI = "UCC 2027-003"


@pytest.fixture
def permit(commission: Commission) -> int:
    noi = commission.filings[NOI]
    change_status(commission.db, noi, "hearing", MEETING)
    change_status(commission.db, noi, "closed", MEETING)
    yes = {commission.members[name]: VoteChoice.YES for name in ("Baker", "Costa", "Duarte")}
    record_vote(commission.db, commission.meetings[MEETING], "To issue an Order", yes,
                filing_id=noi, today=MEETING)
    change_status(commission.db, noi, "issued", date(2027, 3, 5), DecisionEntry(
        conditions=("Silt fence along the limit of work before any clearing.",)))
    return noi


def test_a_planned_visit_is_made_with_photos_and_conditions_checked(
        commission: Commission, permit: int, tmp_path: Path) -> None:
    db = commission.db
    planned = save_inspection(db, permit, FilingInspectionDraft(
        date(2027, 4, 1), "Jamie Park, Agent", "Pre-construction meeting", done=False))
    (row,) = inspections_of(db, permit)
    assert (row.state, row.purpose, row.findings) == ("planned", "Pre-construction meeting", "")
    # Nothing a certificate rests on yet: a plan is not an inspection made.
    assert decision_asked(db, permit, "completed").entry.inspected_on is None

    conditions = conditions_of(db, permit)
    silt = next(c for c in conditions if c.text.startswith("Silt fence"))
    photo = png_photo(tmp_path / "IMG_0042.png")
    save_inspection(db, permit, FilingInspectionDraft(
        date(2027, 4, 2), "Jamie Park, Agent", "Pre-construction meeting",
        findings="Silt fence staked along the wetland line.", photos=[photo],
        checks={silt.condition_id: ("met", "staked")}), inspection_id=planned)
    (row,) = inspections_of(db, permit)
    assert (row.state, row.inspected_on) == ("done", date(2027, 4, 2))
    assert [(c.number, c.result_words, c.note) for c in row.checks] == [
        (silt.number, "complied with", "staked")]
    (kept,) = row.photos
    assert kept.original_name == "IMG_0042.png" and kept.path.read_bytes() == photo.read_bytes()
    # Kept with the documents, which every backup carries.
    assert kept.path.is_relative_to(db.path.parent / "documents" / "photos")
    if not getattr(db, "is_server", False):  # a server's backup is its own (backup.md)
        from concom_desk.store.backup import make_backup

        made = make_backup(db.path, tmp_path / "backup.zip")
        with zipfile.ZipFile(made.path) as archive:
            assert [n for n in archive.namelist() if n.endswith("IMG_0042.png")] == [
                f"documents/photos/inspection-{planned}/IMG_0042.png"]

    # The certificate's "Site inspection … by" is offered from it.
    entry = decision_asked(db, permit, "completed").entry
    assert (entry.inspected_on, entry.inspected_by) == (date(2027, 4, 2), "Jamie Park, Agent")
    # The permit's history tells the visit on its day.
    history = filing_detail(db, permit, date(2027, 4, 3)).history
    assert any(h.what == "Pre-construction meeting: Silt fence staked along the wetland line."
               and h.who == "Jamie Park, Agent" for h in history)
    with db.read_session() as session:
        trail = session.scalars(select(AuditEntry.table_name).where(
            AuditEntry.table_name.in_(("inspection", "inspection_check",
                                       "case_attachment")))).all()
    assert sorted(set(trail)) == ["case_attachment", "inspection", "inspection_check"]

    report = print_inspection_report(db, planned)
    text = full_text(report)
    assert "SITE INSPECTION REPORT" in text and "April 2, 2027" in text
    assert "Complied with (staked): Silt fence along the limit of work" in text
    assert "Photo 1: IMG_0042.png" in text
    with zipfile.ZipFile(report) as package:
        assert any(name.startswith("word/media/") for name in package.namelist())

    (book,) = export_records(db, "xlsx", tmp_path / "export")
    sheet = load_workbook(book, read_only=True)["Inspection"]
    rows = list(sheet.iter_rows(values_only=True))
    header = rows[0]
    # (A read-only sheet leaves off a row's empty cells at its end.)
    (line,) = [dict(zip(header, r, strict=False)) for r in rows[1:]]
    assert (line["Filing"], line["Purpose"], line["Done"], line["Inspected on"]) == (
        NOI, "Pre-construction meeting", "yes", "2027-04-02")


def test_bad_inspections_are_refused_whole(commission: Commission, permit: int,
                                           tmp_path: Path) -> None:
    db = commission.db
    not_a_photo = tmp_path / "notes.jpg"
    not_a_photo.write_text("not a photo", encoding="utf-8")
    with pytest.raises(UserError, match="notes.jpg is not a JPEG or PNG photo"):
        save_inspection(db, permit, FilingInspectionDraft(
            date(2027, 4, 2), "Jamie Park", findings="ok", photos=[not_a_photo]))
    with pytest.raises(UserError, match="Write down what was found"):
        save_inspection(db, permit, FilingInspectionDraft(date(2027, 4, 2), "Jamie Park"))
    with pytest.raises(UserError, match="tick Done"):
        save_inspection(db, permit, FilingInspectionDraft(
            date(2027, 4, 2), "", findings="early", done=False))
    with db.read_session() as session:
        assert session.scalars(select(Inspection)).all() == []
    assert not (db.path.parent / "documents" / "photos").exists() or not any(
        (db.path.parent / "documents" / "photos").rglob("*.jpg"))


def test_today_reminds_of_a_visit_planned_and_of_the_follow_up_asked(
        commission: Commission) -> None:
    from concom_desk.services.filings.desk_lists import load_lists

    db, noi = commission.db, commission.filings[NOI]
    with db.read_session() as session:
        # The day the desk is read: the filing's own received day, not the clock's.
        today = session.get(Filing, noi).received
    in_three_days = today + timedelta(days=3)
    planned = save_inspection(db, noi, FilingInspectionDraft(
        in_three_days, "Jamie Park", "Erosion controls", done=False))

    def reminders() -> list[tuple[str, date]]:
        return [(i.what, i.due) for i in load_lists(db, today).today
                if i.filing_id == noi and "nspection" in i.what]

    assert reminders() == [("Inspection planned: Erosion controls", in_three_days)]
    save_inspection(db, noi, FilingInspectionDraft(
        today, "Jamie Park", "Erosion controls", findings="Silt fence down.",
        follow_up_by=in_three_days), inspection_id=planned)
    assert reminders() == [("Follow-up inspection", in_three_days)]
    # A later visit made is the follow-up: nothing more is asked.
    save_inspection(db, noi, FilingInspectionDraft(
        today + timedelta(days=1), "Jamie Park", "Follow-up", findings="Repaired."))
    assert reminders() == []
