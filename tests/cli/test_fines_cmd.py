"""`concom-desk fines`: JSON answers and exit codes, against the shipped town
profiles (resources/towns), each figure worked out by hand from the bylaw."""

from __future__ import annotations

import json

import pytest

from concom_desk.cli import main


def run(capsys, *args):
    code = main(["fines", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_sandwich_two_provisions_fifteen_days(capsys):
    # Nov 20..30 = 11 days, Dec 1..4 = 4: 15 days x 2 provisions = 30 offenses x $300
    code, out, err = run(capsys, "--town", "sandwich", "--confirmed", "2026-11-20",
                         "--as-of", "2026-12-04", "--provisions", "2", "--json")
    assert (code, err) == (0, "")
    answer = json.loads(out)
    assert answer["days"] == 15
    assert answer["per_offense"] == 300
    assert answer["offenses"] == 30
    assert answer["max_total"] == 9000
    assert answer["citation"].startswith("Sandwich § 7.55 Part 5")


# (town, confirmed, as of, extra flags, days, per offense, max total, citation starts)
TOWNS = [
    # Nantucket ch. 136 penalties: $300; the same day is one day ("portion thereof")
    ("nantucket", "2026-06-01", "2026-06-01", [], 1, 300, 300, "Nantucket ch. 136, penalties"),
    # Upton ch. 330 ¶E: from the day confirmed, Jun 1..3 = 3 days
    ("upton", "2026-06-01", "2026-06-03", [], 3, 300, 900, "Upton ch. 330, enforcement ¶E"),
    # Sandwich § 7.55 Part 5-6 non-criminal: 15 days x 2 provisions x $50
    ("sandwich", "2026-11-20", "2026-12-04", ["--provisions", "2", "--noncriminal"], 15, 50,
     1500, "Sandwich § 7.55 Parts 5-6"),
    # Shutesbury § 11: Feb 28, 29, Mar 1 of leap 2028 = 3 days
    ("shutesbury", "2028-02-28", "2028-03-01", [], 3, 300, 900, "Shutesbury § 11"),
    # Shutesbury 21D amendment: Feb 27, 28, Mar 1, 2 of 2026 = 4 days x 3 provisions x $50
    ("shutesbury", "2026-02-27", "2026-03-02", ["--provisions", "3", "--noncriminal"], 4, 50,
     600, "Shutesbury bylaw amendment"),
]


@pytest.mark.parametrize(("town", "confirmed", "as_of", "flags", "days", "per_offense",
                          "total", "citation"), TOWNS)
def test_fines_by_town(capsys, town, confirmed, as_of, flags, days, per_offense, total,
                       citation):
    code, out, _ = run(capsys, "--town", town, "--confirmed", confirmed, "--as-of", as_of,
                       *flags, "--json")
    answer = json.loads(out)
    assert code == 0
    assert (answer["days"], answer["per_offense"], answer["max_total"]) == (
        days, per_offense, total)
    assert answer["citation"].startswith(citation)


def test_shutesbury_ticket_is_fifty_dollars(capsys):
    code, out, _ = run(capsys, "--town", "Shutesbury", "--confirmed", "2026-06-01",
                       "--as-of", "2026-06-02", "--noncriminal", "--json")
    answer = json.loads(out)
    assert code == 0
    assert (answer["days"], answer["per_offense"], answer["max_total"]) == (2, 50, 100)
    assert "MGL c.40 §21D" in answer["citation"]


def test_plain_output_names_the_total_and_the_citation(capsys):
    code, out, _ = run(capsys, "--town", "upton", "--confirmed", "2026-06-01",
                       "--as-of", "2026-06-03")
    assert code == 0
    assert "maximum total             $900" in out
    assert "Upton ch. 330, enforcement ¶E" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--town", "bourne", "--confirmed", "2026-06-01", "--as-of", "2026-06-02"],
         "Bourne's bylaw, as profiled, sets no fine per offense"),
        (["--town", "upton", "--confirmed", "2026-06-05", "--as-of", "2026-06-02"],
         "the as-of date 2026-06-02 is before the violation was confirmed on 2026-06-05"),
        (["--town", "nantucket", "--confirmed", "2026-06-01", "--as-of", "2026-06-02",
          "--noncriminal"], "sets no non-criminal ticket amount"),
        (["--town", "upton", "--confirmed", "June 1", "--as-of", "2026-06-02"],
         "June 1 is not a date: use 2026-12-01 or 12/1/2026"),
        (["--town", "atlantis", "--confirmed", "2026-06-01", "--as-of", "2026-06-02"],
         "unknown town 'atlantis'"),
    ],
)
def test_refusals_exit_2_with_one_line(capsys, args, message):
    try:
        code, out, err = run(capsys, *args)
    except SystemExit as exit_:  # argparse refuses a bad date before the command runs
        code = exit_.code
        out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1
