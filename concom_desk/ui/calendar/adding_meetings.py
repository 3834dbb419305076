"""Adding meetings to the calendar: the regular ones from the commission's schedule
(Meetings…), or a special one; and, when Book hearing… asked for them, back to the
booking with the first meeting added (ui/calendar/booking_flow.py)."""

from __future__ import annotations

from datetime import date
from typing import Any

from concom_desk.domain.meeting_schedule import months_ahead
from concom_desk.domain.plain_dates import weekday_date
from concom_desk.errors import UserError
from concom_desk.services.calendar.meetings import generate_meetings
from concom_desk.ui.calendar.meeting_dialogs import ScheduleDialog, SpecialMeetingDialog

SCHEDULE_MONTHS_AHEAD = 6  # how far ahead the regular meetings are added


def add_meetings(tab: Any) -> None:
    dialog = ScheduleDialog(tab.db, tab.today, parent=tab, now=tab.now())
    dialog.special_requested.connect(lambda: _special_meeting(tab))
    dialog.saved.connect(lambda start: _generate(tab, start))
    dialog.rejected.connect(tab.booking.take_waiting)  # no meeting added
    tab.run_dialog(dialog)


def _generate(tab: Any, start: date | None) -> None:
    start = start or tab.today
    booking = tab.booking.take_waiting()
    # Six months ahead, or through the month shown when the clerk looks further.
    shown = date(tab.month.yearShown(), tab.month.monthShown(), 1)
    usual = months_ahead(tab.today, SCHEDULE_MONTHS_AHEAD)
    end = max(usual, months_ahead(shown, 0))
    try:
        added = generate_meetings(tab.db, start, end)
    except UserError as exc:
        tab.say(str(exc), error=True)
        return

    def say_added() -> None:  # the meetings ahead are read again first
        ahead = sorted((m for m in tab.snapshot.meetings if m.meeting_id in added),
                       key=lambda m: m.at)
        first = ahead[0] if ahead else None
        span = (f"for the next {SCHEDULE_MONTHS_AHEAD} months" if end == usual
                else f"through {end:%B %Y}")
        tab.say(f"{len(added)} regular meetings added {span}"
                + (f", the first on {weekday_date(first.day)}." if first else "."))
        tab.booking.resume(booking, [m.meeting_id for m in ahead])
    tab.refresh(say_added)


def _special_meeting(tab: Any) -> None:
    # Taken now: the Meetings dialog that asked for this one is closing unsaved.
    booking = tab.booking.take_waiting()
    dialog = SpecialMeetingDialog(tab.db, tab.selected_day(), parent=tab, now=tab.now())
    dialog.added.connect(lambda _id: tab.say("Special meeting added."))
    dialog.added.connect(lambda meeting_id: tab.after_read(
        lambda: tab.booking.resume(booking, [meeting_id])))
    tab.run_dialog(dialog)
