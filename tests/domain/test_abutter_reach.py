"""How far abutter notice reaches, town by town, with the text that sets it."""

from __future__ import annotations

from pathlib import Path

import pytest

from concom_desk.domain.town_profile import ProfileError, parse_profile
from tests.helpers.town_fixtures import town

# (shipped profile, feet, rule, the start of its citation)
REACHES = [
    ("massachusetts", 100, "within_distance", "MGL c.131 §40 ¶1"),
    ("bourne", 100, "within_distance", "Bourne BWR 1.05(5)(e)"),
    ("upton", 300, "abutters_to_abutters", "Upton ch. 330, § 330-10B"),
    # The bylaw says "all abutters" and no distance: the statute's 100 ft.
    ("nantucket", 100, "within_distance", "MGL c.131 §40 ¶1"),
    ("sandwich", 100, "within_distance", "MGL c.131 §40 ¶1"),
    ("shutesbury", 100, "within_distance", "MGL c.131 §40 ¶1"),
]


@pytest.mark.parametrize(("name", "feet", "rule", "citation"), REACHES)
def test_each_towns_reach_and_its_citation(name: str, feet: int, rule: str,
                                           citation: str) -> None:
    reach = town(name, shipped=True).abutter_reach
    assert (reach.distance_ft, reach.rule) == (feet, rule)
    assert reach.citation.startswith(citation)


def test_upton_reach_in_words() -> None:
    assert town("upton", shipped=True).abutter_reach.describe() == (
        "abutters, and abutters to the abutters within 300 ft of the property line")


BASE = {"town": {"id": "x", "name": "X", "source": "X bylaw"},
        "deadline": [{"id": "hearing_by", "kinds": ["noi"], "from": "received", "count": 21,
                      "unit": "days", "label": "Hearing", "citation": "X §1"}]}


@pytest.mark.parametrize(("entry", "message"), [
    ({"distance_ft": 300, "rule": "within_distance"}, "x.toml [abutters]: missing 'citation'"),
    ({"distance_ft": "300", "citation": "X §2"}, "'distance_ft' must be a whole number"),
    ({"distance_ft": 0, "citation": "X §2"}, "'distance_ft' must be a whole number"),
    ({"distance_ft": 300, "rule": "everyone", "citation": "X §2"}, "unknown rule 'everyone'"),
    ({"distance_ft": 300, "citation": "X §2", "feet": 3}, "unknown key(s) feet"),
])
def test_a_malformed_abutters_entry_refuses_the_profile(entry: dict, message: str) -> None:
    with pytest.raises(ProfileError) as refused:
        parse_profile({**BASE, "abutters": entry}, Path("x.toml"))
    assert message in str(refused.value)


@pytest.mark.parametrize(("name", "under", "laws"), [
    # Upton's own rule beside the Act's (Upton § 330-10B; 310 CMR 10.05(4)(a)).
    ("upton", "both", ["Wetlands Protection Act", "Upton bylaw"]),
    ("upton", "bylaw", ["Upton bylaw"]),
    ("upton", "act", ["Wetlands Protection Act"]),
    # Sandwich sets no reach of its own: one reach, under both names.
    ("sandwich", "both", ["Wetlands Protection Act and Sandwich bylaw"]),
    ("sandwich", "bylaw", ["Sandwich bylaw"]),
    # The state default: the Act alone, whatever the filing says.
    ("massachusetts", "both", ["Wetlands Protection Act"]),
])
def test_each_law_a_filing_is_under_reaches_with_its_rule(name: str, under: str,
                                                          laws: list[str]) -> None:
    from concom_desk.domain.abutter_laws import reaches_under

    profile = town(name, shipped=True)
    found = reaches_under(under, name, profile.name, profile.abutter_reach)
    assert [r.law for r in found] == laws
