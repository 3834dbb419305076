"""Extension requests the bylaw does not allow: one received after the permit expired
(every town: a permit is extended only on a request made before it expires), and
one past the town's count (Nantucket three 1-year extensions; Upton, Sandwich and
Shutesbury once). Each refusal names the date or the section."""

from __future__ import annotations

from datetime import date

import pytest

from concom_desk.domain.status_rules import ParentPermit, StatusFacts, check_status_change
from concom_desk.domain.town_profile import load_profile
from tests.conftest import REPO_ROOT

PERMIT = ParentPermit("2022-031", "issued", date(2022, 6, 10), date(2027, 6, 10))


def extension(received: date, before: int, town: str) -> StatusFacts:
    profile = load_profile(REPO_ROOT / "resources" / "towns" / f"{town}.toml")
    return StatusFacts(kind="extension", status="received", received=received,
                       parent=PERMIT, extensions_before=before,
                       extensions_allowed=profile.extensions_allowed,
                       extensions_citation=profile.extensions_citation)


def test_a_request_received_after_the_extended_expiry_is_refused() -> None:
    # Expiry in force 2027-06-10 (2022 order + 2 years, St. 2024 c.238 §280); the
    # request came 2027-06-11.
    refusal = check_status_change(extension(date(2027, 6, 11), 0, "massachusetts"),
                                  "issued", date(2027, 6, 11))
    assert refusal is not None
    assert refusal.startswith("Permit 2022-031 expired on June 10, 2027; an expired permit "
                              "cannot be extended, and this request was received on "
                              "June 11, 2027")


def test_a_request_on_the_expiry_day_is_in_time() -> None:
    assert check_status_change(extension(date(2027, 6, 1), 0, "massachusetts"),
                               "issued", date(2027, 6, 1)) is None


@pytest.mark.parametrize(("town", "before", "refused", "section"), [
    ("nantucket", 2, False, "Nantucket ch. 136"),  # the third of three one-year periods
    ("nantucket", 3, True, "Nantucket ch. 136"),   # a fourth: refused
    ("upton", 1, True, "Upton ch. 330, extensions ¶A"),
    ("sandwich", 1, True, "Sandwich § 7.35 Part 3"),
    ("shutesbury", 1, True, "Shutesbury § 7"),
    ("shutesbury", 0, False, "Shutesbury § 7"),
    ("bourne", 4, False, ""),  # BWR 1.05(10)(a): 'one or more periods of three years'
    ("massachusetts", 4, False, ""),  # 310 CMR 10.05(8)(a): 'one or more periods'
])
def test_the_town_count_of_extensions(town: str, before: int, refused: bool,
                                      section: str) -> None:
    refusal = check_status_change(extension(date(2027, 4, 1), before, town), "issued",
                                  date(2027, 4, 20))
    if not refused:
        assert refusal is None
        return
    assert refusal is not None
    assert refusal.startswith(f"Permit 2022-031 has already been extended "
                              f"{'once' if before == 1 else f'{before} times'}; the bylaw allows")
    assert section in refusal
