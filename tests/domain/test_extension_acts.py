"""The permit extension acts, worked out by hand from each act's window (DOMAIN.md,
"Permit extension acts"; resources/extension_acts.toml). An approval is in effect
from its issue date through its expiry date, both days included."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from concom_desk.domain.extension_acts import ActsFileError, apply_acts, load_acts
from tests.conftest import REPO_ROOT

ACTS = load_acts(REPO_ROOT / "resources" / "extension_acts.toml")
C2010 = "St. 2010 c.240 §173, as amended by St. 2012 c.238 §§74–75"
C2020 = "St. 2020 c.53 §17"
C2024 = "St. 2024 c.238 §280"

D = date.fromisoformat

# (issued, term ends, expiry in force, the acts that moved it, why)
CASES = [
    # 2022-06-10 + 3 y = 2025-06-10, in effect in 2023 -> + 2 y (St. 2024 c.238 §280).
    ("2022-06-10", "2025-06-10", "2027-06-10", [C2024], "DOMAIN.md's example"),
    # Chain: 2019-12-02 + 3 y = 2022-12-02; in effect on 2020-03-10 -> + 462 d:
    # + 365 = 2023-12-02, + 29 = 12/31, + 31 = 1/31, + 29 = 2/29, + 8 = 2024-03-08;
    # then in effect in 2023-2024 -> + 2 y = 2026-03-08.
    ("2019-12-02", "2022-12-02", "2026-03-08", [C2020, C2024], "2019 order, COVID, 2024 act"),
    # 2006-09-01 + 3 y = 2009-09-01, in effect in the 2008-2012 window -> + 4 y.
    ("2006-09-01", "2009-09-01", "2013-09-01", [C2010], "2010 act"),
    # Term ends on the window's first day, 2008-08-15: in effect that day -> + 4 y.
    ("2005-08-15", "2008-08-15", "2012-08-15", [C2010], "2010 act, first day"),
    # Term ends the day before the window: not covered.
    ("2005-08-14", "2008-08-14", "2008-08-14", [], "2010 act, day before"),
    # Issued on the window's last day, 2012-08-15 -> + 4 y = 2019-08-15 (before COVID).
    ("2012-08-15", "2015-08-15", "2019-08-15", [C2010], "2010 act, last day"),
    # Issued the day after the window: not covered.
    ("2012-08-16", "2015-08-16", "2015-08-16", [], "2010 act, day after"),
    # Term ends on 2020-03-10 itself: in effect that day -> + 462 d = 2021-06-15; that is
    # before 2023, so the 2024 act does not reach it.
    ("2017-03-10", "2020-03-10", "2021-06-15", [C2020], "COVID, last day in effect"),
    # Lapsed the day before 2020-03-10: not covered.
    ("2017-03-09", "2020-03-09", "2020-03-09", [], "COVID, day before"),
    # Issued on 2020-03-10: in effect -> 2023-03-10 + 462 d: + 365 = 2024-03-09 (the
    # year holds Feb 29), + 22 = 3/31, + 30 = 4/30, + 31 = 5/31, + 14 = 2024-06-14;
    # then in effect in 2023 -> + 2 y = 2026-06-14.
    ("2020-03-10", "2023-03-10", "2026-06-14", [C2020, C2024], "COVID, issued that day"),
    # Issued 2020-03-11: not in effect on 2020-03-10; in effect in 2023 -> + 2 y.
    ("2020-03-11", "2023-03-11", "2025-03-11", [C2024], "COVID, issued the day after"),
    # 2024 act's first day: a term ending 2023-01-01 was in effect that day -> + 2 y.
    ("2021-01-01", "2023-01-01", "2025-01-01", [C2024], "2024 act, first day"),
    ("2020-12-31", "2022-12-31", "2022-12-31", [], "2024 act, day before"),
    # Issued on the last day, 2025-01-01 ('inclusive') -> + 2 y.
    ("2025-01-01", "2028-01-01", "2030-01-01", [C2024], "2024 act, last day"),
    ("2025-01-02", "2028-01-02", "2028-01-02", [], "2024 act, day after"),
    # + 2 years from Feb 29 is Feb 28 (the same calendar date, 310 CMR 10.05(1) practice).
    ("2021-03-01", "2024-02-29", "2026-02-28", [C2024], "Feb 29"),
    # Revived by the first act and carried into COVID: 2009-01-05 + 3 y = 2012-01-05,
    # + 4 y = 2016-01-05 (lapsed before 2020-03-10: COVID does not reach it).
    ("2009-01-05", "2012-01-05", "2016-01-05", [C2010], "2010 act only"),
    # A 5-year maintenance permit issued 2016-04-01: 2021-04-01, in effect on
    # 2020-03-10 -> + 462 d: + 365 = 2022-04-01, + 29 = 4/30, + 31 = 5/31, + 30 = 6/30,
    # + 7 = 2022-07-07; in effect in 2023? no (lapsed 2022-07-07): stays.
    ("2016-04-01", "2021-04-01", "2022-07-07", [C2020], "COVID, not reaching 2023"),
]


@pytest.mark.parametrize(("issued", "term", "in_force", "citations", "why"), CASES,
                         ids=[c[4] for c in CASES])
def test_acts_move_the_expiry(issued: str, term: str, in_force: str,
                              citations: list[str], why: str) -> None:
    found = apply_acts(D(issued), D(term), ACTS)
    assert found.expires == D(in_force)
    assert found.term_ends == D(term)
    assert [step.act.citation for step in found.applied] == citations


def test_the_reason_reads_as_the_record_shows_it() -> None:
    found = apply_acts(D("2019-12-02"), D("2022-12-02"), ACTS)
    assert found.why("3-year term") == (
        "3-year term to 2022-12-02; + 462 days, St. 2020 c.53 §17 → 2024-03-08; "
        "+ 2 years, St. 2024 c.238 §280 → 2026-03-08")


def test_a_filing_marked_not_covered_keeps_its_term() -> None:
    found = apply_acts(D("2022-06-10"), D("2025-06-10"), ACTS, not_covered="holder waived it")
    assert found.expires == D("2025-06-10")
    assert found.applied == ()
    assert found.why("3-year term").endswith(
        "not extended by the permit extension acts: holder waived it")


def test_an_act_already_applied_to_the_permit_is_not_applied_again() -> None:
    # An extension permit issued 2024-05-01 on a permit the 2024 act already moved.
    found = apply_acts(D("2024-05-01"), D("2030-03-08"), ACTS, skip={"mass_leads_2024"})
    assert found.expires == D("2030-03-08")


def test_a_malformed_acts_file_is_refused_with_the_entry(tmp_path: Path) -> None:
    path = tmp_path / "extension_acts.toml"
    path.write_text('[[act]]\nid = "x"\nname = "X"\ncitation = "St."\ncovers = "any_time"\n'
                    'from = 2023-01-01\nto = "2025-01-01"\nyears = 2\n', encoding="utf-8")
    with pytest.raises(ActsFileError, match="act #1: 'to' must be a date"):
        load_acts(path)
