"""The town profiles in effect: the ones shipped with the program, plus any a
clerk has added to the `towns` folder in the data folder (a clerk's file with
the same town id replaces the shipped one)."""

from __future__ import annotations

from pathlib import Path

from concom_desk.domain.extension_acts import ExtensionAct, load_acts
from concom_desk.domain.laws import STATE_TOWN
from concom_desk.domain.town_profile import TownProfile, find_profile, load_profiles
from concom_desk.errors import OperationFailed
from concom_desk.paths import data_dir, resources_dir, towns_dir

DEFAULT_TOWN_ID = STATE_TOWN  # the state default (domain/laws.py)


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
    if not profiles:  # the caller says which folder is empty
        return profiles
    acts = extension_acts()
    return {town: _with_acts(profile, acts) for town, profile in profiles.items()}


# (the profile as read, the acts) -> the profile with the acts, kept like the files
# themselves so that asking again costs a lookup and gives the same object.
_EXTENDED: dict[tuple[int, int], tuple[TownProfile, TownProfile]] = {}


def _with_acts(profile: TownProfile, acts: tuple[ExtensionAct, ...]) -> TownProfile:
    key = (id(profile), id(acts))
    known = _EXTENDED.get(key)
    if known is None or known[0] is not profile:
        known = (profile, profile.with_acts(acts))
        _EXTENDED[key] = known
    return known[1]


ACTS_FILE = "extension_acts.toml"
_ACTS_READ: dict[Path, tuple[tuple[int, int], tuple[ExtensionAct, ...]]] = {}


def extension_acts() -> tuple[ExtensionAct, ...]:
    """The permit extension acts every expiry is moved by: the clerk's own copy in the
    data folder, if there is one (a later act, a court's reading), else the shipped file."""
    own = data_dir() / ACTS_FILE
    path = own if own.is_file() else resources_dir() / ACTS_FILE
    try:
        stat = path.stat()
    except OSError:
        # Without the acts every permit of 2008-2012, 2020 and 2023-2024 would show years
        # short: say so rather than show wrong expiry dates.
        raise OperationFailed(f"the permit extension acts are missing: {path} is not there "
                              "(installing ConCom Desk again puts it back)") from None
    state = (stat.st_mtime_ns, stat.st_size)
    known = _ACTS_READ.get(path)
    if known is None or known[0] != state:
        known = (state, load_acts(path))  # a broken file raises, and is not kept
        _ACTS_READ[path] = known
    return known[1]


def profile_for(town: str) -> TownProfile:
    return find_profile(available_profiles(), town)
