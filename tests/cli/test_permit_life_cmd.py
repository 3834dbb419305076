"""`concom-desk deadlines` over a permit's whole life: the permit extension acts from
--issued, amendments, extensions. Every date below is worked out by hand from the
citation beside it (DOMAIN.md, "Permit extension acts"; the town's bylaw)."""

from __future__ import annotations

import json

import pytest

from concom_desk.cli import main

C2010 = "St. 2010 c.240 §173, as amended by St. 2012 c.238 §§74–75"
C2020 = "St. 2020 c.53 §17"
C2024 = "St. 2024 c.238 §280"


def deadlines(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, dict]:
    code = main(["deadlines", *argv, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


# (argv, expires, term_ends, [(citation, until)], extension_request_by or None)
CASES = [
    # State default: Order issued 2022-06-10, 3 years (310 CMR 10.05(6)(d)) to 2025-06-10,
    # in effect in 2023 -> + 2 y; request 30 days before (10.05(8)(a)): Tue 2027-05-11.
    (["--town", "massachusetts", "--kind", "noi", "--received", "2022-04-25",
      "--closed", "2022-05-23", "--issued", "2022-06-10"],
     "2027-06-10", "2025-06-10", [(C2024, "2027-06-10")], "2027-05-11"),
    # Upton: permit issued 2019-12-02 (ch. 330 permit decisions ¶D, 3 y) -> 2022-12-02;
    # + 462 d -> 2024-03-08; + 2 y -> Sun 2026-03-08 (an expiry is not moved);
    # 30 days before (extensions ¶A): Fri 2026-02-06.
    (["--town", "upton", "--kind", "noi", "--received", "2019-10-15", "--closed",
      "2019-11-12", "--issued", "2019-12-02"],
     "2026-03-08", "2022-12-02", [(C2020, "2024-03-08"), (C2024, "2026-03-08")], "2026-02-06"),
    # Sandwich: maintenance permit issued 2021-06-01, 5 y (§7.35 Part 3) -> 2026-06-01;
    # after 2020-03-10, so no COVID; in effect 2023 -> 2028-06-01. 60 days before is
    # Sun 2028-04-02 -> earlier, Fri 2028-03-31 (§7.35 Part 3; 'not less than' rule).
    (["--town", "sandwich", "--kind", "noi", "--maintenance", "--received", "2021-04-01",
      "--closed", "2021-05-06", "--decided", "2021-05-20", "--issued", "2021-06-01"],
     "2028-06-01", "2026-06-01", [(C2024, "2028-06-01")], "2028-03-31"),
    # Shutesbury: permit issued 2010-05-03 (§ 7, 3 y) -> 2013-05-03, in effect in
    # 2008-2012 -> + 4 y = 2017-05-03 (lapsed before 2020); request before expiry:
    # 1 day before, Tue 2017-05-02.
    (["--town", "shutesbury", "--kind", "noi", "--received", "2010-03-01", "--closed",
      "2010-04-12", "--issued", "2010-05-03"],
     "2017-05-03", "2013-05-03", [(C2010, "2017-05-03")], "2017-05-02"),
    # Bourne: determination issued 2023-04-14 (BWR 1.05(4)(b)1, 3 y) -> 2026-04-14;
    # in effect in 2023 -> 2028-04-14. (No extension clock for an RDA in Bourne.)
    (["--town", "bourne", "--kind", "rda", "--received", "2023-03-20", "--issued",
      "2023-04-14"],
     "2028-04-14", "2026-04-14", [(C2024, "2028-04-14")], None),
    # Nantucket: a one-year extension (ch. 136 'three one-year periods') of a permit
    # whose expiry in force is 2024-09-30, issued 2024-09-15 -> 2025-09-30. The permit
    # was in force in 2023-2024, so the 2024 act is already in its expiry, and an act
    # extends a permit once: not again for its extension (docs/towns.md). Its request
    # 'prior to expiration' of Mon 2024-09-30: one business day before: Fri 9/27.
    (["--town", "nantucket", "--kind", "extension", "--received", "2024-08-01",
      "--expiry", "2024-09-30", "--issued", "2024-09-15"],
     "2025-09-30", "2025-09-30", [], "2024-09-27"),
    # A permit whose expiry in force, 2022-12-01, came before the 2024 act's window,
    # extended by a permit issued 2022-11-15 for three years (310 CMR 10.05(8)(a)) to
    # 2025-12-01: the extension permit itself is in effect in 2023 -> + 2 y = 2027-12-01;
    # its request 30 days before Thu 2022-12-01: Tue 2022-11-01.
    (["--town", "massachusetts", "--kind", "extension", "--received", "2022-10-03",
      "--expiry", "2022-12-01", "--issued", "2022-11-15"],
     "2027-12-01", "2025-12-01", [(C2024, "2027-12-01")], "2022-11-01"),
    # Nantucket: an order issued 2024-06-03 (after the COVID emergency, inside the 2024
    # window) -> 2027-06-03 -> + 2 y = 2029-06-03.
    (["--town", "nantucket", "--kind", "noi", "--received", "2024-04-01", "--closed",
      "2024-05-06", "--issued", "2024-06-03"],
     "2029-06-03", "2027-06-03", [(C2024, "2029-06-03")], None),
]


@pytest.mark.parametrize(("argv", "expires", "term", "acts", "request_by"), CASES,
                         ids=[c[0][1] + "-" + c[0][3] for c in CASES])
def test_the_expiry_in_force_through_the_command_line(
        capsys: pytest.CaptureFixture[str], argv: list[str], expires: str, term: str,
        acts: list[tuple[str, str]], request_by: str | None) -> None:
    found = deadlines(capsys, *argv)
    assert found["expires"]["date"] == expires
    assert found["expires"]["term_ends"] == term
    assert [(a["citation"], a["until"]) for a in found["expires"]["extended_by"]] == acts
    if request_by is not None:
        assert found["extension_request_by"]["date"] == request_by


def test_nantucket_extension_request_is_before_the_extended_expiry(
        capsys: pytest.CaptureFixture[str]) -> None:
    # ch. 136: 'unless renewed prior to expiration': one business day before Sun
    # 2029-06-03 (a period of 10 days or less counts business days): Fri 2029-06-01.
    found = deadlines(capsys, "--town", "nantucket", "--kind", "noi", "--issued", "2024-06-03")
    assert found["extension_request_by"]["date"] == "2029-06-01"


def test_an_amendment_has_no_expiry_of_its_own(capsys: pytest.CaptureFixture[str]) -> None:
    # An amended order runs with the original's term (Bourne BWR 1.05(8)(c)); the appeal
    # clock still runs: 10 business days after Tue 2026-02-10, skipping Presidents' Day
    # Mon 2/16 -> Wed 2026-02-25 (310 CMR 10.05(7)(c)).
    found = deadlines(capsys, "--town", "massachusetts", "--kind", "amendment",
                      "--received", "2026-01-05", "--closed", "2026-02-02",
                      "--issued", "2026-02-10")
    assert "expires" not in found and "extension_request_by" not in found
    assert found["appeal_ends"]["date"] == "2026-02-25"


def test_not_covered_keeps_the_bare_term(capsys: pytest.CaptureFixture[str]) -> None:
    # 2022-06-10 + 3 y = 2025-06-10, the holder waived the acts; 30 days before is
    # Sun 2025-05-11 -> Fri 2025-05-09 (310 CMR 10.05(1), 10.05(8)(a)).
    found = deadlines(capsys, "--town", "massachusetts", "--kind", "noi", "--issued",
                      "2022-06-10", "--not-covered", "the holder waived it")
    assert found["expires"]["date"] == "2025-06-10"
    assert found["expires"]["extended_by"] == []
    assert found["extension_request_by"]["date"] == "2025-05-09"


def test_the_text_says_the_date_in_force_and_why(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deadlines", "--town", "massachusetts", "--kind", "noi",
                 "--issued", "2022-06-10"]) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if " expires " in line)
    assert line.startswith("2027-06-10  Thu")
    assert "3-year term to 2025-06-10; + 2 years, St. 2024 c.238 §280 → 2027-06-10" in line


