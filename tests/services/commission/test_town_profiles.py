"""A clerk's own profiles in the data folder's `towns/` add towns or replace
shipped ones; a broken one is refused by name."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from concom_desk.domain.deadline_engine import compute_deadlines
from concom_desk.domain.town_profile import ProfileError
from concom_desk.paths import towns_dir
from concom_desk.services.commission.town_profiles import (
    available_profiles,
    profile_for,
    user_towns_dir,
)


def copy_profile(source: str, target_name: str, *replacements: tuple[str, str]) -> Path:
    text = (towns_dir() / f"{source}.toml").read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text
        text = text.replace(old, new, 1)
    folder = user_towns_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / target_name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_data_folder_is_the_tests_own(isolated_data_dir: Path) -> None:
    assert user_towns_dir() == isolated_data_dir / "towns"


def test_a_copied_profile_adds_a_town() -> None:
    copy_profile("massachusetts", "milford.toml",
                 ('id = "massachusetts"', 'id = "milford"'),
                 ('name = "Massachusetts"', 'name = "Milford"'))
    profiles = available_profiles()
    assert "milford" in profiles and "massachusetts" in profiles
    assert profile_for("MILFORD").name == "Milford"


def test_a_copy_with_the_same_id_replaces_the_shipped_profile() -> None:
    copy_profile("upton", "upton-local.toml",
                 ('name = "Upton"', 'name = "Upton (local copy)"'),
                 ("count = 21\nunit = \"days\"\nlabel = \"Hold the public hearing (21 days",
                  "count = 14\nunit = \"days\"\nlabel = \"Hold the public hearing (14 days"))
    profile = profile_for("upton")
    assert profile.name == "Upton (local copy)"
    assert profile.path.parent == user_towns_dir()
    # The local 14-day hearing rule is the one used: Fri 6/12/2026 + 14 = Fri 6/26.
    found = compute_deadlines(profile, "rda", {"received": date(2026, 6, 12)})
    assert {d.id: d.date for d in found}["hearing_by"] == date(2026, 6, 26)


def test_a_broken_copy_is_refused_naming_it() -> None:
    copy_profile("upton", "upton-broken.toml", ('unit = "days"', 'unit = "fortnights"'))
    with pytest.raises(ProfileError, match=r"upton-broken\.toml deadline #\d+ \(\w+\)"):
        available_profiles()
