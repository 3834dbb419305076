"""What the Hearing calendar tab reads for the month it shows, off the window's thread:
the six weeks of its grid, the meetings ahead, the town's business calendar."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import date, timedelta

from concom_desk.domain.ma_calendar import BusinessCalendar
from concom_desk.errors import UserError
from concom_desk.services.calendar.counted_deadlines import CountedDeadlines
from concom_desk.services.calendar.entries import CalendarSnapshot
from concom_desk.services.calendar.loading import load_calendar
from concom_desk.services.database import Database
from concom_desk.services.filings.deadlines import town_closures
from concom_desk.ui.background import Cancelled

GRID_DAYS = 42  # the month grid: six weeks, from the Sunday on or before the 1st

_log = logging.getLogger(__name__)


def grid_days(year: int, month: int) -> tuple[date, date]:
    """The first and last day the month grid of `month` shows."""
    first = date(year, month, 1)
    start = first - timedelta(days=(first.weekday() + 1) % 7)
    return start, start + timedelta(days=GRID_DAYS - 1)


def read_month(db: Database, start: date, end: date, today: date,
               counted: CountedDeadlines | None = None,
               check: Callable[[], None] | None = None
               ) -> tuple[CalendarSnapshot, BusinessCalendar, str]:
    """What the tab shows for a month (read off the GUI thread): the meetings and
    deadlines of its grid, the meetings from today on (the agenda list), the town's
    business calendar; and the problem to tell, if the calendar could not be read.
    `counted`: the filings' deadlines the tab's earlier months counted (kept while
    no desk saves). `check` raises to stop a read the tab no longer waits for (the
    clerk turned past the month): what it counted stays counted."""
    try:
        snapshot = load_calendar(db, start, end, agenda_from=today, counted=counted,
                                 check=check)
        problem = ""
    except UserError as exc:
        snapshot, problem = CalendarSnapshot(identity="", commission_name=""), str(exc)
    try:
        with db.read_session() as session:
            dates, rules = town_closures(session)
        business = BusinessCalendar.with_closures(dates, tuple(rules))
    except ValueError:  # an unknown closure rule: the settings dialog names it
        business = BusinessCalendar()
    return snapshot, business, problem


def month_beside(year: int, month: int, step: int) -> tuple[int, int]:
    """The month `step` months after `year`-`month` (before it when negative)."""
    index = year * 12 + month - 1 + step
    return index // 12, index % 12 + 1


def count_ahead(db: Database, year: int, month: int, counted: CountedDeadlines,
                check: Callable[[], None] | None = None) -> None:
    """The deadlines of the filings of the months either side of the one shown counted
    into `counted`, behind it (off the GUI thread): the clerk's next turn of the page
    finds them counted. A head start only: whatever stops it (`check` raises once a
    month is asked for, so the month's read does not count beside it the filings both
    would count), the month's own read counts what it needs and says what went wrong."""
    count_months(db, [month_beside(year, month, step) for step in (1, -1)], counted, check)


def count_months(db: Database, months: list[tuple[int, int]], counted: CountedDeadlines,
                 check: Callable[[], None] | None = None) -> None:
    """The deadlines of the filings of `months` ((year, month), in turn) counted into
    `counted`, off the GUI thread: a head start for reads to come (`count_ahead`, and
    the window's before the calendar's first visit)."""
    for year, month in months:
        start, end = grid_days(year, month)
        try:
            load_calendar(db, start, end, counted=counted, check=check)
        except Exception:  # noqa: BLE001 (see count_ahead: nothing is lost, nothing to tell)
            _log.debug("counting ahead stopped", exc_info=True)
            return


def stopped_by(stop: threading.Event) -> Callable[[], None]:
    """A read's `check` that stops it (raises) once `stop` is set."""
    def check() -> None:
        if stop.is_set():
            raise Cancelled
    return check