def test_a_request_received_after_the_expiry_is_refused(
        capsys: pytest.CaptureFixture[str]) -> None:
    # Upton: the permit expired Sun 2026-03-01; the request had to come 30 days before
    # (ch. 330 extensions ¶A): Fri 2026-01-30. Received Thu 2026-03-05: refused, as the
    # window refuses to issue it.
    code = main(["deadlines", "--town", "upton", "--kind", "extension", "--expiry",
                 "2026-03-01", "--received", "2026-03-05"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert "expired on 2026-03-01" in lines[0] and "the last day to ask was 2026-01-30" \
        in lines[0] and "received on 2026-03-05" in lines[0]


def test_an_expiry_in_force_is_not_extended_again_by_its_act(
        capsys: pytest.CaptureFixture[str]) -> None:
    # The expiry in force Sun 2026-03-01 was in force in 2023-2024, so it already carries
    # St. 2024 c.238 §280; the extension issued 2024-12-15 runs Upton's three years
    # (ch. 330 extensions ¶A) to 2029-03-01, not two more.
    found = deadlines(capsys, "--town", "upton", "--kind", "extension", "--expiry",
                      "2026-03-01", "--issued", "2024-12-15", "--under", "bylaw")
    assert found["expires"]["date"] == "2029-03-01"
    assert found["expires"]["extended_by"] == []
