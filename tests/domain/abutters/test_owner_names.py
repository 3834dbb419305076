"""Owner names turned from the assessor's order to a letter's, only where certain."""

from __future__ import annotations

import pytest

from concom_desk.domain.abutters.owner_names import natural_name


@pytest.mark.parametrize(("assessor", "letter"), [
    ("Perkins Elizabeth Estate of", "Estate of Elizabeth Perkins"),
    ("Perkins, Elizabeth Estate of", "Estate of Elizabeth Perkins"),
    ("Sandwich Town of & Conservation Commission", "Town of Sandwich Conservation Commission"),
    ("Nantucket Town of", "Town of Nantucket"),
    ("Massachusetts Commonwealth of", "Commonwealth of Massachusetts"),
    ("Smith John & Mary", "John & Mary Smith"),
    ("Smith John A & Mary B", "John A & Mary B Smith"),
    ("MacDonald John A", "John A MacDonald"),
    ("Costa, James & David", "James & David Costa"),
    ("Van Buren, Martin", "Martin Van Buren"),
    # Not certain: kept as typed (the clerk corrects it on the Abutters tab).
    ("Smith John", "Smith John"),
    ("Smith John & Jones Mary", "Smith John & Jones Mary"),
    ("O'Brien John & Mary Trustees", "O'Brien John & Mary Trustees"),
    ("Riverbend Builders, Inc.", "Riverbend Builders, Inc."),
    ("Doe Family Trust, John Doe, Trustee", "Doe Family Trust, John Doe, Trustee"),
    # Already natural: never turned back.
    ("John & Mary Smith", "John & Mary Smith"),
    ("Daniel and Susan Forsberg", "Daniel and Susan Forsberg"),
])
def test_natural_order_only_where_the_pattern_is_certain(assessor: str, letter: str) -> None:
    assert natural_name(assessor) == letter
