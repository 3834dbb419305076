"""The town profiles in effect: the ones shipped with the program, plus any a
clerk has added to the `towns` folder in the data folder (a clerk's file with
the same town id replaces the shipped one)."""

from __future__ import annotations

from pathlib import Path

from concom_desk.domain.town_profile import TownProfile, find_profile, load_profiles
from concom_desk.paths import data_dir, towns_dir

DEFAULT_TOWN_ID = "massachusetts"


def user_towns_dir() -> Path:
    return data_dir() / "towns"


# Folder -> (what its files were when read, the profiles read from them). Every list,
# panel and calendar month asks for the profiles; parsing six TOML files each time was
# a fifth of the calendar's load. A file added, changed or removed is read again.
_READ: dict[Path, tuple[tuple[tuple[str, int, int], ...], dict[str, TownProfile]]] = {}


def _folder_state(folder: Path) -> tuple[tuple[str, int, int], ...]:
    found = []
    for path in sorted(folder.glob("*.toml")):
        stat = path.stat()
        found.append((path.name, stat.st_mtime_ns, stat.st_size))
    return tuple(found)


def _profiles_in(folder: Path) -> dict[str, TownProfile]:
    state = _folder_state(folder)
    known = _READ.get(folder)
    if known is None or known[0] != state:
        known = (state, load_profiles(folder))  # a broken file raises, and is not kept
        _READ[folder] = known
    return known[1]


def available_profiles(extra_folder: Path | None = None) -> dict[str, TownProfile]:
    profiles = dict(_profiles_in(towns_dir()))  # a copy: callers may add to theirs
    for folder in (user_towns_dir(), extra_folder):
        if folder is not None and folder.is_dir():
            profiles.update(_profiles_in(folder))
    return profiles


def profile_for(town: str) -> TownProfile:
    return find_profile(available_profiles(), town)
