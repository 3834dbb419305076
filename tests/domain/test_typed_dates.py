"""The one way dates may be typed, in the window and on the command line: ISO
(2026-12-01) or month/day/year (12/1/2026). Each row worked out by hand."""

from __future__ import annotations

from datetime import date

import pytest

from concom_desk.domain.plain_dates import typed_date, typed_date_or_none

ACCEPTED = [
    ("2026-12-01", date(2026, 12, 1)),
    ("2026-12-1", date(2026, 12, 1)),       # ISO without the padding zero
    ("12/1/2026", date(2026, 12, 1)),       # month first, as the town hall writes it
    ("12/01/2026", date(2026, 12, 1)),
    ("1/12/2026", date(2026, 1, 12)),       # January 12th, not December 1st
    ("  11/11/2026 ", date(2026, 11, 11)),  # spaces around are dropped
    ("2/29/2028", date(2028, 2, 29)),       # 2028 is a leap year
    ("2024-02-29", date(2024, 2, 29)),
]

REFUSED = [
    "12/32/2026",   # December has 31 days
    "13/1/2026",    # no thirteenth month
    "2/29/2027",    # 2027 is not a leap year
    "2026-02-30",
    "12/1/26",      # two-digit year: 1926 or 2026? not guessed
    "Dec 1, 2026",
    "20261201",     # Python would read this as ISO; a clerk never types it
    "2026-W49-2",   # an ISO week date: the same
    "1.12.2026",
    "tomorrow",
]


@pytest.mark.parametrize(("text", "expected"), ACCEPTED)
def test_accepted(text: str, expected: date) -> None:
    assert typed_date(text) == expected


@pytest.mark.parametrize("text", REFUSED)
def test_refused_with_one_line(text: str) -> None:
    with pytest.raises(ValueError) as refused:
        typed_date(text)
    assert str(refused.value) == f"{text} is not a date: use 2026-12-01 or 12/1/2026"


def test_empty_field_is_no_date() -> None:
    assert typed_date_or_none("   ") is None
    assert typed_date_or_none("12/1/2026") == date(2026, 12, 1)
    with pytest.raises(ValueError, match="an empty date is not a date"):
        typed_date("")
