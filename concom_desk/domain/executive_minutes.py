"""Executive-session minutes: withheld until the commission votes to release them
(MGL c.30A §22(f),(g)), and reviewed while withheld.

§22(f): executive-session minutes may be withheld "as long as publication may defeat
the lawful purposes of the executive session, but no longer"; §22(g)(1): the body
reviews them periodically to decide whether nondisclosure is still warranted. The
program keeps them withheld until a release vote at a later meeting names the
session, and reminds the clerk yearly (the review interval this program uses; the
statute says only "periodically") while they stay withheld.
"""

from __future__ import annotations

from datetime import date

from concom_desk.domain.plain_dates import long_date

WITHHOLDING_CITATION = ("MGL c.30A §22(f): executive-session minutes may be withheld as long "
                        "as publication may defeat the lawful purposes of the session, but no "
                        "longer")
REVIEW_CITATION = ("MGL c.30A §22(g)(1): withheld executive-session minutes are reviewed "
                   "periodically")


def release_motion(session_day: date) -> str:
    """The motion a later meeting votes on; it names the session by its date."""
    return (f"To release the minutes of the executive session of {long_date(session_day)}, "
            "their purpose having been served")


def is_withheld(session_day: date, released_on: date | None, as_of: date) -> bool:
    """Withheld unless a release vote was taken, at a meeting after the session, on or
    before `as_of` (a release voted in the session itself is not a release: §22(f)
    asks whether the purpose is served, which a later meeting decides)."""
    return not (released_on is not None and session_day < released_on <= as_of)


def _one_year_after(day: date) -> date:
    # February 29 has no twin a year on; the review falls on February 28.
    try:
        return day.replace(year=day.year + 1)
    except ValueError:
        return day.replace(year=day.year + 1, day=28)


def review_due(session_day: date, last_reviewed: date | None) -> date:
    """The next yearly review: a year after the last review, or after the session."""
    return _one_year_after(max(session_day, last_reviewed or session_day))


def review_reminder(session_day: date) -> str:
    """The line shown with the other reminders on Today."""
    return f"Review withheld executive-session minutes of {long_date(session_day)}"
