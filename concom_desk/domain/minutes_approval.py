"""Which motion approves a meeting's minutes, and what the minutes still lack.

Minutes are approved by the body's vote on those minutes (MGL c.30A §22(c):
minutes "shall be created and approved in a timely manner"): a budget vote
carried at the same later meeting approves nothing, however convenient it is
to pick. A motion is on the minutes of a meeting when it speaks of minutes and,
if it names a day, names that meeting's day ("Approve the minutes of March 3,
2027", "…of 3/3/27", "…of March 3"). A motion on minutes that names no day
("Approve the minutes as written") is the clerk's to attach.

§22(a) asks the minutes for "a summary of the discussions on each subject":
an item with no summary is worth a warning before the set is locked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date

MINUTES_APPROVAL_CITATION = (
    "MGL c.30A §22(c): minutes created and approved in a timely manner, by the body's vote "
    "on those minutes")
SUMMARY_CITATION = "MGL c.30A §22(a): a summary of the discussions on each subject"

_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december")
_MONTH_WORD = re.compile(
    r"\b(" + "|".join(m[:3] for m in _MONTHS) + r")[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?"
    r"(?:,?\s+(\d{4}))?", re.IGNORECASE)
# Slashes only: "4-1" in a motion is more likely a tally than April 1.
_NUMERIC = re.compile(r"\b(\d{1,2})/(\d{1,2})(?:/(\d{2}|\d{4}))?\b")
_ISO = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b")
_MINUTES = re.compile(r"\bminutes\b", re.IGNORECASE)


def _days_named(motion: str) -> list[tuple[int, int, int | None]]:
    """(month, day, year or None) for each day the motion names."""
    named: list[tuple[int, int, int | None]] = []
    rest = motion
    for match in _ISO.finditer(motion):
        named.append((int(match[2]), int(match[3]), int(match[1])))
    rest = _ISO.sub(" ", rest)
    for match in _MONTH_WORD.finditer(rest):
        month = next(i for i, m in enumerate(_MONTHS, 1) if m.startswith(match[1].lower()))
        named.append((month, int(match[2]), int(match[3]) if match[3] else None))
    for match in _NUMERIC.finditer(_MONTH_WORD.sub(" ", rest)):
        year = match[3]
        full_year = None if year is None else int(year) + (2000 if len(year) == 2 else 0)
        named.append((int(match[1]), int(match[2]), full_year))
    return named


def _is_day(named: tuple[int, int, int | None], day: date) -> bool:
    month, day_of_month, year = named
    return (month, day_of_month) == (day.month, day.day) and year in (None, day.year)


def why_not_on_minutes(motion: str, meeting_day: date, meeting_words: str) -> str | None:
    """None when the motion is a vote on the minutes of the meeting held on
    meeting_day; otherwise one line saying why it does not approve them
    (meeting_words: how the meeting is written, "March 3, 2027")."""
    if not _MINUTES.search(motion):
        return (f"the motion {motion!r} is not a vote on minutes: minutes are approved only "
                f"by a vote on those minutes (record one, e.g. \"Approve the minutes of "
                f"{meeting_words}\")")
    named = _days_named(motion)
    if named and not any(_is_day(n, meeting_day) for n in named):
        return (f"the motion {motion!r} names another day: it does not approve the minutes "
                f"of {meeting_words}")
    return None


def items_without_summary(items: Iterable[tuple[str, str]]) -> list[str]:
    """The headings of the items (heading, summary) that have no summary."""
    return [heading for heading, summary in items if not summary.strip()]
