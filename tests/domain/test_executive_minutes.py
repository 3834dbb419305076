"""Executive-session minutes withheld until a later meeting votes to release them
(MGL c.30A §22(f)), and the yearly review while withheld (§22(g)(1)). Fixed dates:
nothing here depends on today."""

from __future__ import annotations

from datetime import date

import pytest

from concom_desk.domain.executive_minutes import (
    is_withheld,
    release_motion,
    review_due,
    review_reminder,
)

SESSION = date(2026, 3, 4)


@pytest.mark.parametrize(("released_on", "as_of", "withheld"), [
    (None, date(2027, 6, 1), True),                   # never released (§22(f))
    (SESSION, date(2027, 6, 1), True),                # voted in the session itself: not a release
    (date(2026, 5, 6), date(2026, 5, 5), True),       # release voted later than as_of
    (date(2026, 5, 6), date(2026, 5, 6), False),      # released at a later meeting
    (date(2026, 5, 6), date(2027, 6, 1), False),
])
def test_withheld_until_a_later_meeting_releases(released_on, as_of, withheld) -> None:
    assert is_withheld(SESSION, released_on, as_of) is withheld


@pytest.mark.parametrize(("session", "last", "due"), [
    (SESSION, None, date(2027, 3, 4)),                       # a year after the session
    (SESSION, date(2026, 9, 2), date(2027, 9, 2)),           # a year after the last review
    (date(2028, 2, 29), None, date(2029, 2, 28)),            # leap day: Feb 28 next year
])
def test_review_is_yearly_while_withheld(session, last, due) -> None:
    assert review_due(session, last) == due


def test_the_clerk_reads_the_session_by_its_date() -> None:
    assert review_reminder(SESSION) == (
        "Review withheld executive-session minutes of March 4, 2026")
    assert release_motion(SESSION) == (
        "To release the minutes of the executive session of March 4, 2026, "
        "their purpose having been served")
