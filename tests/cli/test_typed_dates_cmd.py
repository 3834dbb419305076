"""The command line takes dates as the window does: 2026-12-01 and 12/1/2026 alike,
and refuses anything else with exit 2 and one line."""

from __future__ import annotations

import pytest

from tests.cli.test_deadlines_cmd import deadlines_json, run


def test_month_day_year_gives_the_same_deadlines_as_iso(capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    iso = deadlines_json(capsys, "--town", "upton", "--kind", "noi", "--received", "2026-12-01")
    typed = deadlines_json(capsys, "--town", "upton", "--kind", "noi", "--received", "12/1/2026")
    assert typed == iso
    # Upton ch. 330 §330-10B: abutters are notified on the day of filing.
    assert typed["abutter_notice_by"]["date"] == "2026-12-01"


@pytest.mark.parametrize("text", ["12/32/2026", "12/1/26", "Dec 1"])
def test_anything_else_exits_2_with_one_line(capsys: pytest.CaptureFixture[str],
                                             text: str) -> None:
    code, out, err = run(capsys, "deadlines", "--town", "upton", "--kind", "noi",
                         "--received", text)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.rstrip().endswith(f"{text} is not a date: use 2026-12-01 or 12/1/2026")
