"""The deadline engine's mechanics, on a small made-up profile: fallbacks are
said in the label, moot deadlines drop out, flags choose between terms."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from concom_desk.domain.deadline_engine import compute_deadlines
from concom_desk.domain.town_profile import parse_profile
from concom_desk.errors import UserError

PROFILE = parse_profile(
    {
        "town": {"id": "testtown", "name": "Testtown", "source": "Testtown bylaw"},
        "deadline": [
            {"id": "hearing_by", "kinds": ["noi"], "from": "received", "count": 21,
             "unit": "days", "label": "Hold the hearing", "citation": "§ 1"},
            {"id": "legal_notice_by", "kinds": ["noi"],
             "from": ["hearing", "deadline:hearing_by"], "count": 5, "unit": "business_days",
             "direction": "before", "label": "Publish the notice", "citation": "§ 2"},
            {"id": "board_comment_period_ends", "kinds": ["noi"],
             "from": ["boards_notified", "received"], "count": 14, "unit": "days",
             "label": "Comment period ends", "citation": "§ 3"},
            {"id": "lapses", "kinds": ["noi"], "from": "received", "count": 1,
             "unit": "years", "until": "issued", "label": "Filing lapses", "citation": "§ 4"},
            {"id": "expires", "kinds": ["noi"], "from": "issued", "count": 5, "unit": "years",
             "when": "maintenance", "label": "Maintenance permit expires", "citation": "§ 5"},
            {"id": "expires", "kinds": ["noi"], "from": "issued", "count": 3, "unit": "years",
             "unless": "maintenance", "label": "Permit expires", "citation": "§ 5"},
            {"id": "extension_request_by", "kinds": ["noi"], "from": "deadline:expires",
             "count": 30, "unit": "days", "direction": "before",
             "label": "Ask for an extension", "citation": "§ 6"},
        ],
    },
    Path("testtown.toml"),
)


def by_id(kind: str = "noi", flags: frozenset[str] = frozenset(), **events: str
          ) -> dict[str, tuple[date, str]]:
    found = compute_deadlines(PROFILE, kind, {k: date.fromisoformat(v) for k, v in events.items()},
                              flags)
    return {d.id: (d.date, d.label) for d in found}


def test_a_deadline_without_its_event_is_left_out() -> None:
    assert set(by_id(received="2026-06-12")) == {
        "hearing_by", "legal_notice_by", "board_comment_period_ends", "lapses"}


def test_the_fallback_source_is_said_in_the_label() -> None:
    # Received Fri 6/12/2026: hearing by Fri 7/3; notice 5 business days before -> Fri 6/26.
    got = by_id(received="2026-06-12")
    when, label = got["legal_notice_by"]
    assert when == date(2026, 6, 26)
    assert "no hearing date yet" in label and "2026-07-03" in label
    when, label = got["board_comment_period_ends"]
    assert when == date(2026, 6, 26)
    assert "counted from receipt of the filing" in label


def test_the_real_event_wins_over_the_fallback_and_says_nothing() -> None:
    # Hearing booked Thu 7/2/2026: back Wed 1, Tue 30, Mon 29, Fri 26, Thu 25 -> 6/25.
    when, label = by_id(received="2026-06-12", hearing="2026-07-02")["legal_notice_by"]
    assert when == date(2026, 6, 25)
    assert label == "Publish the notice"


def test_a_moot_deadline_drops_out_once_its_until_event_is_known() -> None:
    assert by_id(received="2026-06-12")["lapses"][0] == date(2027, 6, 12)
    assert "lapses" not in by_id(received="2026-06-12", closed="2026-07-10",
                                 issued="2026-07-20")


def test_the_maintenance_flag_chooses_the_longer_term_and_chains_follow() -> None:
    plain = by_id(received="2026-06-12", closed="2026-07-10", issued="2026-07-20")
    maintenance = by_id("noi", frozenset({"maintenance"}), received="2026-06-12",
                        closed="2026-07-10", issued="2026-07-20")
    assert plain["expires"][0] == date(2029, 7, 20)
    assert maintenance["expires"][0] == date(2031, 7, 20)
    # 30 days before Fri 7/20/2029 = Wed 6/20; before Sun 7/20/2031 = Fri 6/20/2031.
    assert plain["extension_request_by"][0] == date(2029, 6, 20)
    assert maintenance["extension_request_by"][0] == date(2031, 6, 20)


def test_results_keep_the_profile_order() -> None:
    ids = list(by_id(received="2026-06-12", closed="2026-07-10", issued="2026-07-20"))
    assert ids == ["hearing_by", "legal_notice_by", "board_comment_period_ends", "expires",
                   "extension_request_by"]


def test_a_kind_with_no_rules_gives_nothing_and_is_not_covered() -> None:
    assert by_id("rda", received="2026-06-12") == {}
    assert not PROFILE.covers("rda") and PROFILE.covers("noi")


def test_events_are_checked_before_counting() -> None:
    with pytest.raises(UserError, match="has no occupancy permit"):
        by_id("rda", received="2026-06-12", occupancy="2026-07-01")
