"""The town profiles in effect: the ones shipped with the program, plus any a
clerk has added to the `towns` folder in the data folder (a clerk's file with
the same town id replaces the shipped one)."""

from __future__ import annotations

from pathlib import Path

from concom_desk.domain.extension_acts import ExtensionAct, load_acts
from concom_desk.domain.town_profile import TownProfile, find_profile, load_profiles
from concom_desk.paths import data_dir, resources_dir, towns_dir

DEFAULT_TOWN_ID = "massachusetts"


def user_towns_dir() -> Path:
    return data_dir() / "towns"


def available_profiles(extra_folder: Path | None = None) -> dict[str, TownProfile]:
    profiles = load_profiles(towns_dir())
    for folder in (user_towns_dir(), extra_folder):
        if folder is not None and folder.is_dir():
            profiles.update(load_profiles(folder))
    acts = extension_acts()
    return {town: profile.with_acts(acts) for town, profile in profiles.items()}


ACTS_FILE = "extension_acts.toml"


def extension_acts() -> tuple[ExtensionAct, ...]:
    """The permit extension acts every expiry is moved by: the clerk's own copy in the
    data folder, if there is one (a later act, a court's reading), else the shipped file."""
    own = data_dir() / ACTS_FILE
    return load_acts(own if own.is_file() else resources_dir() / ACTS_FILE)


def profile_for(town: str) -> TownProfile:
    return find_profile(available_profiles(), town)
