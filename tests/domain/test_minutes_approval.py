"""Which motion is a vote on a meeting's minutes (MGL c.30A §22(c)), and the items
lacking the summary §22(a) asks for. Fixed dates: nothing here depends on today."""

from __future__ import annotations

from datetime import date

import pytest

from concom_desk.domain.minutes_approval import items_without_summary, why_not_on_minutes

MAR3 = date(2027, 3, 3)


@pytest.mark.parametrize(("motion", "approves"), [
    ("Approve the minutes of March 3, 2027", True),
    ("Motion to accept the minutes of Mar. 3 as amended", True),
    ("To approve the minutes of 3/3/27 as written", True),
    ("Approve minutes of 2027-03-03", True),
    ("Approve the minutes as written", True),  # names no day: the clerk attaches it
    ("Approve the minutes of March 3, 2027 and February 17, 2027", True),
    ("To adopt the FY28 budget request", False),  # the budget vote
    ("Approve the minutes of February 17, 2027", False),
    ("Approve the minutes of 3/3/2026", False),  # the year before
    ("Approve the minutes, 4-1", True),  # a tally, not April 1
])
def test_a_motion_approves_only_the_minutes_it_is_on(motion: str, approves: bool) -> None:
    assert (why_not_on_minutes(motion, MAR3, "March 3, 2027") is None) is approves


def test_the_refusal_says_what_to_record() -> None:
    assert why_not_on_minutes("To adopt the FY28 budget request", MAR3, "March 3, 2027") == (
        "the motion 'To adopt the FY28 budget request' is not a vote on minutes: minutes are "
        "approved only by a vote on those minutes (record one, e.g. \"Approve the minutes of "
        "March 3, 2027\")")


def test_items_without_a_summary_are_named() -> None:
    assert items_without_summary([("Pond Road", "Presented."), ("Elm Street", "  "),
                                  ("Other business", "")]) == ["Elm Street", "Other business"]
