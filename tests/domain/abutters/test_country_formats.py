"""A foreign address's city line in the order its country's post expects."""

from __future__ import annotations

import pytest

from concom_desk.domain.abutters.addresses import postal_lines


@pytest.mark.parametrize(("city", "state", "postal", "country", "lines"), [
    ("Munich", "", "80331", "Germany", ("80331 Munich", "GERMANY")),
    ("Munich", "", "80331", "DEU", ("80331 Munich", "GERMANY")),
    ("Montreal", "QC", "H2X 1Y4", "", ("Montreal QC H2X 1Y4", "CANADA")),
    ("London", "", "SW1A 2AA", "UK", ("London", "SW1A 2AA", "UNITED KINGDOM")),
    ("Paris", "", "75001", "France", ("75001 Paris", "FRANCE")),
    # A country not in the table: the US order, which the post delivers.
    ("Lima", "", "15001", "Peru", ("Lima, 15001", "PERU")),
])
def test_city_line_in_the_countrys_order(city: str, state: str, postal: str, country: str,
                                         lines: tuple[str, ...]) -> None:
    assert postal_lines(["1 Street"], city, state, postal, country, foreign=True) == \
        ("1 Street", *lines)


def test_a_us_address_is_unchanged() -> None:
    assert postal_lines(["1 Main St"], "Upton", "MA", "01568") == ("1 Main St", "Upton, MA 01568")
