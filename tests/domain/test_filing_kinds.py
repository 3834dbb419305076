"""Filing kinds and their events: what the command line accepts for each kind."""

from __future__ import annotations

from datetime import date

import pytest

from concom_desk.domain.filing_kinds import KINDS, check_events, kind_named
from concom_desk.errors import UserError


def test_kind_names_ignore_case_and_spaces() -> None:
    assert kind_named(" NOI ").code == "noi"


def test_unknown_kind_lists_the_kinds() -> None:
    with pytest.raises(UserError, match="unknown filing kind 'permit'; kinds are: rda, noi"):
        kind_named("permit")


@pytest.mark.parametrize(
    ("kind", "event"),
    [("rda", "occupancy"), ("extension", "hearing"), ("coc", "commenced"),
     ("emergency", "closed"), ("noi", "expiry")],
)
def test_an_event_the_kind_does_not_have_is_refused(kind: str, event: str) -> None:
    with pytest.raises(UserError, match=f"a filing of kind {kind}"):
        check_events(KINDS[kind], {event: date(2026, 6, 12)})


@pytest.mark.parametrize(
    ("earlier", "later"),
    [("received", "hearing"), ("hearing", "continued"), ("continued", "closed"),
     ("closed", "decided"), ("decided", "issued"), ("issued", "occupancy")],
)
def test_events_out_of_order_are_refused(earlier: str, later: str) -> None:
    events = {earlier: date(2026, 6, 12), later: date(2026, 6, 11)}
    with pytest.raises(UserError, match="cannot come before"):
        check_events(KINDS["noi"], events)


def test_same_day_events_are_allowed() -> None:
    day = date(2026, 6, 12)
    check_events(KINDS["noi"], {"received": day, "hearing": day, "closed": day, "issued": day})
