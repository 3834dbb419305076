"""A bylaw's own resource area is shown with the section it is in ("BWR 1.04"), not the
bylaw's words its profile quotes beside the section for docs/towns.md: a Bourne clerk's
record, export and form read "Eelgrass Beds (BWR 1.04 'Eelgrass Beds ... Destruction of
such beds is prohibited')"."""

from __future__ import annotations

import pytest

from concom_desk.domain.resource_areas import section_of
from concom_desk.services.commission.town_profiles import available_profiles

# Each row: the town, the area's code, the section its profile's citation names (read
# from the profile's citation by hand).
SECTIONS = [
    ("bourne", "eelgrass", "BWR 1.04"),
    ("bourne", "bylaw_buffer", "BWR 1.04"),
    ("sandwich", "coastal_action", "Sandwich § 7.10 Jurisdiction"),
    ("shutesbury", "flood_plain_100_yr", "Shutesbury bylaw Section 2(c)"),
    ("nantucket", "vernal_pool", "Nantucket ch. 136, jurisdiction"),
]


@pytest.mark.parametrize(("town", "code", "section"), SECTIONS)
def test_a_bylaw_area_is_shown_with_its_section(town: str, code: str, section: str) -> None:
    area = {a.code: a for a in available_profiles()[town].bylaw_areas}[code]
    assert area.section == section
    assert area.citation.startswith(section) and "'" in area.citation


def test_no_area_of_any_town_shows_quoted_words() -> None:
    for town, profile in available_profiles().items():
        for area in profile.resource_areas():
            assert "'" not in area.section and area.section, (town, area.code)


def test_a_citation_without_quoted_words_is_its_own_section() -> None:
    assert section_of("310 CMR 10.30") == "310 CMR 10.30"
