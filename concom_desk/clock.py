"""The program's clock: the one place it asks what day it is and what time.

Every deadline is counted from "today", so every screen, paper and command asks this
module and nothing else (`date.today()` and `datetime.now()` are refused elsewhere by
tests/test_house_rules.py). `CONCOM_DESK_TODAY=YYYY-MM-DD` sets the day the program
counts from: the tests and the journeys fix it, so that none of them depends on the day
it runs, and a clerk can see what the window will say on a given day. Set, the day is
that day and the time of day is the machine's, so that what is done in one run stays in
the order it was done.

What the clock does not govern: the audit trail's moments, which the database stamps
itself (store/audit.py) with the machine's time, as evidence of when a change was typed,
and the age of files on disk (locks, scratch files), which the operating system keeps.
"""

from __future__ import annotations

import os
from datetime import UTC, date, datetime

from concom_desk.errors import UserError

TODAY_SETTING = "CONCOM_DESK_TODAY"


def _set_day() -> date | None:
    text = os.environ.get(TODAY_SETTING, "").strip()
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise UserError(f"{TODAY_SETTING} must be a date written YYYY-MM-DD, not {text!r}"
                        ) from None


def day_set() -> date | None:
    """The day set in CONCOM_DESK_TODAY, if one is (the window says so at its foot)."""
    return _set_day()


def setting_problem() -> str:
    """What is wrong with the day set, in one line ("" when nothing is): the entrances
    ask before anything counts from it."""
    try:
        _set_day()
    except UserError as exc:
        return str(exc)
    return ""


def today() -> date:
    """The day the program counts from: the laptop's date, or the one set."""
    return _set_day() or date.today()  # noqa: DTZ011 - the one reading of the real day


def now() -> datetime:
    """This moment in UTC (aware): on the set day when one is set."""
    moment = datetime.now(UTC)
    day = _set_day()
    if day is None:
        return moment
    return moment.replace(year=day.year, month=day.month, day=day.day)


def local_now() -> datetime:
    """This moment on the laptop's own clock (naive local time), on the set day if any."""
    moment = datetime.now()  # noqa: DTZ005 - the clerk's wall clock, for names and times
    day = _set_day()
    if day is None:
        return moment
    return moment.replace(year=day.year, month=day.month, day=day.day)
