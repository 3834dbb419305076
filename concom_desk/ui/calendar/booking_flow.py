"""Book hearing…, and its way round an empty calendar: a clerk who opens the booking
with no meeting ahead presses Add a meeting…, adds the regular meetings (or a special
one), and is brought back to the booking on the filing she chose, the first new meeting
proposed -- she came to book a hearing, not to leave with the calendar filled in."""

from __future__ import annotations

from typing import Any

from concom_desk.errors import UserError
from concom_desk.services.calendar.hearings import preview_booking
from concom_desk.ui.calendar.booking_dialog import BookHearingDialog

CANDIDATES = 4  # the meetings added that are weighed for the booking proposed


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

    def resume(self, filing_id: int | None, meeting_ids: list[int]) -> None:
        """Back to the booking after meetings were added (in time order), when a
        booking asked: proposed, the first whose notices can still be on time."""
        if filing_id is not None and meeting_ids:
            self.book(filing_id, self._first_in_time(filing_id, meeting_ids))

    def _first_in_time(self, filing_id: int, meeting_ids: list[int]) -> int:
        """Of the first few meetings, the earliest with the fewest warnings: added
        today, the first regular meeting is often too soon for the legal notice
        ("can no longer be on time"), the next one not. A few reads: the hearing's
        own clock rules out the later ones anyway."""
        tab = self._tab
        best, fewest = meeting_ids[0], None
        for meeting_id in meeting_ids[:CANDIDATES]:
            try:
                review = preview_booking(tab.db, filing_id, meeting_id, tab.today,
                                         now=tab.now())
            except UserError:
                continue
            count = (review.blocked, len(review.warnings))
            if fewest is None or count < fewest:
                best, fewest = meeting_id, count
        return best
