"""Posting deadlines worked out by hand from MGL c.30A §20(b): 48 hours before the
meeting, counting only hours on Monday–Friday days that are not legal holidays
(MGL c.4 §7 cl.18)."""

from __future__ import annotations

from datetime import datetime

import pytest

from concom_desk.domain.open_meeting_law import posting_deadline, posting_passed

CASES = [
    # meeting, post by, how it was counted by hand
    ("2027-03-03T19:00", "2027-03-01T19:00", "Wed 19h + Tue 24h + Mon 5h"),
    ("2027-03-01T19:00", "2027-02-25T19:00", "Mon 19h, skip Sun/Sat, Fri 24h, Thu 5h"),
    ("2027-03-05T09:30", "2027-03-03T09:30", "Fri 9.5h + Thu 24h + Wed 14.5h"),
    # Thanksgiving 2026 is Thu Nov 26; the Friday after is NOT a legal holiday.
    ("2026-11-30T19:00", "2026-11-25T19:00", "Mon 19h, skip Sun/Sat, Fri 24h, skip Thu, Wed 5h"),
    ("2026-11-27T19:00", "2026-11-24T19:00", "Fri 19h, skip Thanksgiving, Wed 24h, Tue 5h"),
    ("2026-12-01T19:00", "2026-11-27T19:00", "Tue 19h, Mon 24h, skip Sun/Sat, Fri 5h"),
    # New Year's Day 2027 is a Friday.
    ("2027-01-04T19:00", "2026-12-30T19:00", "Mon 19h, skip Sun/Sat/Fri Jan 1, Thu 24h, Wed 5h"),
    ("2027-01-05T19:00", "2026-12-31T19:00", "Tue 19h, Mon 24h, skip Sun/Sat/Jan 1, Thu 5h"),
    # New Year's Day 2028 is a Saturday: not moved, so Fri Dec 31 2027 counts.
    ("2028-01-03T19:00", "2027-12-30T19:00", "Mon 19h, skip Sun/Sat, Fri 24h, Thu 5h"),
    # Patriots' Day 2027 is Mon April 19 (third Monday of April).
    ("2027-04-21T19:00", "2027-04-16T19:00", "Wed 19h, Tue 24h, skip Mon/Sun/Sat, Fri 5h"),
    ("2027-04-20T19:00", "2027-04-15T19:00", "Tue 19h, skip Mon/Sun/Sat, Fri 24h, Thu 5h"),
    # A Saturday-morning site walk: Sat hours do not count.
    ("2027-03-06T10:00", "2027-03-04T00:00", "skip Sat, Fri 24h, Thu 24h"),
    # Midnight meeting start: the whole previous days count.
    ("2027-03-04T00:00", "2027-03-02T00:00", "Wed 24h + Tue 24h"),
]


@pytest.mark.parametrize(("meeting", "post_by", "how"), CASES)
def test_posting_deadline_by_hand(meeting: str, post_by: str, how: str) -> None:
    assert posting_deadline(datetime.fromisoformat(meeting)) == datetime.fromisoformat(post_by)


def test_posting_passed_one_minute_late() -> None:
    meeting = datetime(2027, 3, 3, 19, 0)
    assert not posting_passed(meeting, datetime(2027, 3, 1, 19, 0))
    assert posting_passed(meeting, datetime(2027, 3, 1, 19, 1))
