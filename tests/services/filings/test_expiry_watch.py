"""The expiry watch over permits' whole lives (tests/helpers/permit_life_fixtures.py
has each date worked out by hand): the lists, their order, the counts Today shows,
the command line and the workbook."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from openpyxl import load_workbook

from concom_desk.cli import main
from concom_desk.services.filings.expiry_watch import (
    expiry_watch,
    watch_count_line,
    watch_counts,
)
from concom_desk.services.filings.expiry_watch_export import write_watch_xlsx
from concom_desk.store import Database
from tests.helpers.engines import db_argument
from tests.helpers.permit_life_fixtures import TODAY, fill_watched_town


@pytest.fixture
def db(new_records):  # noqa: ANN001, ANN201
    database = fill_watched_town(new_records(initials="JB"))
    yield database
    database.close()


def test_the_lists_most_urgent_first(db: Database) -> None:
    watch = expiry_watch(db, TODAY)
    assert [(r.file_no, r.section, r.act_by) for r in watch.rows] == [
        ("2018-C", "expired", date(2022, 8, 6)),
        ("2026-D", "unrecorded", date(2026, 10, 1)),
        ("2026-E", "coc_pending", date(2026, 12, 11)),
        ("2022-B", "expiring", date(2026, 12, 21)),
    ]
    expiring = watch.rows[-1]
    assert expiring.expires == date(2027, 1, 20)
    assert expiring.what == "Expires 2027-01-20; request an extension by 2026-12-21"
    assert expiring.why == ("3-year term to 2025-01-20; + 2 years, St. 2024 c.238 §280 "
                            "→ 2027-01-20")
    assert expiring.holder == "Pond Realty Trust"
    assert watch.rows[0].why == ("3-year term to 2021-05-01; + 462 days, St. 2020 c.53 §17 "
                                 "→ 2022-08-06")
    assert watch.rows[2].what == ("COC requested 2026-11-20 for permit 2022-B, not decided; "
                                  "decide by 2026-12-11 (310 CMR 10.05(9)(a))")


def test_seven_months_reach_the_order_the_2024_act_extended(db: Database) -> None:
    found = {r.file_no: r for r in expiry_watch(db, TODAY, months=7).rows
             if r.section == "expiring"}
    assert set(found) == {"2022-A", "2022-B"}
    assert found["2022-A"].expires == date(2027, 6, 10)


def test_today_counts_what_the_watch_holds(db: Database) -> None:
    watch = expiry_watch(db, TODAY)
    with db.read_session() as session:
        counts = watch_counts(session, TODAY)
    assert counts == {key: watch.count(key) for key in counts}
    assert watch_count_line(counts) == (
        "Expiry watch: 4 permits to look at (1 expiring within 6 months · 1 expired with no "
        "COC · 1 not recorded · 1 COC not decided).")


def test_the_command_line(db: Database, capsys: pytest.CaptureFixture[str]) -> None:
    db.close()  # the command opens the file itself, as a script would
    assert main(["expiry-watch", "--db", db_argument(db), "--today", "2026-12-01",
                 "--within-months", "7", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["file_no"], r["section"], r["expires"]) for r in rows] == [
        ("2018-C", "expired", "2022-08-06"), ("2026-D", "unrecorded", "2029-10-01"),
        ("2026-E", "coc_pending", None), ("2022-B", "expiring", "2027-01-20"),
        ("2022-A", "expiring", "2027-06-10")]
    assert rows[-1]["request_extension_by"] == "2027-05-11"


@pytest.mark.parametrize("argv", [["--within-months", "0"], ["--within-months", "x"],
                                  ["--today", "9999-01-01"]])
def test_bad_command_line_input_is_one_line(db: Database, capsys: pytest.CaptureFixture[str],
                                            argv: list[str]) -> None:
    db.close()
    with pytest.raises(SystemExit) as stopped:
        main(["expiry-watch", "--db", db_argument(db), *argv])
    assert stopped.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_the_workbook(db: Database, tmp_path: Path) -> None:
    written = write_watch_xlsx(expiry_watch(db, TODAY), tmp_path / "watch")
    assert written.name == "watch.xlsx"
    sheet = load_workbook(written).active
    assert sheet["A1"].value.startswith("Expiry watch, 2026-12-01: 1 expiring within 6 months")
    assert [c.value for c in sheet[2]][:3] == ["Act by", "List", "File no."]
    last = [c.value for c in sheet[6]]
    assert last[0].date() == date(2026, 12, 21)
    assert last[2:4] == ["2022-B", "NOI"]
    assert last[7].date() == date(2027, 1, 20)
    assert not list(tmp_path.glob(".*partial*"))
