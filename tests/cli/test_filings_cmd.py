"""`concom-desk demo` and `concom-desk filings` as a script uses them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from concom_desk.cli import main
from concom_desk.domain.filing_kinds import KINDS
from concom_desk.store.models import FILING_STATUSES


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cli") / "demo.sqlite"
    assert main(["demo", "--db", str(path), "--size", "small"]) == 0
    return path


def test_filings_json_has_the_promised_shape(demo_db: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "filings", "--db", str(demo_db), "--json")
    assert code == 0, err
    rows = json.loads(out)
    assert len(rows) > 50
    for row in rows:
        assert {"file_no", "kind", "town", "status", "address", "applicant", "received",
                "next_deadline"} <= set(row)
        assert row["kind"] in KINDS and row["status"] in FILING_STATUSES
        assert row["received"] is None or len(row["received"]) == 10
        if row["next_deadline"] is not None:
            assert set(row["next_deadline"]) == {"id", "date"}
            assert row["next_deadline"]["date"] >= "2000-01-01"
    assert any(row["next_deadline"] for row in rows)
    assert all(row["applicant"] for row in rows if row["status"] != "void")
    assert len({row["file_no"] for row in rows}) == len(rows)


def test_filings_text_lists_one_line_per_filing(demo_db: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "filings", "--db", str(demo_db), "--json")
    rows = json.loads(out)
    code, text, _ = run(capsys, "filings", "--db", str(demo_db))
    assert code == 0
    assert len(text.splitlines()) == len(rows)
    assert text.splitlines()[0].startswith(rows[0]["file_no"])


def test_demo_refuses_a_database_with_records(demo_db: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "demo", "--db", str(demo_db))
    assert code == 2
    assert "already holds records" in err and len(err.strip().splitlines()) == 1


def test_filings_without_a_database_says_so(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "filings", "--db", str(tmp_path / "none.sqlite"))
    assert code == 2 and "no database" in err
    assert not (tmp_path / "none.sqlite").exists()


def test_filings_refuses_a_foreign_file(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("meeting notes\n" * 20)
    code, _, err = run(capsys, "filings", "--db", str(path))
    assert code == 2 and "not a database" in err
    assert path.read_text() == "meeting notes\n" * 20


def test_demo_of_another_town_counts_with_its_bylaw(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "sandwich.sqlite"
    code, out, err = run(capsys, "demo", "--db", str(db), "--town", "sandwich")
    assert code == 0, err
    _, listed, _ = run(capsys, "filings", "--db", str(db), "--json")
    assert {row["town"] for row in json.loads(listed)} == {"sandwich"}
    from concom_desk.services.commission.settings import load_settings
    from concom_desk.store import open_database

    with open_database(db, lock=False) as opened:
        settings = load_settings(opened)
    assert settings is not None
    # Its letters name Sandwich's place: its ZIP, its Registry, a Cape newspaper.
    assert (settings.name, settings.address_lines[-1], settings.deeds_registry,
            settings.newspaper) == ("Sandwich Conservation Commission", "Sandwich, MA 02563",
                                    "Barnstable District", "The Sandwich Enterprise")


def test_demo_of_an_unknown_town_is_one_line_and_no_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "nowhere.sqlite"
    code, _, err = run(capsys, "demo", "--db", str(db), "--town", "springfeld")
    assert code == 2
    assert err.startswith("concom-desk: error: no town profile 'springfeld'; the towns are: "
                          "bourne, massachusetts, nantucket, sandwich, shutesbury, upton")
    assert len(err.strip().splitlines()) == 1 and not db.exists()
