"""A town's own filing fees as its profile lists them: listed with their citation when
the profile has a schedule, and otherwise the profile's word on why there is none (no
shipped profile invents an amount: the bylaws leave them to regulations not profiled)."""

from __future__ import annotations

from pathlib import Path

import pytest

from concom_desk.domain.local_fees import NO_SCHEDULE, local_fee_words, local_fees_for
from concom_desk.domain.town_profile import ProfileError, load_profile, load_profiles
from concom_desk.paths import towns_dir
from tests.domain.test_town_profile import GOOD

SCHEDULE = '''
[fees]
citation = "Testtown Wetland Regulations § 4"
[[fees.schedule]]
kinds = ["noi"]
label = "Notice of Intent"
amount = 150
citation = "Regulations § 4.1"
[[fees.schedule]]
kinds = ["rda", "noi"]
label = "Legal advertisement"
amount = 62.5
citation = "Regulations § 4.3"
'''


def test_a_schedule_lists_each_fee_with_its_citation(tmp_path: Path) -> None:
    path = tmp_path / "testtown.toml"
    path.write_text(GOOD + SCHEDULE, encoding="utf-8")
    fees = load_profile(path).fees
    assert [(f.label, f.amount_cents) for f in local_fees_for(fees, "noi")] == [
        ("Notice of Intent", 15000), ("Legal advertisement", 6250)]
    assert local_fee_words(fees, "rda") == "Legal advertisement: $62.50 (Regulations § 4.3)"


@pytest.mark.parametrize(("entry", "said"), [
    ('kinds = ["noi"]\nlabel = "NOI"\namount = -5\ncitation = "§ 4"', "amount must be dollars"),
    ('kinds = ["pond"]\nlabel = "NOI"\namount = 5\ncitation = "§ 4"', "kinds must name"),
    ('kinds = ["noi"]\nlabel = "NOI"\namount = 5',
     "give exactly kinds, label, amount and citation"),
])
def test_a_wrong_schedule_entry_refuses_the_profile(tmp_path: Path, entry: str,
                                                     said: str) -> None:
    path = tmp_path / "testtown.toml"
    path.write_text(GOOD + '[fees]\ncitation = "§ 4"\n[[fees.schedule]]\n' + entry,
                    encoding="utf-8")
    with pytest.raises(ProfileError, match=f"schedule entry 1: {said}"):
        load_profile(path)


def test_every_shipped_profile_says_where_its_fees_are_set() -> None:
    for profile in load_profiles(towns_dir()).values():
        words = local_fee_words(profile.fees, "noi")
        assert profile.fees.get("schedule_note"), profile.id
        assert words.startswith(profile.fees["schedule_note"]) and words.endswith(NO_SCHEDULE)
