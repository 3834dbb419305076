"""A meeting's papers, from the calendar: its legal notice and agenda made from the
templates, their publication and posting recorded, its minutes opened; and the whole
calendar written as an .ics file. The documents (python-docx, the templates) and the
.ics writer are imported when a button asks for them."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog

from concom_desk.domain.plain_dates import long_date, weekday_date_time
from concom_desk.errors import OperationFailed, UserError
from concom_desk.services.calendar.entries import HearingEntry
from concom_desk.services.calendar.loading import load_calendar
from concom_desk.ui.background import Progress, busy, run_in_background
from concom_desk.ui.calendar.notice_dialogs import PostingDialog, PublicationDialog

if TYPE_CHECKING:
    from concom_desk.services.calendar.ical_export import ExportSummary
    from concom_desk.ui.calendar.calendar_tab import CalendarTab


def _missing_descriptions(hearings: list[HearingEntry]) -> str:
    """The notice must say what work is proposed and where: name the filings that
    would print a blank ("…: , within .") so the clerk fills them in first."""
    blank = [h.file_no for h in hearings
             if not h.work_description.strip() or not h.resource_areas.strip()]
    if not blank:
        return ""
    return (f" Check before sending: no work description or resource areas for "
            f"{', '.join(blank)} (fill them in with Edit… on the filing, then make it again).")


def make_document(tab: CalendarTab, kind: str) -> None:
    """The meeting's legal notice or agenda, from its template, said where it was saved."""
    meeting = tab.meeting_for("the document is for")
    if meeting is None:
        return
    from concom_desk.services.calendar.meeting_documents import (
        write_agenda,
        write_legal_notice,
    )

    try:
        with busy():
            if kind == "legal-notice":
                path = write_legal_notice(tab.db, meeting.meeting_id, tab.today,
                                          form=tab.form_overrides.get(kind))
                due = meeting.publish_by()
                extra = f" It must be published by {long_date(due)}." if due else ""
            else:
                path = write_agenda(tab.db, meeting.meeting_id, tab.today,
                                    form=tab.form_overrides.get(kind))
                extra = f" Post it by {weekday_date_time(meeting.post_by)}."
    except (UserError, OperationFailed) as exc:
        tab.say(str(exc), error=True)
        return
    listed = meeting.advertised() if kind == "legal-notice" else meeting.hearings
    tab.say(f"Saved {path}.{extra}{_missing_descriptions(listed)}")
    tab.offer_document(path)
    tab.refresh()


def record_publication(tab: CalendarTab) -> None:
    meeting = tab.meeting_for("whose legal notice was published")
    if meeting is None:
        return
    dialog = PublicationDialog(tab.db, meeting, tab.today, parent=tab)
    dialog.recorded.connect(tab.say)
    tab.run_dialog(dialog)


def record_posting(tab: CalendarTab) -> None:
    """Asks when the notice and agenda went up, shows it, refuses without an agenda."""
    meeting = tab.meeting_for("whose agenda was posted")
    if meeting is None:
        return
    dialog = PostingDialog(tab.db, meeting, tab.now(), parent=tab)
    dialog.recorded.connect(tab.say)
    tab.run_dialog(dialog)


def open_minutes(tab: CalendarTab) -> None:
    from concom_desk.ui.calendar.minutes_view import MinutesDialog

    meeting = tab.meeting_for("whose minutes to write")
    if meeting is None:
        return
    try:
        dialog = MinutesDialog(tab.db, meeting.meeting_id, tab.today, parent=tab)
    except UserError as exc:
        tab.say(str(exc), error=True)
        return
    tab.run_dialog(dialog)


def open_executive_minutes(tab: CalendarTab) -> None:
    """The minutes of the meeting's executive session(s), kept apart and withheld."""
    from concom_desk.ui.calendar.executive_minutes_dialog import ExecutiveMinutesDialog

    meeting = tab.meeting_for("whose executive-session minutes to write")
    if meeting is None:
        return
    try:
        dialog = ExecutiveMinutesDialog(tab.db, meeting.meeting_id, parent=tab)
    except UserError as exc:
        tab.say(str(exc), error=True)
        return
    dialog.accepted.connect(lambda: tab.say(
        "Executive-session minutes saved: withheld until a later meeting releases them."))
    tab.run_dialog(dialog)


def export_ical(tab: CalendarTab) -> None:
    """The whole calendar, every meeting and deadline, as an .ics file."""
    name, _filter = QFileDialog.getSaveFileName(
        tab, "Export the calendar", str(Path.home() / "concom-calendar.ics"),
        "iCalendar files (*.ics)")
    if not name:
        return
    db = tab.db

    def work(progress: Progress) -> ExportSummary:
        from concom_desk.services.calendar.ical_export import write_calendar

        # The whole calendar, not the month on screen: every meeting and deadline.
        progress.report(10, "Reading every meeting and deadline…")
        snapshot = load_calendar(db)
        progress.report(70, "Writing the calendar file…")
        return write_calendar(snapshot, Path(name))

    def done(summary: ExportSummary) -> None:
        from concom_desk.services.calendar.ical_export import reminder_words

        reminder = (f"each with a reminder {reminder_words(summary.reminder_minutes)} "
                    "(Settings)" if summary.reminder_minutes else "no reminders (Settings)")
        tab.say(f"Exported {summary.meetings} meetings and {summary.deadlines} deadlines, "
                f"{reminder}, to {name}. Import it again later to update the same events.")

    run_in_background(tab, "Exporting the calendar", work, done,
                      lambda message: tab.say(message, error=True))
