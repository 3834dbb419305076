"""`concom-desk towns` and `concom-desk deadlines` as a script would use them.

Expected dates are worked out by hand from the bylaw cited beside each; the
JSON shape is the one docs/towns.md documents: {id: {date, label, citation}}.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from concom_desk.cli import main
from tests.conftest import REPO_ROOT


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse refuses bad syntax before any command runs
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def deadlines_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, dict[str, str]]:
    code, out, err = run(capsys, "deadlines", *argv, "--json")
    assert code == 0, err
    result = json.loads(out)
    for key, entry in result.items():
        # The expiry also says its term before any act and each act that moved it.
        extra = {"term_ends", "extended_by"} if key == "expires" else set()
        assert set(entry) == {"date", "label", "citation"} | extra
        assert entry["label"] and entry["citation"]
    return result


def dates(result: dict[str, dict[str, str]]) -> dict[str, str]:
    return {key: value["date"] for key, value in result.items()}


def test_towns_lists_every_profile(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "towns", "--json")
    assert code == 0
    ids = {town["id"] for town in json.loads(out)}
    assert {"massachusetts", "nantucket", "upton", "sandwich", "shutesbury", "bourne"} <= ids


def test_upton_noi_from_receipt(capsys: pytest.CaptureFixture[str]) -> None:
    # Received Fri 6/12/2026. § 330-10B abutters at filing; § 330-10C boards notified upon
    # receipt, 14 days -> Fri 6/26; § 330-10D hearing 21 days -> Fri 7/3 (July 4 is a
    # Saturday, so Friday stays a business day); notice 5 business days before 7/3 -> Fri 6/26.
    result = deadlines_json(capsys, "--town", "upton", "--kind", "noi", "--received",
                            "2026-06-12")
    assert dates(result) == {
        "abutter_notice_by": "2026-06-12",
        "board_notice_by": "2026-06-12",
        "board_comment_period_ends": "2026-06-26",
        "hearing_by": "2026-07-03",
        "legal_notice_by": "2026-06-26",
    }
    assert "330-10D" in result["hearing_by"]["citation"]


def test_nantucket_rda_is_decided_21_days_from_receipt(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Received Fri 5/29/2026 + 21 = Fri 6/19 (Juneteenth) -> Mon 6/22. Notices 5 business
    # days before the meeting on 6/22: skip 6/19, Thu 18, Wed 17, Tue 16, Mon 15, Fri 12.
    result = deadlines_json(capsys, "--town", "nantucket", "--kind", "rda", "--received",
                            "2026-05-29")
    assert dates(result) == {
        "hearing_by": "2026-06-22",
        "decision_by": "2026-06-22",
        "legal_notice_by": "2026-06-12",
        "abutter_notice_by": "2026-06-12",
    }


def test_sandwich_appeal_runs_from_the_decision(capsys: pytest.CaptureFixture[str]) -> None:
    # § 7.35 Part 1: closed Thu 8/20/2026 + 21 = Thu 9/10. § 7.75: decided Tue 9/1 + 60 =
    # Sat 10/31 -> Mon 11/2. § 7.35 Part 3: expires Tue 9/4/2029; renewal request 60 days
    # before: 4 days to 8/31, 31 to 7/31, 25 more -> Fri 7/6/2029.
    result = deadlines_json(capsys, "--town", "Sandwich", "--kind", "noi",
                            "--received", "2026-07-20", "--closed", "2026-08-20",
                            "--decided", "2026-09-01", "--issued", "2026-09-04")
    got = dates(result)
    assert got["decision_by"] == "2026-09-10"
    assert got["appeal_ends"] == "2026-11-02"
    assert got["expires"] == "2029-09-04"
    assert got["extension_request_by"] == "2029-07-06"
    assert "7.75" in result["appeal_ends"]["citation"]


def test_sandwich_maintenance_permit_runs_five_years(capsys: pytest.CaptureFixture[str]) -> None:
    result = deadlines_json(capsys, "--town", "sandwich", "--kind", "noi",
                            "--received", "2026-07-20", "--closed", "2026-08-20",
                            "--issued", "2026-09-04", "--maintenance")
    assert dates(result)["expires"] == "2031-09-04"  # § 7.35 Part 3


def test_shutesbury_emergency_clocks(capsys: pytest.CaptureFixture[str]) -> None:
    # § 3b: work started on Thanksgiving, Thu 11/26/2026: notice within 24 hours -> 11/27;
    # permit application within 21 days of commencement -> Thu 12/17.
    result = deadlines_json(capsys, "--town", "shutesbury", "--kind", "emergency",
                            "--commenced", "2026-11-26")
    assert dates(result) == {
        "emergency_notice_by": "2026-11-27",
        "emergency_filing_by": "2026-12-17",
    }


def test_bourne_tentative_coc_decision(capsys: pytest.CaptureFixture[str]) -> None:
    # BWR 1.05(11)(a): received Tue 12/1/2026 + 21 = Tue 12/22. (11)(g): decision issued
    # Thu 12/17; ten business days, skipping 12/25 and 1/1 -> Mon 1/4/2027.
    result = deadlines_json(capsys, "--town", "bourne", "--kind", "coc",
                            "--received", "2026-12-01", "--issued", "2026-12-17",
                            "--under", "bylaw")
    assert dates(result) == {
        "coc_decision_by": "2026-12-22",
        "hearing_request_by": "2027-01-04",
    }
    # Under both laws (the default), the Act's beside them: MassDEP's copy the day the
    # certificate issues, and ten business days to ask for a superseding one (310 CMR
    # 10.05(9)(a), 10.05(7)(c)); the Act's 21 days fall on the bylaw's own day.
    both = deadlines_json(capsys, "--town", "bourne", "--kind", "coc",
                          "--received", "2026-12-01", "--issued", "2026-12-17")
    assert dates(both) == {**dates(result), "state:dep_copy_by": "2026-12-17",
                           "state:appeal_ends": "2027-01-04"}


def test_town_and_kind_names_ignore_case(capsys: pytest.CaptureFixture[str]) -> None:
    lower = deadlines_json(capsys, "--town", "upton", "--kind", "noi", "--received",
                           "2026-06-12")
    upper = deadlines_json(capsys, "--town", "UPTON", "--kind", "NOI", "--received",
                           "2026-06-12")
    assert lower == upper


def test_table_output_shows_date_and_citation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deadlines", "--town", "bourne", "--kind", "rda",
                       "--received", "2026-03-30")
    assert code == 0
    # BWR 1.05(4)(b)1: Mon 3/30/2026 + 21 = Patriots' Day -> Tue 4/21.
    line = next(line for line in out.splitlines() if "decision_by" in line)
    assert line.startswith("2026-04-21  Tue")
    assert "BWR 1.05(4)(b)1" in out


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (("--town", "springfield", "--kind", "noi", "--received", "2026-06-12"),
         "unknown town 'springfield'"),
        (("--town", "upton", "--kind", "permit", "--received", "2026-06-12"),
         "unknown filing kind 'permit'"),
        (("--town", "upton", "--kind", "noi", "--received", "2026-02-30"),
         "2026-02-30 is not a date: use 2026-12-01 or 12/1/2026"),
        (("--town", "upton", "--kind", "rda", "--received", "2026-06-12",
          "--occupancy", "2026-08-01"), "has no occupancy permit"),
        (("--town", "upton", "--kind", "noi", "--received", "2026-06-12",
          "--hearing", "2026-07-01", "--closed", "2026-06-30"), "cannot come before"),
        (("--town", "upton", "--kind", "noi", "--received", "2026-06-12",
          "--issued", "2026-06-01"), "cannot come before"),
    ],
    ids=["unknown-town", "unknown-kind", "bad-date", "event-not-for-kind", "out-of-order",
         "issued-before-received"],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], expected: str
) -> None:
    code, out, err = run(capsys, "deadlines", *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert expected in err
    assert "Traceback" not in err


def test_unknown_town_message_lists_the_towns(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "deadlines", "--town", "springfield", "--kind", "noi",
                    "--received", "2026-06-12")
    assert "upton" in err and "bourne" in err


def test_python_m_concom_desk_prints_json() -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "concom_desk", "deadlines", "--town", "bourne", "--kind",
         "extension", "--received", "2027-10-01", "--issued", "2027-11-19", "--json"],
        # Read as the program writes to a pipe: UTF-8 (the citations' § and ¶), whatever
        # Windows' code page (concom_desk/cli/output_streams.py).
        capture_output=True, encoding="utf-8", env=env, cwd=REPO_ROOT, timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    # BWR 1.05(10)(c): Fri 11/19/2027 + 10 business days (skip Thanksgiving) -> Mon 12/6.
    assert json.loads(done.stdout)["hearing_request_by"]["date"] == "2027-12-06"


def test_a_kind_the_bylaw_does_not_know_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deadlines", "--town", "nantucket", "--kind", "anrad",
                       "--received", "2026-06-12", "--under", "bylaw")
    assert code == 0
    assert "sets no deadline for this kind of filing" in out
    assert deadlines_json(capsys, "--town", "nantucket", "--kind", "anrad",
                          "--received", "2026-06-12", "--under", "bylaw") == {}
    # Under both laws the Act's clocks still run, and are the only ones listed.
    code, out, _ = run(capsys, "deadlines", "--town", "nantucket", "--kind", "anrad",
                       "--received", "2026-06-12")
    assert "the Act's clocks are those below" in out
    both = deadlines_json(capsys, "--town", "nantucket", "--kind", "anrad",
                          "--received", "2026-06-12")
    assert both and all(key.startswith("state:") for key in both)
    # Fri 6/12/2026 + 21 days = Fri 7/3/2026 (310 CMR 10.05(5)(a)).
    assert both["state:hearing_by"]["date"] == "2026-07-03"
