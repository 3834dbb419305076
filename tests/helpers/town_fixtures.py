"""Town profiles for the calendar's worked cases (tests/domain/towns/*.toml),
written from each town's wetlands bylaw, with the section beside each rule."""

from __future__ import annotations

from pathlib import Path

from concom_desk.domain.town_profile import TownProfile, load_profile
from concom_desk.paths import towns_dir

TOWNS_DIR = Path(__file__).resolve().parent.parent / "domain" / "towns"


def town(name: str, shipped: bool = False) -> TownProfile:
    """The test profile of a town, or (shipped=True) the profile the program ships."""
    return load_profile((towns_dir() if shipped else TOWNS_DIR) / f"{name}.toml")
