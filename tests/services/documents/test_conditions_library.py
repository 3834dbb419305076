"""Which conditions library is in effect, and the clerk's editable copy."""

from __future__ import annotations

from pathlib import Path

import pytest

from concom_desk.services.documents.conditions_library import (
    copy_for_editing,
    library_for,
    permit_conditions,
    shipped_conditions_dir,
    user_conditions_dir,
)

# Each town's appeal period, from its bylaw (the section is cited in resources/towns/).
APPEALS = [
    ("nantucket", "not more than 20 days after the issuance"),  # Nantucket ch. 136
    ("upton", "within 21 days of the date of its issuance"),  # Upton ch. 330
    ("sandwich", "within sixty (60) days of the date of the decision"),  # Sandwich §7.75
    ("bourne", "commenced within 60 days of the decision"),  # MGL c.249 §4
    ("massachusetts", "within ten business days"),  # 310 CMR 10.05(7)
]


@pytest.mark.parametrize(("town", "words"), APPEALS)
def test_each_town_has_its_own_appeal_rights(town: str, words: str) -> None:
    assert words in library_for(town).appeal_rights


def test_every_shipped_library_loads() -> None:
    towns = sorted(p.stem for p in shipped_conditions_dir().glob("*.toml"))
    assert towns == ["bourne", "massachusetts", "nantucket", "sandwich", "shutesbury", "upton"]
    for town in towns:
        assert library_for(town).standard


def test_town_without_a_file_gets_the_state_default() -> None:
    library = library_for("ashland")
    assert library.town_id == "massachusetts"
    assert "MGL c.131 §40" in library.recording_instructions


def test_sandwich_s_recording_line_cites_the_law_that_requires_it() -> None:
    """Sandwich's bylaw says nothing of recording (§ 7.35 is permits and conditions); the
    duty is the Act's: no work until the final order is recorded (MGL c.131 §40)."""
    line = library_for("sandwich").recording_instructions
    assert "MGL c.131 §40" in line and "7.35" not in line


def test_clerks_copy_overrides_and_is_made_once(tmp_path: Path) -> None:
    copy = copy_for_editing("upton")
    assert copy.parent == user_conditions_dir()
    copy.write_text(copy.read_text(encoding="utf-8").replace(
        'text = "Failure to comply', 'text = "EDITED. Failure to comply'), encoding="utf-8")
    assert library_for("upton").standard[0].text.startswith("EDITED.")
    assert copy_for_editing("upton") == copy
    assert library_for("upton").standard[0].text.startswith("EDITED.")


def test_copy_of_the_default_takes_the_towns_id() -> None:
    copy_for_editing("ashland")
    assert library_for("ashland").town_id == "ashland"


def test_permit_conditions_number_specials_after_the_towns_standard_list() -> None:
    standard_count = len(library_for("upton").standard_for(True))
    standard, special = permit_conditions("upton", ["Plant 12 shrubs."], has_dep_file=True)
    assert [c["number"] for c in standard] == list(range(1, standard_count + 1))
    assert special == [{"number": standard_count + 1, "text": "Plant 12 shrubs."}]


def test_boards_notified_follow_the_bylaw() -> None:
    # Shutesbury Section 6: Selectmen, Planning Board, Board of Appeals, Board of Health,
    # Building Inspector; Upton ch. 330: Planning, Health, Building Inspector.
    assert library_for("shutesbury").boards == (
        "Board of Selectmen", "Planning Board", "Board of Appeals", "Board of Health",
        "Building Inspector")
    assert library_for("upton").boards == ("Planning Board", "Board of Health",
                                           "Building Inspector")
