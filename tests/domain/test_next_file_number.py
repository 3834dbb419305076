"""A new filing is offered the next number in the commission's own pattern."""

from __future__ import annotations

import pytest

from concom_desk.domain.file_numbers import next_file_number


@pytest.mark.parametrize(("used", "year", "offered"), [
    (["2026-029", "2026-030"], 2026, "2026-031"),          # zero-padded, as the demo towns
    (["2025-100", "2026-029", "2026-030"], 2026, "2026-031"),
    (["2026-030"], 2027, "2027-001"),                       # a new year starts again at 1
    (["CC 14-3", "CC 14-12"], 2014, "CC 14-13"),           # letters and a two-digit year
    (["CC 14-3", "CC 14-12"], 2015, "CC 15-1"),
    (["UCC 2026-41"], 2026, "UCC 2026-42"),
    ([], 2026, ""),                                         # no pattern yet: nothing offered
    (["Smith pond"], 2026, ""),
])
def test_next_number_in_the_pattern(used: list[str], year: int, offered: str) -> None:
    assert next_file_number(used, year) == offered
