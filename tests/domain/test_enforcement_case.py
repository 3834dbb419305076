"""The case lifecycle and the ratification of emergency orders (Sandwich §7.55
Part 2: ratified "at their next scheduled meeting")."""

from __future__ import annotations

from datetime import date

import pytest

from concom_desk.domain.enforcement_case import (
    ALLOWED,
    CaseStatus,
    RatificationState,
    check_order_signatures,
    check_transition,
    needs_ratification,
    parse_status,
    ratification_meeting,
    ratification_status,
)
from concom_desk.errors import UserError

S = CaseStatus

# The path the must-show case takes, and the ordinary path through a notice.
PATHS = [
    [S.OPEN, S.ORDER_ISSUED, S.RESTORATION, S.IN_COMPLIANCE, S.CLOSED],
    [S.OPEN, S.INSPECTED, S.NOTICE_SENT, S.ORDER_ISSUED, S.REFERRED_COUNSEL,
     S.REFERRED_POLICE, S.IN_COMPLIANCE, S.CLOSED],
    [S.OPEN, S.INSPECTED, S.CLOSED],  # inspection found no violation
]


@pytest.mark.parametrize("path", PATHS)
def test_lawful_paths_are_allowed(path):
    for current, target in zip(path, path[1:], strict=False):
        check_transition(current, target)


REFUSED = [
    (S.OPEN, S.CLOSED, "a case is closed only after the site is found in compliance"),
    (S.OPEN, S.NOTICE_SENT, "record the inspection first"),
    (S.OPEN, S.REFERRED_COUNSEL, "follows a violation notice or an enforcement order"),
    (S.ORDER_ISSUED, S.CLOSED, "only after the site is found in compliance"),
    (S.INSPECTED, S.INSPECTED, "already 'Inspected'"),
    (S.CLOSED, S.OPEN, "this case is closed and cannot change"),
    (S.IN_COMPLIANCE, S.OPEN, "cannot go back to open"),
]


@pytest.mark.parametrize(("current", "target", "message"), REFUSED)
def test_refused_moves_say_why(current, target, message):
    with pytest.raises(UserError, match=message):
        check_transition(current, target)


def test_every_status_but_closed_has_a_way_forward():
    assert [s for s in S if not ALLOWED[s]] == [S.CLOSED]


def test_status_is_parsed_from_code_or_label():
    assert parse_status("Referred to Town Counsel") is S.REFERRED_COUNSEL
    assert parse_status("notice_sent") is S.NOTICE_SENT
    with pytest.raises(UserError, match="unknown case status 'pending'"):
        parse_status("pending")


def test_single_signer_needs_ratification_only_in_an_emergency():
    # 7 members in office: a majority is 4.
    assert needs_ratification(emergency=True, signers=1, members_in_office=7)
    assert not needs_ratification(emergency=True, signers=4, members_in_office=7)
    check_order_signatures(emergency=True, signers=1, members_in_office=7)
    with pytest.raises(UserError, match=r"majority of the 7 members in office \(4\)"):
        check_order_signatures(emergency=False, signers=3, members_in_office=7)


FRI = date(2026, 12, 4)
WED = date(2026, 12, 9)
MEETINGS = [date(2026, 11, 25), date(2026, 12, 23), WED]


def test_next_meeting_after_a_friday_order_is_the_wednesday():
    assert ratification_meeting(FRI, MEETINGS) == WED


def test_an_order_issued_on_a_meeting_day_goes_to_the_following_meeting():
    assert ratification_meeting(WED, MEETINGS) == date(2026, 12, 23)


# (today, ratified on, expected state, meeting shown), issued Fri 12/4, next meeting Wed 12/9
STATES = [
    (date(2026, 12, 4), None, RatificationState.AWAITING, WED),
    (date(2026, 12, 9), None, RatificationState.AWAITING, WED),  # the evening of the meeting
    (date(2026, 12, 10), None, RatificationState.OVERDUE, WED),  # the meeting passed
    (date(2026, 12, 10), WED, RatificationState.RATIFIED, WED),
    (date(2026, 12, 30), date(2026, 12, 23), RatificationState.RATIFIED, date(2026, 12, 23)),
]


@pytest.mark.parametrize(("today", "ratified_on", "state", "meeting"), STATES)
def test_ratification_tracking(today, ratified_on, state, meeting):
    status = ratification_status(True, FRI, ratified_on, MEETINGS, today)
    assert (status.state, status.meeting) == (state, meeting)


def test_overdue_is_told_with_the_meeting_it_missed():
    status = ratification_status(True, FRI, None, MEETINGS, date(2026, 12, 10))
    assert status.overdue
    assert status.describe() == (
        "OVERDUE: not ratified at the meeting of Wednesday, December 9, 2026")


def test_no_meeting_scheduled_is_shown_as_such():
    status = ratification_status(True, FRI, None, [date(2026, 11, 25)], date(2026, 12, 5))
    assert status.state is RatificationState.NO_MEETING


def test_majority_signed_order_needs_no_ratification():
    status = ratification_status(False, FRI, None, MEETINGS, date(2027, 1, 1))
    assert status.state is RatificationState.NOT_NEEDED
