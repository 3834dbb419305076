"""`concom-desk deadlines --under act|bylaw|both`: the clocks of each law a filing is
under, the Act's beside the bylaw's ("state:<id>"), never guessed from a DEP number.

An RDA received Monday 2026-11-02 and issued Tuesday 2026-11-24, worked by hand (the
Thanksgiving holiday, Thursday 2026-11-26, is no business day):

| clock | date | worked out | citation |
|---|---|---|---|
| Act: hold the meeting | 2026-11-23 | 11-02 + 21 days | 310 CMR 10.05(3)(b)1 |
| Act: notice of the meeting | 2026-11-16 | 5 business days before 11-23 | 310 CMR 10.05(3)(b)1 |
| Act: copy to MassDEP | 2026-11-24 | the day of issuance | 310 CMR 10.05(3)(b) |
| Act: ask for a superseding one | 2026-12-09 | 10 business days after 11-24 (a) | 10.05(7)(c) |
| Act: determination expires | 2029-11-24 | three years from issuance | 310 CMR 10.05(6)(d) |
| Sandwich: commence the hearing | 2026-11-23 | 11-02 + 21 days | Sandwich § 7.25 Part 3 |
| Sandwich: legal notice | 2026-11-16 | 5 working days before 11-23 | Sandwich § 7.25 Part 2 |
| Sandwich: appeal | 2027-01-25 | 11-24 + 60 days = Sat 01-23, next business day | Sandwich § 7.75 |
| Shutesbury: commence the hearing | 2026-11-23 | 11-02 + 21 days | Shutesbury § 5 |

(a) Nov 25, 27, 30, Dec 1, 2, 3, 4, 7, 8, 9; the legal notice: Nov 20, 19, 18, 17, 16.

Under both laws, where the Act sets the same act on the same day as the bylaw (the
meeting, the notice) the bylaw's alone is listed; the Act's own (the copy to MassDEP,
the superseding determination) are added as "state:".
"""

from __future__ import annotations

import json

import pytest

from concom_desk.cli import main

RDA = ["--kind", "rda", "--received", "2026-11-02", "--issued", "2026-11-24"]

CASES = [
    ("sandwich", "both", {
        "hearing_by": ("2026-11-23", "Sandwich § 7.25 Part 3"),
        "legal_notice_by": ("2026-11-16", "Sandwich § 7.25 Part 2"),
        "state:dep_copy_by": ("2026-11-24", "MGL c.131 §40; 310 CMR 10.05(3)(b)"),
        "state:appeal_ends": ("2026-12-09", "310 CMR 10.05(7)(c)"),
        "appeal_ends": ("2027-01-25", "Sandwich § 7.75"),
    }),
    ("sandwich", "act", {
        "hearing_by": ("2026-11-23", "310 CMR 10.05(3)(b)1"),
        "legal_notice_by": ("2026-11-16", "310 CMR 10.05(3)(b)1"),
        "dep_copy_by": ("2026-11-24", "MGL c.131 §40; 310 CMR 10.05(3)(b)"),
        "appeal_ends": ("2026-12-09", "310 CMR 10.05(7)(c)"),
        "expires": ("2029-11-24", "310 CMR 10.05(6)(d)"),
    }),
    ("sandwich", "bylaw", {
        "hearing_by": ("2026-11-23", "Sandwich § 7.25 Part 3"),
        "appeal_ends": ("2027-01-25", "Sandwich § 7.75"),
    }),
    ("shutesbury", "both", {
        "hearing_by": ("2026-11-23", "Shutesbury § 5"),
        "state:dep_copy_by": ("2026-11-24", "MGL c.131 §40; 310 CMR 10.05(3)(b)"),
        "state:appeal_ends": ("2026-12-09", "310 CMR 10.05(7)(c)"),
        # The bylaw is silent on how long a determination lasts: the Act's three years.
        "state:expires": ("2029-11-24", "310 CMR 10.05(6)(d)"),
    }),
    # The state default has no bylaw: whatever is asked, the Act's clocks alone.
    ("massachusetts", "bylaw", {
        "hearing_by": ("2026-11-23", "310 CMR 10.05(3)(b)1"),
        "dep_copy_by": ("2026-11-24", "MGL c.131 §40; 310 CMR 10.05(3)(b)"),
        "appeal_ends": ("2026-12-09", "310 CMR 10.05(7)(c)"),
    }),
]


def clocks(capsys: pytest.CaptureFixture[str], *words: str) -> dict[str, dict[str, str]]:
    assert main(["deadlines", *words, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(("town", "under", "expected"), CASES,
                         ids=[f"{town}-{under}" for town, under, _ in CASES])
def test_an_rda_has_the_clocks_of_each_law_it_is_under(
        capsys: pytest.CaptureFixture[str], town: str, under: str,
        expected: dict[str, tuple[str, str]]) -> None:
    found = clocks(capsys, "--town", town, *RDA, "--under", under)
    for key, (day, citation) in expected.items():
        assert found[key]["date"] == day, key
        assert found[key]["citation"].startswith(citation), (key, found[key]["citation"])
    states = {key for key in found if key.startswith("state:")}
    assert states == {key for key in expected if key.startswith("state:")}
    if under == "bylaw" and town != "massachusetts":
        # Under the bylaw alone: nothing of the Act (no copy to MassDEP, no 10 days).
        assert "dep_copy_by" not in found
        assert all(not clock["citation"].startswith(("310 CMR", "MGL c.131"))
                   for clock in found.values())


def test_both_laws_are_the_default_where_the_town_has_a_bylaw(
        capsys: pytest.CaptureFixture[str]) -> None:
    """An RDA has no DEP number; it is still under the Act unless the clerk says not."""
    assert clocks(capsys, "--town", "sandwich", *RDA) == clocks(
        capsys, "--town", "sandwich", *RDA, "--under", "both")


def test_the_text_names_the_laws(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deadlines", "--town", "sandwich", *RDA]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ("Sandwich — rda, under the Wetlands Protection Act (MGL c.131 §40) "
                        "and the Sandwich wetlands bylaw")
    assert any("State: Last day to request a superseding order or determination from DEP"
               in line and line.startswith("2026-12-09") for line in lines)


def test_an_unknown_law_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["deadlines", "--town", "sandwich", *RDA, "--under", "state"])
    assert stop.value.code == 2
    assert "invalid choice: 'state'" in capsys.readouterr().err
