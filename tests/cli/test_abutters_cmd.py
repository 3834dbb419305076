"""`concom-desk abutters import|mail|check`: exit codes, JSON, nothing half-imported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from concom_desk.cli import main
from concom_desk.store import open_database
from tests.helpers.abutter_fixtures import GOOD_ROWS, abutter_count, add_filing, write_csv


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    path = tmp_path / "commission.sqlite"
    with open_database(path) as db:
        add_filing(db)
    return path


def count(path: Path) -> int:
    with open_database(path) as db:
        return abutter_count(db)


def test_import_json_summary(db_file: Path, tmp_path: Path,
                             capsys: pytest.CaptureFixture[str]) -> None:
    listing = write_csv(tmp_path / "list.csv", GOOD_ROWS)
    code = main(["abutters", "import", "--db", str(db_file), "--filing", "2026-014",
                 str(listing), "--json"])
    assert code == 0
    assert json.loads(capsys.readouterr().out) == {
        "rows": 4, "notices": 4, "rejected": [], "imported": True}
    assert count(db_file) == 4


def test_refused_import_exits_1_and_imports_nothing(db_file: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    rows = [*GOOD_ROWS, ("13-2", "2 MILL RD", "", "2 MILL RD", "UPTON", "MA", "1568"),
            ("13-3", "3 MILL RD", "DOE JANE", "3 MILL RD", "UPTON", "MA", "#REF!")]
    listing = write_csv(tmp_path / "list.csv", rows)
    code = main(["abutters", "import", "--db", str(db_file), "--filing", "2026-014",
                 str(listing), "--json"])
    assert code == 1
    assert json.loads(capsys.readouterr().out) == {
        "rows": 6, "notices": 3,
        "rejected": [{"row": 6, "reason": "missing owner name"},
                     {"row": 7, "reason": "ZIP code holds the spreadsheet error #REF!"}],
        "imported": False}
    assert count(db_file) == 0


def test_skip_bad_rows_and_replace(db_file: Path, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    rows = [*GOOD_ROWS, ("13-2", "2 MILL RD", "", "2 MILL RD", "UPTON", "MA", "01568")]
    listing = write_csv(tmp_path / "list.csv", rows)
    base = ["abutters", "import", "--db", str(db_file), "--filing", "2026-014", str(listing)]
    assert main([*base, "--skip-bad-rows"]) == 0
    out = capsys.readouterr().out
    assert "row 6: missing owner name" in out
    assert "imported 4 notices from 4 rows into filing 2026-014" in out
    assert main([*base, "--skip-bad-rows"]) == 1
    assert "already has an abutter list" in capsys.readouterr().out
    assert main([*base, "--skip-bad-rows", "--replace"]) == 0
    assert count(db_file) == 4


def test_unknown_filing_is_a_usage_error(db_file: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    listing = write_csv(tmp_path / "list.csv", GOOD_ROWS)
    code = main(["abutters", "import", "--db", str(db_file), "--filing", "1999-001",
                 str(listing)])
    assert code == 2
    assert capsys.readouterr().err.strip() == (
        "concom-desk: error: there is no filing numbered '1999-001'")


def test_missing_file_is_a_usage_error(db_file: Path, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["abutters", "import", "--db", str(db_file), "--filing", "2026-014",
                 str(tmp_path / "nope.csv")])
    assert code == 2
    assert "no such file" in capsys.readouterr().err


def test_mail_writes_the_four_files(db_file: Path, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    listing = write_csv(tmp_path / "list.csv", GOOD_ROWS)
    assert main(["abutters", "import", "--db", str(db_file), "--filing", "2026-014",
                 str(listing)]) == 0
    out = tmp_path / "mailing"
    assert main(["abutters", "mail", "--db", str(db_file), "--filing", "2026-014",
                 "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "affidavit.docx", "certified-mail-list.docx", "labels.docx", "letters.docx"]
    assert "4 notice(s) for filing 2026-014" in capsys.readouterr().out


def test_mail_names_the_signer_and_sends_foreign_owners_by_hand(
        db_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.helpers.docx_reading import full_text, paragraphs

    foreign = ("13-2", "2 MILL RD", "TREMBLAY JEAN", "12 RUE ST-DENIS", "MONTREAL", "QC",
               "H2X 1K4")
    listing = write_csv(tmp_path / "list.csv", (*GOOD_ROWS, foreign))
    main(["abutters", "import", "--db", str(db_file), "--filing", "2026-014", str(listing)])
    out = tmp_path / "mailing"
    assert main(["abutters", "mail", "--db", str(db_file), "--filing", "2026-014",
                 "--out", str(out), "--signed-by", "Jamie Park", "--foreign", "hand"]) == 0
    assert "send this letter by hand delivery" in capsys.readouterr().out
    affidavit = paragraphs(out / "affidavit.docx")
    assert any(t.startswith("I, Jamie Park, certify") for t in affidavit)
    assert "By hand delivery, to 1 owner whose address certified mail cannot reach:" in affidavit
    assert "Tremblay Jean" not in full_text(out / "certified-mail-list.docx")


def test_check_exit_codes(db_file: Path, tmp_path: Path,
                          capsys: pytest.CaptureFixture[str]) -> None:
    listing = write_csv(tmp_path / "list.csv", GOOD_ROWS)
    main(["abutters", "import", "--db", str(db_file), "--filing", "2026-014", str(listing)])
    capsys.readouterr()
    assert main(["abutters", "check", "--db", str(db_file), "--filing", "2026-014",
                 "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ready"] is False
    assert "Smith Robert: notice not mailed" in report["problems"]
