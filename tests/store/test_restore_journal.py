"""A restore killed at its worst moments is finished or undone at the next start,
never left half: the records (and the last saves still in the -wal journal), the
documents folder, no hidden copy left, no "before-restore" copy of a restore that
did not happen, and what the clerk is told."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from concom_desk.paths import documents_dir
from concom_desk.store import open_database
from concom_desk.store.backup import make_backup
from concom_desk.store.health import check
from concom_desk.store.restore import restore
from concom_desk.store.restore_journal import journal_path
from concom_desk.store.restore_staging import STAGING_PREFIX
from tests.store.conftest import all_rows, file_state
from tests.store.crash_harness import REPO_ROOT, _start_child

DB_NAME = "concom-desk.sqlite"
# each test runs a restore in a child process it kills (some seconds)
pytestmark = pytest.mark.slow


def kill_restore_at(when: str, archive: Path, db: Path) -> None:
    """Run a restore in a child process killed just before the step `when`
    (tests/store/kill_child.py)."""
    child = subprocess.run(
        [sys.executable, "-m", "tests.store.kill_child", when, "restore", str(archive),
         str(db)], cwd=REPO_ROOT, capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)}, timeout=120, check=False)
    assert child.returncode != 0 and "steps" not in child.stdout, child.stderr[-800:]


def saves_left_in_the_journal(db: Path, at_least: int = 2) -> set[int]:
    """A program saving filings, killed after `at_least` were saved: they are in its
    -wal file only (the crash test's writer)."""
    writer = _start_child(db, 7)
    assert writer.stdout is not None
    saved: set[int] = set()
    for line in writer.stdout:
        if line.strip().isdigit():
            saved.add(int(line))
            if len(saved) >= at_least:
                break
    writer.kill()
    rest, _ = writer.communicate()
    saved.update(int(w) for w in rest.split() if w.isdigit())
    assert Path(str(db) + "-wal").stat().st_size > 0
    return saved


def filing_ids(db: Path) -> set[int]:
    with open_database(db, initials="CK") as database, database.engine.connect() as c:
        return {row[0] for row in c.exec_driver_sql("SELECT id FROM filing")}


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()
                  if p.name.startswith(STAGING_PREFIX) or p.name.endswith(".restore-journal")
                  or ".partial" in p.name)


@pytest.fixture
def backed_up(record_db: Path, tmp_path: Path) -> tuple[Path, Path]:
    """The record, its backup, and the record changed since (so the two differ)."""
    archive = make_backup(record_db, tmp_path / "backup.zip").path
    (documents_dir(record_db) / "2026-014" / "since.docx").write_bytes(b"PK\x03\x04 since")
    return record_db, archive


def test_killed_between_the_two_renames_of_a_folder_it_is_undone(
        backed_up: tuple[Path, Path]) -> None:
    db, archive = backed_up
    docs_before = file_state(documents_dir(db))
    rows_before = all_rows(db)
    # the 2nd rename touching the records' folder: the restored one into place, after
    # the current one was renamed aside (the folder was missing in session 2's kills)
    kill_restore_at("os.rename~documents~2", archive, db)
    assert not documents_dir(db).exists()
    assert journal_path(db).exists()

    with open_database(db, initials="CK") as database:
        told = database.state.settled_restore
    assert told.startswith("The restore of backup.zip was stopped before it finished")
    assert "it was undone: the records, documents and templates are as they were" in told
    assert file_state(documents_dir(db)) == docs_before
    assert all_rows(db) == rows_before
    assert leftovers(db.parent) == []
    assert not [p for p in db.parent.iterdir() if "before-restore" in p.name]


def test_killed_after_the_old_journal_files_were_moved_the_last_saves_are_kept(
        backed_up: tuple[Path, Path]) -> None:
    db, archive = backed_up
    saved = saves_left_in_the_journal(db)
    # just before the restored database is renamed over the current one: the -wal
    # holding the saves is already out of the way (session 2: it was deleted here)
    kill_restore_at(f"os.rename~{DB_NAME}~1", archive, db)
    assert not Path(str(db) + "-wal").exists()

    report = check(db)
    assert report.lines[0].startswith("The restore of backup.zip was stopped before it "
                                      "finished"), report.lines
    assert report.sound, report.lines
    assert saved <= filing_ids(db)
    assert leftovers(db.parent) == []


def test_killed_after_the_point_of_no_return_it_is_finished(
        backed_up: tuple[Path, Path]) -> None:
    db, archive = backed_up
    docs_now = file_state(documents_dir(db))
    # the anchor of the replaced records is set aside after the database is in place
    kill_restore_at("os.rename~.anchor~1", archive, db)
    assert journal_path(db).exists()

    with open_database(db, initials="CK") as database:
        told = database.state.settled_restore
    assert "it was finished: the records are those of the backup" in told
    aside = next(p for p in db.parent.iterdir() if p.name.endswith(".sqlite")
                 and ".before-restore-" in p.name)
    assert f"kept as {aside.name}." in told
    assert "since.docx" not in {p.name for p in documents_dir(db).rglob("*")}
    kept_docs = next(p for p in db.parent.iterdir()
                     if p.name.startswith("documents.before-restore-"))
    assert file_state(kept_docs) == docs_now
    assert check(db).sound
    assert check(aside).sound
    assert leftovers(db.parent) == []


def test_an_undone_restore_can_be_done_again(backed_up: tuple[Path, Path]) -> None:
    db, archive = backed_up
    kill_restore_at("os.rename~documents~1", archive, db)
    done = restore(archive, db)  # settles the stopped one first, then restores
    assert "since.docx" not in {p.name for p in documents_dir(db).rglob("*")}
    assert len([p for p in done.kept_aside if p.suffix == ".sqlite"]) == 1
    assert leftovers(db.parent) == []


def test_a_journal_that_is_not_one_is_left_alone_and_said(record_db: Path) -> None:
    journal_path(record_db).write_text("{not json", encoding="utf-8")
    report = check(record_db)
    assert not report.sound
    assert any(line.startswith(f"Restore: {journal_path(record_db).name} cannot be read")
               for line in report.lines), report.lines
    with open_database(record_db, initials="CK") as database:
        assert database.state.settled_restore.startswith("A restore left a journal: ")
    assert journal_path(record_db).exists()


def test_the_journal_names_each_step(backed_up: tuple[Path, Path]) -> None:
    db, archive = backed_up
    kill_restore_at("os.rename~documents~1", archive, db)
    journal = json.loads(journal_path(db).read_text(encoding="utf-8"))
    assert journal["backup"] == "backup.zip"
    assert journal["database_aside"].startswith("concom-desk.before-restore-")
    assert [Path(s["current"]).name for s in journal["swaps"]] == ["documents"]
    assert (db.parent / journal["staging"] / DB_NAME).is_file()
