"""`concom-desk backup | restore | check | export`: messages and exit codes."""

from __future__ import annotations

from pathlib import Path

import pytest

from concom_desk.cli import main
from concom_desk.paths import default_db_path
from tests.store.conftest import all_rows, big_record, corrupt_page, make_record, write_sql


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return make_record(tmp_path / "concom-desk.sqlite")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_backup_wreck_restore(db: Path, tmp_path: Path, capsys) -> None:
    rows = all_rows(db)
    out = tmp_path / "friday.zip"
    code, said, err = run(capsys, "backup", "--db", str(db), "--out", str(out))
    assert (code, err) == (0, "")
    assert said == (f"Backup written to {out}: the database, 0 documents and 0 templates, "
                    "read back and verified.\n")

    db.write_bytes(b"wrecked")
    code, said, err = run(capsys, "check", "--db", str(db))
    assert code == 1
    assert said.splitlines()[-1] == "The database has problems."

    code, said, err = run(capsys, "restore", str(out), "--db", str(db))
    assert (code, err) == (0, "")
    lines = said.splitlines()
    assert lines[0].startswith(f"Restored {db} from the backup of ")
    assert lines[1].startswith(f"What was there before is kept as {tmp_path}/concom-desk."
                               "before-restore-")
    assert all_rows(db) == rows

    code, said, _ = run(capsys, "check", "--db", str(db))
    assert code == 0
    assert said.splitlines()[-1] == "The database is sound."


def test_the_default_database_is_in_the_data_folder(capsys, tmp_path: Path) -> None:
    make_record(default_db_path())
    code, said, _ = run(capsys, "check")
    assert code == 0 and "The database is sound." in said
    code, _, _ = run(capsys, "backup", "--out", str(tmp_path / "b.zip"))
    assert code == 0 and (tmp_path / "b.zip").exists()


def test_check_finds_a_damaged_page(tmp_path: Path, capsys) -> None:
    db = big_record(tmp_path / "concom-desk.sqlite")
    corrupt_page(db)
    code, said, _ = run(capsys, "check", "--db", str(db))
    assert code == 1
    assert "Integrity check FAILED" in said


def test_export_both_formats(db: Path, tmp_path: Path, capsys) -> None:
    code, said, _ = run(capsys, "export", "--db", str(db), "--format", "csv",
                        "--out", str(tmp_path / "csv"))
    tables = len(list((tmp_path / "csv").glob("*.csv")))
    # Every table but Alembic's bookkeeping, and the conservation land's monitoring
    # visits on a file of their own (the Inspection table's other rows).
    assert tables == len(all_rows(db)) - 1 + 1
    assert (code, said) == (0, f"Exported {tables} files to {tmp_path / 'csv'}.\n")
    code, said, _ = run(capsys, "export", "--db", str(db), "--format", "xlsx",
                        "--out", str(tmp_path / "xlsx"))
    assert (code, said) == (0, f"Exported 1 file to {tmp_path / 'xlsx'}.\n")


def test_a_wrong_format_is_a_usage_error(db: Path, tmp_path: Path, capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["export", "--db", str(db), "--format", "pdf", "--out", str(tmp_path)])
    assert exit_.value.code == 2
    assert "invalid choice: 'pdf'" in capsys.readouterr().err


def test_restoring_a_letter_is_a_one_line_usage_error(db: Path, tmp_path: Path, capsys) -> None:
    letter = tmp_path / "letter.zip"
    letter.write_text("Dear Commissioners")
    before = db.read_bytes()
    code, said, err = run(capsys, "restore", str(letter), "--db", str(db))
    assert (code, said) == (2, "")
    assert err == f"concom-desk: error: {letter} is not a ConCom Desk backup " \
                  "(it is not a zip archive)\n"
    assert db.read_bytes() == before


def test_a_damaged_archive_fails_with_exit_1(db: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "b.zip"
    assert run(capsys, "backup", "--db", str(db), "--out", str(out))[0] == 0
    data = bytearray(out.read_bytes())
    data[200:260] = b"\xff" * 60  # inside the compressed database
    out.write_bytes(bytes(data))
    write_sql(db, "UPDATE party SET name = 'after the backup' WHERE id = 3")
    rows = all_rows(db)
    code, said, err = run(capsys, "restore", str(out), "--db", str(db))
    assert code == 1 and said == ""
    assert err.startswith(f"concom-desk: failed: {out} is damaged")
    assert len(err.splitlines()) == 1
    assert all_rows(db) == rows
