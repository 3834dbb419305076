"""No date typed on the command line ends in a traceback: a year outside 1900–2199,
a date with no dashes, an ISO week date are each refused in one line, exit 2."""

from __future__ import annotations

import pytest

from concom_desk.cli import main


@pytest.mark.parametrize("argv", [
    ["deadlines", "--town", "upton", "--kind", "noi", "--received", "9999-12-20"],
    ["deadlines", "--town", "upton", "--kind", "noi", "--received", "1899-12-31"],
    ["deadlines", "--town", "upton", "--kind", "noi", "--received", "12/1/2200"],
    ["deadlines", "--town", "upton", "--kind", "noi", "--received", "20260203"],
    ["deadlines", "--town", "upton", "--kind", "noi", "--received", "2026-W05-2"],
    ["posting-deadline", "--at", "0001-01-02T19:00"],
    ["posting-deadline", "--at", "9999-12-31T19:00"],
    ["posting-deadline", "--at", "20270303T1900"],
    ["posting-deadline", "--at", "2027-W09-3T19:00"],
    ["fines", "--town", "upton", "--confirmed", "0001-01-01", "--as-of", "2026-01-01"],
    ["render", "--template", "permit", "--date", "12/1/9999"],
], ids=lambda argv: " ".join(argv[-2:]))
def test_a_date_out_of_bounds_is_one_line(capsys: pytest.CaptureFixture[str],
                                          argv: list[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err
    assert "year must be between 1900 and 2199" in err or "is not a date" in err


def test_the_last_year_allowed_still_counts(capsys: pytest.CaptureFixture[str]) -> None:
    # 21 days after Fri 2199-12-20 is Fri 2200-01-10 (a count may run past 2199).
    assert main(["deadlines", "--town", "upton", "--kind", "noi", "--received",
                 "2199-12-20"]) == 0
    assert "2200-01-10" in capsys.readouterr().out
