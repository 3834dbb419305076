"""A Notice of Intent through the real window, from the first run: filed, its clocks
shown, a meeting added, the hearing booked, the legal notice written, the hearing
closed and voted, the Order issued and recorded, and the Certificate of Compliance.

The program runs on the real clock, so every date is worked out from today by the
rules cited beside it, not typed in."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, time, timedelta
from pathlib import Path
from typing import Any

from PySide6.QtCore import QDate, QDateTime, Qt, QTime
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QWidget,
)

from concom_desk.domain.ma_calendar import legal_holidays
from concom_desk.domain.plain_dates import long_date
from concom_desk.services.documents.drafts import DRAFT_MARK
from concom_desk.ui.calendar.booking_dialog import BookHearingDialog
from concom_desk.ui.calendar.hearing_dialogs import CloseHearingDialog
from concom_desk.ui.calendar.meeting_dialogs import ScheduleDialog, SpecialMeetingDialog
from concom_desk.ui.calendar.vote_dialog import VoteDialog
from concom_desk.ui.filings.decision_dialog import DecisionDialog
from concom_desk.ui.filings.document_maker import DocumentMakerDialog
from concom_desk.ui.filings.filing_form import FilingFormDialog
from concom_desk.ui.filings.filing_record import FilingRecordDialog
from tests.helpers.clock import TEST_TODAY
from tests.helpers.docx_reading import full_text, paragraphs
from tests.journeys.conftest import Steps, Wait, filled_form, top_level
from tests.journeys.first_run import COMMISSION, through_the_wizard

FILE_NO = "2026-101"


def hearing_by(received: date) -> date:
    """310 CMR 10.05(5)(a): the hearing within 21 days of receipt; a last day on a
    weekend or legal holiday moves to the next business day (M.G.L. c.4 §9)."""
    day = received + timedelta(days=21)
    while day.weekday() >= 5 or day in legal_holidays(day.year):
        day += timedelta(days=1)
    return day


def file_the_noi(town: str = "massachusetts", commission: str = COMMISSION) -> Steps:
    window = yield from through_the_wizard(town, commission)
    today = TEST_TODAY
    window.new_action.trigger()  # File → New filing…
    form: FilingFormDialog = yield Wait("the new filing form",
                                        lambda: top_level_dialog(FilingFormDialog))
    assert form.current_kind() == "noi"
    form.file_no.setText(FILE_NO)
    form.address.setText("12 Pond Road")
    form.map_lot.setText("14-22")
    form.work.setPlainText("Replace a failed septic system within the buffer zone")
    choose_tab(form.tabs, "&Parties")  # the applicant and the address, in their boxes
    form.parties_tab.applicant.setText("Daniel Forsberg")
    mail = form.parties_tab.applicant_mail
    for box, text in ((mail.street, "12 Pond Road"), (mail.city, "Upton"),
                      (mail.state, "MA"), (mail.zip, "01568")):
        box.setText(text)
    assert form.save_button.isEnabled(), form.problems.text()
    form.save_button.click()
    yield Wait("the new filing in the Filings list",
               lambda: any(r.file_no == FILE_NO for r in window.filings_tab.model.rows()))
    row = next(r for r in window.filings_tab.model.rows() if r.file_no == FILE_NO)
    assert (row.kind, row.status, row.received, row.applicant) == (
        "noi", "received", today, "Daniel Forsberg")
    # Filings tab, the row, Enter: its record opens.
    tabs = window.tabs
    tabs.setCurrentIndex(next(i for i in range(tabs.count()) if tabs.tabText(i) == "F&ilings"))
    table = window.filings_tab.table
    table.setFocus()
    shown = window.filings_tab.shown_rows()
    table.setCurrentIndex(table.model().index(shown.index(row), 0))
    QTest.keyClick(table, Qt.Key.Key_Return)
    record = yield Wait("its record with the deadlines",
                        lambda: (r := top_level(FilingRecordDialog)) and r.deadline_lines() and r)
    return window, row.id, record


def top_level_dialog(kind: type[QDialog]) -> QDialog | None:
    return top_level(kind)


def choose_tab(tabs: QTabWidget, text: str) -> QWidget:
    """The person clicks the tab with this label."""
    index = next((i for i in range(tabs.count()) if tabs.tabText(i) == text), -1)
    assert index >= 0, (text, [tabs.tabText(i) for i in range(tabs.count())])
    tabs.setCurrentIndex(index)
    shown = tabs.currentWidget()  # (a record's own tools are in a scroll area)
    return shown.widget() if isinstance(shown, QScrollArea) else shown


def test_a_notice_of_intent_is_filed_and_its_clocks_are_shown(
        run_program: Callable[[Steps], int]) -> None:
    def steps() -> Steps:
        window, filing_id, record = yield from file_the_noi()
        lines = record.deadline_lines()
        due = hearing_by(TEST_TODAY)
        (hearing,) = [line for line in lines if line[2] == "Open the public hearing"]
        assert hearing[0].startswith(due.isoformat())  # the grid shows "2026-12-22 Tue"
        assert hearing[1] == f"in {(due - TEST_TODAY).days} days"
        assert "310 CMR 10.05(5)(a)" in hearing[3]
        (abutters,) = [line for line in lines if line[2].startswith("Notify abutters")]
        assert abutters[:2] == (f"{TEST_TODAY.isoformat()} {TEST_TODAY:%a}", "due TODAY")
        record.close()
        window.close()

    assert run_program(steps()) == 0


ASSESSORS_LIST = (  # the assessor's certified list, as the town's office exports it
    "Parcel,Location,Owner,Mailing Address,City,State,Zip\n"
    "14-21,10 POND RD,SMITH ROBERT,3 ELM ST,UPTON,MA,01568\n"
    "14-23,14 POND RD,GREENWAY LAND TRUST INC,PO BOX 9,HOPEDALE,MA,01747\n"
)


def calendar_tab(window: Any) -> Any:
    tabs = window.tabs
    index = next(i for i in range(tabs.count()) if tabs.tabText(i) == "Hearing &calendar")
    tabs.setCurrentIndex(index)  # the person clicks the tab
    return tabs.currentWidget()


def press_save(dialog: QDialog) -> None:
    box = dialog.findChild(QDialogButtonBox)
    box.button(QDialogButtonBox.StandardButton.Save).click()


def assert_the_record_holds(db: Any, filing_id: int, today: date) -> None:
    """What the database holds after the evening, read apart from the window."""
    from sqlalchemy import select

    from concom_desk.store.models import (
        Abutter,
        AuditEntry,
        Filing,
        GeneratedDocument,
        Hearing,
        Meeting,
        Vote,
    )

    with db.read_session() as session:
        filing = session.get(Filing, filing_id)
        assert (filing.status, filing.received, filing.closed, filing.issued) == (
            "completed", today, today, today)
        assert (filing.recorded, filing.recorded_book, filing.recorded_page) == (
            today, BOOK, PAGE)
        owners = session.scalars(select(Abutter.owner_name)
                                 .where(Abutter.filing_id == filing_id)).all()
        assert sorted(owners) == ["Greenway Land Trust Inc", "Smith Robert"]  # as printed
        (hearing,) = session.scalars(select(Hearing).where(Hearing.filing_id == filing_id))
        meeting = session.get(Meeting, hearing.meeting_id)
        assert (meeting.held_on, meeting.start_time, meeting.kind, meeting.place) == (
            today, TONIGHT.strftime("%H:%M"), "special", "Town Hall, Room 2")
        (vote,) = session.scalars(select(Vote).where(Vote.filing_id == filing_id))
        assert (vote.result, vote.meeting_id, len(vote.member_votes)) == (
            "carried", meeting.id, 4)
        permits = session.scalars(select(GeneratedDocument.title).where(
            GeneratedDocument.filing_id == filing_id,
            GeneratedDocument.template == "permit.docx").order_by(GeneratedDocument.id)).all()
        assert permits == [f"DRAFT Permit {FILE_NO} {today}", f"Permit {FILE_NO} {today}"]
        changes = session.scalars(select(AuditEntry.action).where(
            AuditEntry.table_name == "filing", AuditEntry.record_id == filing_id)).all()
    assert changes[0] == "insert" and changes.count("update") >= 5  # every step audited


def change_status(record: Any, status: str,
                  fill: Callable[[DecisionDialog], None] | None = None) -> Steps:
    """In the record: choose the new status, today's date as offered, Change status; a
    decision (issued, denied, completed) is asked first, `fill` types it in."""
    record.reload()
    # Nothing is chosen until the clerk chooses: no click lands on a step by default.
    assert record.new_status.currentText() == "Choose…"
    assert not record.change_button.isEnabled()
    index = record.new_status.findData(status)
    assert index >= 0, (status, [record.new_status.itemData(i)
                                 for i in range(record.new_status.count())])
    record.new_status.setCurrentIndex(index)
    assert record.change_button.isEnabled(), record.status_reason.text()
    record.change_button.click()
    if status in ("issued", "denied", "completed"):
        dialog = yield Wait("the decision dialog",
                            lambda: isinstance(record.question, DecisionDialog)
                            and record.question.isVisible() and record.question)
        if fill is not None:
            fill(dialog)
        dialog.record_button.click()
    if status in FINAL:
        # A final status asks first; the clerk reads it and presses "Mark …".
        box = yield Wait("the question before a final status",
                         lambda: isinstance(record.question, QMessageBox)
                         and record.question.isVisible() and record.question)
        name = FINAL[status]
        assert box.objectName() == "final-status-question"
        assert box.text() == f"<b>Mark filing {record.detail.row.file_no} “{name}”?</b>"
        assert box.informativeText().startswith(MEANING[status])
        assert box.defaultButton() is box.button(QMessageBox.StandardButton.Cancel)
        assert box.go_ahead.text() == f"Mark “{name}”"
        box.go_ahead.click()
    yield Wait(f"the status {status}", lambda: record.detail.row.status == status)
    assert record.status_reason.text().startswith("Status changed to")


FINAL = {"completed": "Completed (COC issued)"}  # the final steps this journey takes
MEANING = {"completed": "This records that the work is finished and the Certificate of "
                        "Compliance has been issued."}


def make_permit(record: Any, template: str = "permit") -> Steps:
    """The record's "Make a document…", the permit chosen (or `template`), Make; sends
    back the dialog once the document is saved."""
    make = next(b for b in record.findChildren(QPushButton) if b.text() == "Make a &document…")
    make.click()
    maker: DocumentMakerDialog = yield Wait(
        "the Make a document dialog", lambda: top_level(DocumentMakerDialog))
    offered = [maker.template.itemData(i) for i in range(maker.template.count())]
    # Only the papers a Notice of Intent can have: never a determination.
    assert not {"determination-negative", "determination-positive"} & set(offered)
    if template != "permit":
        # The paper its state asks for comes first (a completed permit: its certificate).
        assert maker.template.currentData() == template, offered
    maker.template.setCurrentIndex(maker.template.findData(template))
    assert template != "permit" or maker.template.currentText() == "Permit"
    note = maker.draft_note.text()
    maker.make_button.click()
    yield Wait("the document made", lambda: maker.document_path is not None)
    return maker, note


def three_years_on(issued: date) -> date:
    """310 CMR 10.05(6)(d): an Order is valid for three years from issuance (a
    February 29 issuance runs to February 28)."""
    try:
        return issued.replace(year=issued.year + 3)
    except ValueError:
        return issued.replace(year=issued.year + 3, day=28)


def documents_listed(record: Any) -> list[tuple[str, str]]:
    """The record's Documents panel, row by row: (document, file)."""
    model = record.documents
    return [(model.index(r, 1).data(), model.index(r, 2).data())
            for r in range(model.rowCount())]


