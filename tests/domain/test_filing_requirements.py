"""What the new-filing form refuses, in the words a clerk reads."""

from __future__ import annotations

from datetime import date

import pytest

from concom_desk.domain.filing_requirements import parse_date, problems

TODAY = date(2026, 11, 30)
GOOD = {"file_no": "2026-41", "applicant": "Jane Doe", "address": "12 Pond Rd"}


def test_a_complete_noi_has_no_problems() -> None:
    assert problems("noi", GOOD, {"received": date(2026, 11, 2)}, TODAY) == []


@pytest.mark.parametrize(("kind", "text", "dates", "expected"), [
    ("noi", {**GOOD, "file_no": " "}, {"received": date(2026, 11, 2)}, "Local file number"),
    ("noi", {**GOOD, "dep_file_no": "SE 0821234"}, {"received": date(2026, 11, 2)},
     "write it as MassDEP gave it, like SE 082-1234 or 242-1406"),
    ("noi", {**GOOD, "address": ""}, {"received": date(2026, 11, 2)}, "Street address"),
    ("amendment", GOOD, {"received": date(2026, 11, 2)}, "the permit being amended"),
    ("coc", {**GOOD, "address": ""}, {"received": date(2026, 11, 2)},
     "the permit whose work is complete"),
    ("noi", GOOD, {"received": None}, "Received: give the date"),
    ("noi", GOOD, {"received": date(2026, 12, 2)}, "in the future"),
    ("noi", GOOD, {"received": date(2026, 11, 2), "hearing": date(2026, 11, 1)},
     "Hearing opened (2026-11-01) cannot come before received (2026-11-02)"),
    ("noi", GOOD, {"received": date(2026, 11, 2), "hearing": date(2026, 11, 18),
                   "closed": date(2026, 11, 4)}, "Hearing closed (2026-11-04) cannot come"),
    ("extension", {**GOOD, "parent_file_no": "2024-7"},
     {"received": date(2026, 11, 2), "hearing": date(2026, 11, 18)}, "has no hearing"),
])
def test_problem_named(kind: str, text: dict[str, str], dates: dict[str, date | None],
                       expected: str) -> None:
    assert any(expected in p for p in problems(kind, text, dates, TODAY))


# DOMAIN.md ("WPA forms"): DEP file numbers look like 242-1406 and SE 083-1352 — a region
# prefix (not always written), the town's number, a sequence.
@pytest.mark.parametrize(("typed", "taken"), [
    ("SE 083-1352", True), ("242-1406", True), ("se 7-15", True), ("CE310-0456", True),
    ("SE 0821234", False), ("SE-082", False), ("1234", False), ("SE 082-1234-5", False),
    ("SE 1082-1234", False),
])
def test_dep_file_numbers_as_massdep_writes_them(typed: str, taken: bool) -> None:
    refused = any("DEP file number" in p
                  for p in problems("noi", {**GOOD, "dep_file_no": typed},
                                    {"received": date(2026, 11, 2)}, TODAY))
    assert refused is not taken


def test_dates_typed_both_ways() -> None:
    assert parse_date("2026-11-05") == date(2026, 11, 5)
    assert parse_date("11/5/2026") == date(2026, 11, 5)
    assert parse_date("  ") is None
    with pytest.raises(ValueError, match="Nov 5 is not a date: use 2026-12-01 or 12/1/2026"):
        parse_date("Nov 5")
