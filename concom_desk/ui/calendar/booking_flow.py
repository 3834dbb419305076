"""Book hearing…, and its way round an empty calendar: a clerk who opens the booking
with no meeting ahead presses Add a meeting…, adds the regular meetings (or a special
one), and is brought back to the booking on the filing she chose, the first new meeting
proposed -- she came to book a hearing, not to leave with the calendar filled in."""

from __future__ import annotations

from typing import Any

from concom_desk.ui.calendar.booking_dialog import BookHearingDialog


class BookingFlow:
    """The booking dialog of one calendar tab, and the filing waiting for a meeting."""

    def __init__(self, tab: Any) -> None:
        self._tab = tab
        self._waiting: int | None = None  # the filing whose booking asked for meetings

    def book(self, filing_id: int | None = None, meeting_id: int | None = None) -> None:
        tab = self._tab
        dialog = BookHearingDialog(tab.db, list(tab.snapshot.meetings), tab.today,
                                   filing_id=filing_id, meeting_id=meeting_id,
                                   parent=tab, now=tab.now())
        dialog.booked.connect(lambda _id: tab.say("Hearing booked."))
        dialog.add_meeting_requested.connect(
            lambda: self._meetings_for(dialog.filing_box.currentData()))
        dialog.new_filing_requested.connect(tab.new_filing_requested)
        tab.run_dialog(dialog)

    def _meetings_for(self, filing_id: int | None) -> None:
        self._waiting = filing_id
        self._tab.add_meetings()

    def take_waiting(self) -> int | None:
        """The filing waiting for a meeting, once: meetings were added (or the clerk
        gave up adding them, and nothing is reopened later by surprise)."""
        waiting, self._waiting = self._waiting, None
        return waiting

    def resume(self, filing_id: int | None, meeting_id: int | None) -> None:
        """Back to the booking after meetings were added, when a booking asked."""
        if filing_id is not None and meeting_id is not None:
            self.book(filing_id, meeting_id)
