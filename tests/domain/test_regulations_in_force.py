"""Which regulations govern a filing, by the day it was received: the shipped table
(resources/regulations.toml), each row worked out by hand from its entries."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from concom_desk.domain.regulations_in_force import (
    RegulationsFileError,
    in_force_words,
    load_regulations,
)
from concom_desk.paths import resources_dir

SHIPPED = load_regulations(resources_dir() / "regulations.toml")
STATE_2014 = "310 CMR 10.00 as amended in 2014 (effective 2014-10-24)"
BWR = "Bourne Wetland Regulations (BWR 1.00) (effective 2000-08-31)"
PROPOSED = "proposed, not in force: Wetlands Resilience amendments to 310 CMR 10.00"


@pytest.mark.parametrize(("received", "town", "under", "words"), [
    # The 2014 amendments are in force from their effective day itself.
    (date(2014, 10, 24), "upton", "both", f"{STATE_2014}; {PROPOSED}"),
    (date(2014, 10, 23), "upton", "both",
     f"those in force before 2014-10-24 (older than this program's table); {PROPOSED}"),
    # Bourne's own regulations govern what is filed under its bylaw (BWR 1.15).
    (date(2021, 1, 9), "bourne", "both", f"{STATE_2014}; {BWR}; {PROPOSED}"),
    (date(2021, 1, 9), "bourne", "bylaw", BWR),
    (date(2021, 1, 9), "bourne", "act", f"{STATE_2014}; {PROPOSED}"),
    (None, "upton", "both", "not known until the filing's received date is entered"),
])
def test_the_regulations_of_a_filing_by_its_received_day(
        received: date | None, town: str, under: str, words: str) -> None:
    assert in_force_words(SHIPPED, received, town, under) == words


def test_the_resilience_amendments_govern_once_their_day_is_written(tmp_path: Path) -> None:
    text = (resources_dir() / "regulations.toml").read_text(encoding="utf-8")
    promulgated = text.replace('status = "proposed"', "effective = 2027-01-01")
    (tmp_path / "regulations.toml").write_text(promulgated, encoding="utf-8")
    table = load_regulations(tmp_path / "regulations.toml")
    assert in_force_words(table, date(2027, 1, 1), "upton", "both") == (
        "Wetlands Resilience amendments to 310 CMR 10.00 (effective 2027-01-01)")
    assert in_force_words(table, date(2026, 12, 31), "upton", "both") == STATE_2014


def test_a_proposed_rule_with_a_day_is_refused(tmp_path: Path) -> None:
    (tmp_path / "regulations.toml").write_text(
        '[[regulation]]\nid = "x"\nseries = "x"\nname = "X"\ncitation = "X"\n'
        'status = "proposed"\neffective = 2027-01-01\n', encoding="utf-8")
    with pytest.raises(RegulationsFileError, match="regulation #1: a proposed regulation"):
        load_regulations(tmp_path / "regulations.toml")
