"""The last line of a typed address read back into city, state and ZIP (the
Postal Service's city line, Publication 28 §2), as the filing form and the
enforcement complaint both read it."""

from __future__ import annotations

import pytest

from concom_desk.domain.abutters.addresses import read_last_line


@pytest.mark.parametrize(("line", "parts"), [
    ("Sandwich, MA 02563", ("Sandwich", "MA", "02563")),
    ("Upton MA 01568", ("Upton", "MA", "01568")),          # no comma, as clerks type it
    ("Boston, ma 02108-1234", ("Boston", "MA", "02108-1234")),  # ZIP+4, state lower-case
    ("Hopkinton, MA", ("Hopkinton", "MA", "")),
    ("Quebec, QC G1K 4E1", None),                          # not a US state: kept whole
    ("14 Oak Ct", None),                                   # a street, not "CT"
])
def test_last_line(line: str, parts: tuple[str, str, str] | None) -> None:
    assert read_last_line(line) == parts
