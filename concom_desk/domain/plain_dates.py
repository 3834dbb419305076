"""Dates and times written the way the commission writes them in letters and
on screen: "Wednesday, March 3, 2027", "7:00 PM"."""

from __future__ import annotations

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
