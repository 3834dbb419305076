"""Each town's MassDEP regional office, as its profile names it ([dep_office]): the
papers of a filing under the Act name it (where a copy goes, where a superseding
decision is asked for). Upton is in the Central Region, Shutesbury the Western, the
Cape and the Islands the Southeast."""

from __future__ import annotations

import pytest

from concom_desk.domain.town_profile import ProfileError, parse_profile
from tests.helpers.town_fixtures import town

OFFICES = [
    ("upton", "MassDEP Central Regional Office, 8 New Bond Street, Worcester, MA 01606"),
    ("shutesbury", "MassDEP Western Regional Office, 436 Dwight Street, Springfield, MA 01103"),
    ("nantucket", "MassDEP Southeast Regional Office, 20 Riverside Drive, Lakeville, MA 02347"),
    ("sandwich", "MassDEP Southeast Regional Office, 20 Riverside Drive, Lakeville, MA 02347"),
    ("bourne", "MassDEP Southeast Regional Office, 20 Riverside Drive, Lakeville, MA 02347"),
]


@pytest.mark.parametrize(("name", "office"), OFFICES)
def test_each_towns_massdep_office(name: str, office: str) -> None:
    found = town(name, shipped=True).dep_office
    assert found is not None and found.describe() == office
    assert found.source.strip()


def test_the_state_default_names_no_office() -> None:
    # It serves towns in every region: no one office is right for all.
    assert town("massachusetts", shipped=True).dep_office is None


def test_an_office_without_its_address_is_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = {"town": {"id": "x", "name": "X", "source": "X bylaw"},
            "deadline": [{"id": "hearing_by", "kinds": ["noi"], "from": "received",
                          "count": 21, "unit": "days", "label": "Hearing",
                          "citation": "X §1"}],
            "dep_office": {"name": "Central Regional Office", "source": "a directory"}}
    with pytest.raises(ProfileError, match=r"x.toml \[dep_office\]: missing 'address'"):
        parse_profile(data, tmp_path / "x.toml")
