"""Conditions library files and the numbering of a permit's conditions."""

from __future__ import annotations

from pathlib import Path

import pytest

from concom_desk.domain.conditions import (
    ConditionsError,
    load_library,
    number_conditions,
)

GOOD = '''
[town]
id = "Testville"
bylaw = "Testville bylaw ch. 9"
appeal_rights = "Appeal within 21 days."
recording_instructions = "Record it."

[[standard]]
text = "First."

[[standard]]
dep_only = true
text = "Display the DEP sign."
'''


def write(tmp_path: Path, text: str, name: str = "testville.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_standard_conditions_first_then_special_continuing_the_numbers() -> None:
    standard, special = number_conditions(["A", "B", "C"], ["D", "E"])
    assert standard == [{"number": 1, "text": "A"}, {"number": 2, "text": "B"},
                        {"number": 3, "text": "C"}]
    assert special == [{"number": 4, "text": "D"}, {"number": 5, "text": "E"}]


def test_special_conditions_alone_start_at_one() -> None:
    assert number_conditions([], ["Only"]) == ([], [{"number": 1, "text": "Only"}])


def test_library_reads_texts_and_drops_dep_sign_for_bylaw_only_filings(tmp_path: Path) -> None:
    library = load_library(write(tmp_path, GOOD))
    assert library.town_id == "testville"
    assert library.appeal_rights == "Appeal within 21 days."
    assert library.standard_for(has_dep_file=True) == ["First.", "Display the DEP sign."]
    assert library.standard_for(has_dep_file=False) == ["First."]


@pytest.mark.parametrize(("text", "message"), [
    ("[town]\nid = 'x'\n", r"testville\.toml \[town\]: 'bylaw' is missing"),
    (GOOD + "\n[[standard]]\ntxt = 'typo'\n", r"standard condition #3: write it as"),
    (GOOD + "\n[extra]\n", r"unknown section\(s\) extra"),
    ("[town\n", r"testville\.toml: not valid TOML"),
    (GOOD.replace("dep_only = true", "dep_only = 'yes'"), r"#2: dep_only must be true or"),
])
def test_bad_library_named_with_file_and_entry(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ConditionsError, match=message):
        load_library(write(tmp_path, text))
