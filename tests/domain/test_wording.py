"""Joining names, lists and typed phrases: worked by hand from how a letter reads."""

from __future__ import annotations

import pytest

from concom_desk.domain.wording import (
    counted,
    has_or_have,
    join_list,
    phrase,
    resource_areas_phrase,
    work_within,
)


@pytest.mark.parametrize(("items", "joined"), [
    ([], ""),
    (["Planning Board"], "Planning Board"),
    (["Planning Board", "Board of Health"], "Planning Board and Board of Health"),
    (["Planning Board", "Board of Health", "Building Inspector"],
     "Planning Board, Board of Health and Building Inspector"),
    # Blanks and typed punctuation are left out, not joined.
    (["Bank.", "", "  ", "Riverfront Area;"], "Bank and Riverfront Area"),
])
def test_join_list(items: list[str], joined: str) -> None:
    assert join_list(items) == joined


@pytest.mark.parametrize(("name", "kind", "verb"), [
    ("Jane Doe", "person", "has"),
    ("Daniel and Susan Forsberg", "person", "have"),   # the letter
    ("Forsberg Daniel & Susan", "person", "have"),     # as the assessors write it
    ("Ann + Bob Lee", "person", "have"),
    ("Alexander Anderson", "person", "has"),           # "and" inside a word is no join
    ("Smith & Sons, Inc.", "company", "has"),          # one company, whatever its name
    ("Upton Department of Public Works", "public_body", "has"),
    ("Pond Realty Trust", "trust", "has"),
    ("Jane Doe and John Doe, Trustees of the Doe Trust", "trust", "have"),
    ("", "person", "has"),
])
def test_verb_agrees_with_the_party(name: str, kind: str, verb: str) -> None:
    assert has_or_have(name, kind) == verb


@pytest.mark.parametrize(("typed", "printed"), [
    ("Bordering Vegetated Wetland.", "Bordering Vegetated Wetland"),
    ("Build a deck.  Remove two trees. ", "Build a deck. Remove two trees"),
    ("  ", ""),
    (None, ""),
])
def test_phrase_drops_the_full_stop_the_template_adds(typed: str | None,
                                                      printed: str) -> None:
    assert phrase(typed) == printed


@pytest.mark.parametrize(("work", "areas", "printed"), [
    ("Build a deck", "Bordering Vegetated Wetland",
     "Build a deck, within Bordering Vegetated Wetland"),
    # The "Bordering Vegetated Wetland., within" and "Wetland..":
    ("Septic repair near the Bordering Vegetated Wetland.", "Bordering Vegetated Wetland.",
     "Septic repair near the Bordering Vegetated Wetland"),
    # An area the work already names is not said twice; the others are added.
    ("Stair within 100 ft of coastal bank and salt marsh", "Coastal Bank, Salt Marsh, Buffer Zone",
     "Stair within 100 ft of coastal bank and salt marsh, within Buffer Zone"),
    ("Build a deck", "Bordering Vegetated Wetland; 100-foot Buffer Zone; Riverfront Area",
     "Build a deck, within Bordering Vegetated Wetland, 100-foot Buffer Zone and Riverfront "
     "Area"),
    ("Build a deck", "", "Build a deck"),          # never ", within ."
    ("", "Buffer Zone", "work within Buffer Zone"),
    ("", "", ""),
])
def test_work_within(work: str, areas: str, printed: str) -> None:
    assert work_within(work, areas) == printed


def test_resource_areas_each_on_its_own_separator() -> None:
    assert resource_areas_phrase("BVW\nBank, Riverfront Area.") == "BVW, Bank and Riverfront Area"


@pytest.mark.parametrize(("count", "noun", "expected"), [
    (0, "filing", "0 filings"),
    (1, "filing", "1 filing"),
    (2, "filing", "2 filings"),
    (1204, "filing", "1,204 filings"),
    (1, "notice", "1 notice"),
    (3, "party", "3 parties"),
])
def test_a_count_agrees_with_its_noun(count: int, noun: str, expected: str) -> None:
    plural = "parties" if noun == "party" else ""
    assert counted(count, noun, plural) == expected
