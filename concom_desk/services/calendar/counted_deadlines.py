"""The filings' deadlines the calendar has counted, kept while the records stay as they
were: turning the month, the calendar counts only the filings it had not counted yet.

Counting a month's deadlines is most of its read (a month of the 4x demo town reads
about 1,500 filings that may have a deadline in it, each counted through the engine:
1-2 s); the next month's candidates are mostly the same filings. A filing's deadlines
depend on the records alone (its row, the permit it extends, the acts recorded
elsewhere, the meeting its hearing is booked on, the commission's closures) and on the
town profiles, never on the day they are shown: so what was counted stands as long as
no desk has saved anything, which the audit trail tells (every change to the records
is an entry in it: its newest entry's id is the records' `mark`), and the profiles are
the same. The filings that may have a deadline in a month are kept too (the query
that finds them is most of a month read again). Kept by whoever shows the calendar
(ui/calendar/calendar_tab.py), one per database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date

from concom_desk.domain.town_profile import TownProfile
from concom_desk.services.calendar.entries import DeadlineEntry


@dataclass
class Counted:
    """What was counted at one mark of the records."""

    # filing id -> its deadlines on every day (each month's are picked out of them)
    deadlines: dict[int, tuple[DeadlineEntry, ...]] = field(default_factory=dict)
    # (first day, last day) -> the filings that may have a deadline in those days
    candidates: dict[tuple[date, date], list[int]] = field(default_factory=dict)


class CountedDeadlines:
    def __init__(self) -> None:
        self._counted_at: tuple[int, frozenset[tuple[str, int]]] | None = None
        self._counted = Counted()

    def at(self, mark: int, profiles: Mapping[str, TownProfile]) -> Counted:
        """What was counted when the records were at `mark` with these profiles
        (nothing, and kept from now on, when they were not). A read still running from
        an older mark keeps what it was given: what it adds is never taken for the
        records as they are now."""
        key = (mark, frozenset((town, id(profile)) for town, profile in profiles.items()))
        if key != self._counted_at:
            self._counted_at, self._counted = key, Counted()
        return self._counted
