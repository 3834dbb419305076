"""The conditions library in effect for a town: the clerk's edited copy in the
data folder first, then the program's file for the town, then the state
default (so a town not yet profiled still gets sound appeal and recording
texts, citing the Act)."""

from __future__ import annotations

from pathlib import Path

from concom_desk.domain.conditions import ConditionsLibrary, load_library, number_conditions
from concom_desk.domain.laws import STATE_TOWN
from concom_desk.paths import data_dir, resources_dir

DEFAULT_LIBRARY = STATE_TOWN  # the Act's standard conditions


def shipped_conditions_dir() -> Path:
    return resources_dir() / "conditions"


def user_conditions_dir() -> Path:
    return data_dir() / "conditions"


def library_path(town_id: str) -> Path:
    town_id = town_id.lower()
    for folder in (user_conditions_dir(), shipped_conditions_dir()):
        candidate = folder / f"{town_id}.toml"
        if candidate.is_file():
            return candidate
    return shipped_conditions_dir() / f"{DEFAULT_LIBRARY}.toml"


def library_for(town_id: str) -> ConditionsLibrary:
    return load_library(library_path(town_id))


def copy_for_editing(town_id: str) -> Path:
    """Put an editable copy of the town's library in the data folder (once) and
    return it; the clerk's copy then replaces the shipped one."""
    target = user_conditions_dir() / f"{town_id.lower()}.toml"
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        source = library_path(town_id)
        text = source.read_text(encoding="utf-8")
        if source.stem != town_id.lower():
            # A copy of the state default becomes this town's own file.
            text = text.replace(f'id = "{DEFAULT_LIBRARY}"', f'id = "{town_id.lower()}"', 1)
        target.write_text(text, encoding="utf-8")
    return target


def permit_conditions(town_id: str, special: list[str], has_dep_file: bool
                      ) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    """The numbered standard and special conditions for one permit."""
    return number_conditions(library_for(town_id).standard_for(has_dep_file), special)
