"""Dates and times written the way the commission writes them in letters and
on screen: "Wednesday, March 3, 2027", "7:00 PM"; and the dates a clerk may type."""

from __future__ import annotations

import re
from datetime import date, datetime, time


def long_date(day: date | None) -> str:
    """'March 3, 2027' (no leading zero, as in a letter; not strftime's %-d, which
    Windows lacks), or '' for no date: the one date format of every letter."""
    return f"{day:%B} {day.day}, {day.year}" if day else ""


def weekday_date(day: date) -> str:
    """'Wednesday, March 3, 2027'."""
    return f"{day:%A}, {long_date(day)}"


def clock_time(moment: time | datetime) -> str:
    """'7:00 PM', '12:30 PM' (12-hour clock, no leading zero)."""
    hour = moment.hour % 12 or 12
    return f"{hour}:{moment.minute:02d} {'AM' if moment.hour < 12 else 'PM'}"


def weekday_date_time(moment: datetime) -> str:
    """'Monday, March 1, 2027 7:00 PM'."""
    return f"{weekday_date(moment.date())} {clock_time(moment)}"


# The two ways a date may be typed, in the window and on the command line alike:
# ISO (2026-12-01) and the town hall's habit, month/day/year (12/1/2026). Nothing
# else: "12/1/26" or "Dec 1" would each be a guess about what the clerk meant.
_ISO = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
_MDY = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})$")


def typed_date(text: str) -> date:
    """A date as typed, 2026-12-01 or 12/1/2026; ValueError with one line otherwise."""
    text = text.strip()
    iso, mdy = _ISO.match(text), _MDY.match(text)
    try:
        if iso:
            return date(int(iso[1]), int(iso[2]), int(iso[3]))
        if mdy:
            return date(int(mdy[3]), int(mdy[1]), int(mdy[2]))
    except ValueError:
        pass
    raise ValueError(f"{text or 'an empty date'} is not a date: use 2026-12-01 or 12/1/2026")


def typed_date_or_none(text: str) -> date | None:
    """typed_date, where an empty field means no date."""
    return typed_date(text) if text.strip() else None