SPECIAL = "Plant 12 native shrubs along the wetland line before the deck is built."
TONIGHT = time(19, 0)  # 7 PM, the time the special meeting dialog offers
BOOK, PAGE = "61234", "118"  # from the Registry's recording receipt


def test_the_hearing_is_booked_held_voted_and_the_order_issued_recorded_and_completed(
        run_program: Callable[[Steps], int], tmp_path: Path) -> None:
    def steps() -> Steps:
        window, filing_id, record = yield from file_the_noi()
        today = TEST_TODAY
        db = window.db

        # Abutters: the assessor's list imported from a CSV, then the mailing made.
        panel = choose_tab(record.panels, "&Abutters")
        assert panel.count_label.text() == ("No abutter list yet: import the assessor's "
                                        "list, or compute it from the parcels.")
        panel.import_button.click()
        listing = tmp_path / "assessors-list.csv"
        listing.write_text(ASSESSORS_LIST, encoding="utf-8")
        importer = panel.import_dialog
        importer.load_file(listing)
        yield Wait("the list checked", lambda: not importer.busy
                   and importer.import_button.isEnabled())
        importer.import_button.click()
        yield Wait("the abutters imported", lambda: not importer.busy
                   and panel.count_label.text() == "2 owners to notify")
        importer.close()
        assert panel.tracking.model.rowCount() == 2
        panel.mailing_button.click()
        mailing = panel.mailing_dialog
        mailing.folder_edit.setText(str(tmp_path / "mailing"))
        mailing.make_button.click()
        yield Wait("the mailing made", lambda: not mailing.busy and mailing.open_buttons)
        assert "2 notices: the four documents are in" in mailing.status_label.text()
        assert sorted(p.name for p in (tmp_path / "mailing").iterdir()) == sorted(
            mailing.open_buttons)
        mailing.close()

        # A permit asked for before the hearing: said to be a DRAFT before Make, made as
        # one, with what the record lacks listed at its top (310 CMR 10.05(6)).
        missing = "no hearing date; no hearing closing date; no vote recorded; not issued"
        maker, note = yield from make_permit(record)
        assert "Will be made as a DRAFT — not for issue:" in note and f"{missing}." in note
        assert f"DRAFT — not for issue:</b> {missing}." in maker.result.text()
        draft = maker.document_path
        assert draft.name == f"DRAFT Permit {FILE_NO} {today}.docx" and draft.is_file()
        assert paragraphs(draft)[:2] == [DRAFT_MARK, f"Why it is a draft: {missing}."]
        maker.close()
        yield Wait("the draft in the record's documents",
                   lambda: documents_listed(record)[-1:] == [
                       (f"DRAFT Permit {FILE_NO} {today}", str(draft))])

        # The meeting tonight, added from the calendar (Meetings… → Special meeting…).
        tab = calendar_tab(window)
        yield Wait("the hearing calendar", lambda: tab.buttons)
        tab.go_to_day(today)
        tab.buttons["meetings"].click()
        schedule = tab.active_dialog
        assert isinstance(schedule, ScheduleDialog)
        next(b for b in schedule.findChildren(QPushButton)
             if b.text() == "Special meeting…").click()
        special = tab.active_dialog
        assert isinstance(special, SpecialMeetingDialog)
        # MGL c.30A §20(b): 48 hours' notice, weekends and holidays not counted. Tonight
        # is too late to post, so the dialog proposes a later day, not flagged...
        assert special.at.date().toPython() > today
        assert special.posting.text().startswith("Post its notice by ")
        # ...and the clerk, calling an emergency meeting, types tonight's date and time:
        # the red flag says the posting deadline has passed.
        special.at.setDateTime(QDateTime(QDate(today), QTime(TONIGHT.hour, TONIGHT.minute)))
        flag = special.posting.text()
        assert flag.startswith("Posting deadline passed ") and flag.endswith(
            " — post it now or choose a later date."), flag
        assert "#b71c1c" in special.posting.styleSheet()
        special.place.setText("Town Hall, Room 2")
        press_save(special)
        yield Wait("the meeting on today's calendar",
                   lambda: tab.status.text() == "Special meeting added."
                   and not tab.loader.loading)
        (tonight,) = [m for m in tab.snapshot.meetings if m.day == today]

        # The hearing booked at tonight's meeting, picked on purpose: a late meeting is
        # never the default (its warnings read and acknowledged).
        tab.go_to_day(today)
        tab.buttons["book"].click()
        # The dialog opens on the month as it is now: once any read under way is done.
        yield Wait("the booking dialog", lambda: isinstance(tab.active_dialog,
                                                            BookHearingDialog))
        booking = tab.active_dialog
        assert isinstance(booking, BookHearingDialog)
        booking.filing_box.setCurrentIndex(booking.filing_box.findData(filing_id))
        assert booking.meeting_box.currentData() is None
        assert booking.meeting_box.currentText() == "Choose a meeting…"
        assert not booking.book_button.isEnabled()
        at = booking.meeting_box.findData(tonight.meeting_id)
        assert "posting deadline passed" in booking.meeting_box.itemText(at)
        assert booking.meeting_box.itemData(at, Qt.ItemDataRole.ForegroundRole) == QColor(
            "#b71c1c")
        booking.meeting_box.setCurrentIndex(at)
        assert not any(t.startswith("STOP") for t in booking.findings.texts())
        if booking.acknowledge.isVisible():
            booking.acknowledge.setChecked(True)
        booking.book_button.click()
        # As the clerk sees it: the day shows the booking once the calendar is read again.
        yield Wait("the hearing booked", lambda: tab.status.text() == "Hearing booked."
                   and not tab.loader.loading)
        assert tab.day_model.rowCount() >= 1

        # The legal notice for the meeting.
        tab.go_to_day(today)
        tab.buttons["legal_notice"].click()
        yield Wait("the legal notice", lambda: tab.last_document is not None
                   or tab.status.text().startswith("First"))
        assert tab.last_document is not None and tab.last_document.is_file(), \
            tab.status.text()
        assert tab.status.text().startswith(f"Saved {tab.last_document}")

        # At the meeting: the hearing opened (from the record), closed, the vote taken.
        yield from change_status(record, "hearing")
        assert record.detail.form.hearing == today
        tab.go_to_day(today)
        tab.buttons["close"].click()  # the record's save is read first
        yield Wait("the close dialog", lambda: isinstance(tab.active_dialog,
                                                          CloseHearingDialog))
        closing = tab.active_dialog
        closing.closed_on.setDate(closing.closed_on.date())  # tonight, as offered
        closing.ok_button.click()
        yield Wait("the hearing closed", lambda: tab.status.text().startswith(
            "Hearing closed") and not tab.loader.loading)
        tab.go_to_day(today)
        tab.buttons["vote"].click()
        yield Wait("the vote dialog", lambda: isinstance(tab.active_dialog, VoteDialog))
        vote = tab.active_dialog
        vote.motion.setText("Issue an Order of Conditions for 12 Pond Road")
        vote.filing_box.setCurrentIndex(vote.filing_box.findData(filing_id))
        for box in list(vote.present.values())[:4]:
            box.setChecked(True)
        vote.ok_button.click()
        yield Wait("the vote recorded", lambda: tab.status.text().startswith("Vote recorded:"))
        assert tab.status.text() == "Vote recorded: Carried, 4 yes, 0 no."

        # The Order issued, from the record; its document made, now not a draft.
        record.reload()
        assert record.status_label.text() == "Status: <b>Hearing closed</b>"

        def order(dialog: DecisionDialog) -> None:
            assert dialog.kind.currentText() == "Order of Conditions (permit)"
            assert dialog.vote.text().startswith("“Issue an Order of Conditions for 12 Pond "
                                                 "Road”: carried, 4 yes, 0 no")
            dialog.conditions.setPlainText(SPECIAL)

        yield from change_status(record, "issued", order)
        maker, note = yield from make_permit(record)
        assert note == ""
        assert "DRAFT" not in maker.result.text()
        order = maker.document_path
        assert order.name == f"Permit {FILE_NO} {today}.docx" and order.is_file()
        text = full_text(order)
        assert "DRAFT" not in text
        lines = text.splitlines()

        def line_after(label: str) -> str:
            return lines[lines.index(label) + 1]

        assert line_after("Applicant") == "Daniel Forsberg, 12 Pond Road, Upton, MA 01568"
        assert line_after("Hearing") == f"{long_date(today)} (closed {long_date(today)})"
        assert line_after("Date of issuance") == long_date(today)
        assert line_after("Expires") == long_date(three_years_on(today))
        assert SPECIAL in text  # the decision's own special condition, as recorded
        maker.close()
        yield Wait("the Order in the record's documents",
                   lambda: documents_listed(record)[-2:] == [
                       (f"DRAFT Permit {FILE_NO} {today}", str(draft)),
                       (f"Permit {FILE_NO} {today}", str(order))])

        # Recorded: Edit…, the Recording tab, the Registry's book and page and the date.
        record.edit_button.click()
        form: FilingFormDialog = yield Wait("the filing form, to edit, filled",
                                            lambda: filled_form(top_level_dialog(FilingFormDialog)))
        assert form.windowTitle() == "Edit filing"
        choose_tab(form.tabs, "&Recording")
        form.dates["recorded"].setText(today.isoformat())
        form.recorded_book.setText(BOOK)
        form.recorded_page.setText(PAGE)
        assert form.save_button.isEnabled(), form.problems.text()
        form.save_button.click()
        yield Wait("the recording in the record's summary",
                   lambda: f"Recorded: {today}, Book {BOOK}, Page {PAGE}"
                   in record.summary.text().splitlines())

        # The work done: the Certificate of Compliance (a final step: asked first).
        def certificate(dialog: DecisionDialog) -> None:
            assert [dialog.kind.itemText(i) for i in range(dialog.kind.count())] == [
                "Certificate of Compliance", "Partial Certificate of Compliance"]
            dialog.inspected_on.setText(today.isoformat())
            dialog.inspected_by.setText("Jamie Park, Conservation Agent")
            dialog.inspection_findings.setText("Slopes stabilized; erosion controls removed.")

        yield from change_status(record, "completed", certificate)
        assert record.status_label.text() == "Status: <b>Completed (COC issued)</b>"

        # The certificate, from the permit's own record: no DRAFT, the permit's issue
        # date and recording, its own date, recorded after issue (not "before work").
        maker, note = yield from make_permit(record, "certificate-of-compliance")
        assert note == ""
        text = full_text(maker.document_path)
        assert "DRAFT" not in text and "Before any work begins" not in text
        lines = text.splitlines()
        assert lines[lines.index("Permit") + 1] == (
            f"{FILE_NO}, issued {long_date(today)}, recorded {long_date(today)}, Book {BOOK}, "
            f"Page {PAGE}")
        assert lines[lines.index("Site inspection") + 1] == (
            f"{long_date(today)}, by Jamie Park, Conservation Agent")
        assert lines[lines.index("Date of issuance") + 1] == long_date(today)
        assert "At the site inspection: Slopes stabilized; erosion controls removed." in lines
        maker.close()
        assert_the_record_holds(db, filing_id, today)
        record.close()
        window.close()

    assert run_program(steps()) == 0
