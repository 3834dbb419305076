"""`restore`: every record comes back; a bad archive changes nothing."""

from __future__ import annotations

import errno
import hashlib
import json
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest
from sqlalchemy import select

from concom_desk.errors import OperationFailed, UserError
from concom_desk.paths import documents_dir
from concom_desk.services.demo.town import load_demo
from concom_desk.store import archive as archive_module
from concom_desk.store import open_database
from concom_desk.store import restore as restore_module
from concom_desk.store.audit import Actor, register_audit_functions
from concom_desk.store.backup import make_backup
from concom_desk.store.health import check
from concom_desk.store.models import Filing, Party
from concom_desk.store.restore import restore
from tests.helpers.hostile_files import field, main_part_renamed, template
from tests.store.conftest import (
    all_rows,
    file_state,
    make_foreign_db,
    make_future_record,
    make_record,
    write_sql,
)

DB_MEMBER = "database/concom-desk.sqlite"
REPO_ROOT = Path(__file__).resolve().parents[2]
FIRST_SCHEMA = Path(__file__).resolve().parent / "fixtures" / "schema_0001.sqlite"


def wreck_the_session(db: Path) -> None:
    """What a bad afternoon does: records added, changed and removed, a letter lost."""
    with open_database(db, initials="TS") as database, database.session() as s:
        s.add(Party(name="Added after the backup"))
    write_sql(db, "UPDATE filing SET work_description = 'overwritten' WHERE id = 1",
              "DELETE FROM abutter_notice WHERE id = 2")
    (documents_dir(db) / "2026-014" / "permit.docx").unlink()


@pytest.fixture
def backup_zip(record_db: Path, tmp_path: Path) -> Path:
    return make_backup(record_db, tmp_path / "backup.zip").path


def test_backup_then_restore_gives_back_every_row_and_document(record_db: Path,
                                                               backup_zip: Path) -> None:
    rows_at_backup = all_rows(record_db)
    docs_at_backup = file_state(documents_dir(record_db))
    wreck_the_session(record_db)
    rows_wrecked = all_rows(record_db)
    assert rows_wrecked != rows_at_backup

    done = restore(backup_zip, record_db)

    assert all_rows(record_db) == rows_at_backup
    assert file_state(documents_dir(record_db)) == docs_at_backup
    with closing(sqlite3.connect(record_db)) as conn:  # as the program keeps its databases
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    kept_db = [p for p in done.kept_aside if p.suffix == ".sqlite"]
    assert len(kept_db) == 1
    assert kept_db[0].name.startswith("concom-desk.before-restore-")
    assert all_rows(kept_db[0]) == rows_wrecked
    kept_docs = [p for p in done.kept_aside if p.name.startswith("documents.before-restore-")]
    assert len(kept_docs) == 1 and not (kept_docs[0] / "2026-014" / "permit.docx").exists()


def test_restore_into_an_empty_place(backup_zip: Path, record_db: Path, tmp_path: Path) -> None:
    target = tmp_path / "new laptop" / "concom-desk.sqlite"
    target.parent.mkdir()
    done = restore(backup_zip, target)
    assert done.kept_aside == []
    assert all_rows(target) == all_rows(record_db)
    assert (documents_dir(target) / "2026-014" / "permit.docx").read_bytes() == \
        b"PK\x03\x04 permit for 12 Mill St"


def test_restore_over_a_wrecked_file_keeps_the_wreck(record_db: Path, backup_zip: Path) -> None:
    rows_at_backup = all_rows(record_db)
    record_db.write_bytes(b"\x00" * 8192)
    done = restore(backup_zip, record_db)
    assert all_rows(record_db) == rows_at_backup
    kept_db = [p for p in done.kept_aside if p.suffix == ".sqlite"]
    assert kept_db[0].read_bytes() == b"\x00" * 8192


def test_restore_brings_back_templates(record_db: Path, isolated_data_dir: Path,
                                       tmp_path: Path) -> None:
    templates = isolated_data_dir / "templates"
    templates.mkdir()
    template(templates / "permit.docx", "form as it was")
    as_it_was = (templates / "permit.docx").read_bytes()
    archive = make_backup(record_db, tmp_path / "b.zip").path
    template(templates / "permit.docx", "form spoiled later")
    spoiled = (templates / "permit.docx").read_bytes()
    restore(archive, record_db)
    assert (templates / "permit.docx").read_bytes() == as_it_was
    aside = [p for p in isolated_data_dir.iterdir() if p.name.startswith("templates.before-")]
    assert (aside[0] / "permit.docx").read_bytes() == spoiled


def test_a_restored_template_with_active_content_is_not_installed(
        record_db: Path, isolated_data_dir: Path, tmp_path: Path) -> None:
    """A backup installs templates: each is judged as check-template judges one (the
    DDEAUTO sits in a main part named word/main.dat). The records come back."""
    templates = isolated_data_dir / "templates"
    templates.mkdir()
    template(templates / "agenda.docx", "plain agenda")
    main_part_renamed(template(templates / "permit.docx", body_xml=field(
        'DDEAUTO cmd "/c calc"')), "word/main.dat")
    archive = make_backup(record_db, tmp_path / "b.zip").path
    rows = all_rows(record_db)
    done = restore(archive, record_db)
    assert all_rows(record_db) == rows
    assert sorted(p.name for p in templates.iterdir()) == ["agenda.docx"]
    assert [n for n in done.notices if "permit.docx" in n] == [
        "the template permit.docx in the backup was not installed: it contains a DDEAUTO "
        "field ('DDEAUTO cmd \"/c calc\"' in word/main.dat), which can run a program or "
        "pull in another file"]


def test_the_mail_merge_field_table_comes_back_with_the_templates(
        record_db: Path, isolated_data_dir: Path, tmp_path: Path) -> None:
    """Not a template, yet kept: the clerk's matches of «fields» to the program's."""
    templates = isolated_data_dir / "templates"
    templates.mkdir()
    table = templates / "merge-fields.json"
    table.write_text('{"ApplicantName": "applicant.name"}\n', encoding="utf-8")
    (templates / "notes.json").write_text("{}", encoding="utf-8")
    archive = make_backup(record_db, tmp_path / "b.zip").path
    table.write_text("{}", encoding="utf-8")
    done = restore(archive, record_db)
    assert table.read_text(encoding="utf-8") == '{"ApplicantName": "applicant.name"}\n'
    assert [n for n in done.notices if "json" in n] == [
        "the template notes.json in the backup was not installed: notes.json is not a .docx "
        "file; open it in Word and save it as \"Word Document (*.docx)\""]


def test_a_stale_wal_of_the_old_database_is_not_replayed(record_db: Path,
                                                        backup_zip: Path) -> None:
    rows_at_backup = all_rows(record_db)
    # A program that died with its last commits still in the WAL (it held no lock file).
    holder = sqlite3.connect(record_db)
    register_audit_functions(holder, Actor("clerk", "TS"))
    holder.execute("UPDATE party SET name = 'in the WAL only' WHERE id = 3")
    holder.commit()
    try:
        assert Path(str(record_db) + "-wal").stat().st_size > 0
        restore(backup_zip, record_db)
    finally:
        holder.close()
    assert all_rows(record_db) == rows_at_backup


HOLD_OPEN = """
import sys
from concom_desk.store import open_database
database = open_database(sys.argv[1])
print("ready", flush=True)
sys.stdin.read()
database.close()
"""


def test_restore_waits_for_the_program_to_close(record_db: Path, backup_zip: Path) -> None:
    rows = all_rows(record_db)
    window = subprocess.Popen([sys.executable, "-c", HOLD_OPEN, str(record_db)],
                              cwd=REPO_ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    try:
        assert window.stdout is not None and window.stdout.readline() == "ready\n"
        with pytest.raises(UserError, match="is open in another ConCom Desk: .*@"):
            restore(backup_zip, record_db)
    finally:
        window.communicate("")
    assert all_rows(record_db) == rows
    restore(backup_zip, record_db)  # once the program is closed, it goes ahead


# --- refusals: each leaves the office folder and the data folder exactly as they were ---

def rewrite_archive(source: Path, target: Path, change: Callable[[dict[str, bytes]], None],
                    fix_manifest: bool = False) -> Path:
    """A copy of the archive with members changed (and the manifest made to agree)."""
    with zipfile.ZipFile(source) as zf:
        members = {n: zf.read(n) for n in zf.namelist()}
    change(members)
    if fix_manifest:
        manifest = json.loads(members["manifest.json"])
        manifest["members"] = {
            n: {"sha256": hashlib.sha256(d).hexdigest(), "size": len(d)}
            for n, d in members.items() if n != "manifest.json"}
        members["manifest.json"] = json.dumps(manifest).encode()
    with zipfile.ZipFile(target, "w") as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return target


def foreign_database(application_id: int = 0, revision: str | None = None) -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        return make_foreign_db(Path(folder) / "f.sqlite", application_id, revision).read_bytes()


def future_database(folder: Path) -> bytes:
    """A ConCom Desk database as a newer program (schema 9999) would have written it."""
    path = make_future_record(folder / "future.sqlite")
    return path.read_bytes()


@pytest.fixture
def untouched(record_db: Path, isolated_data_dir: Path):
    """Asserts, after the test body, that nothing in the office or data folder changed."""
    templates = isolated_data_dir / "templates"
    templates.mkdir()
    (templates / "agenda.docx").write_bytes(b"agenda form")
    before = (file_state(record_db.parent), file_state(isolated_data_dir))
    yield record_db
    assert (file_state(record_db.parent), file_state(isolated_data_dir)) == before


def set_member(name: str, data: bytes) -> Callable[[dict[str, bytes]], None]:
    return lambda members: members.__setitem__(name, data)


def truncate_database(members: dict[str, bytes]) -> None:
    members[DB_MEMBER] = members[DB_MEMBER][: len(members[DB_MEMBER]) // 2]


REFUSALS = [
    # (how the archive is spoiled, fix the manifest so hashes agree?, error, message)
    ("a changed letter", set_member("documents/2026-014/permit.docx", b"forged"), False,
     OperationFailed, "permit.docx does not match the checksum"),
    ("a changed database", set_member(DB_MEMBER, b"SQLite format 3\x00" + b"x" * 100), False,
     OperationFailed, "concom-desk.sqlite does not match the checksum"),
    ("no manifest", lambda m: m.pop("manifest.json"), False,
     UserError, "not a ConCom Desk backup \\(it has no manifest\\)"),
    ("someone else's manifest", set_member("manifest.json", b'{"format": "other"}'), False,
     UserError, "its manifest is not ours"),
    ("a member left out", lambda m: m.pop("documents/2026-014/permit.docx"), False,
     OperationFailed, "permit.docx is missing"),
    ("a member slipped in", set_member("documents/extra.exe", b"MZ"), False,
     OperationFailed, "which its manifest does not list"),
    ("a path out of the folder", set_member("documents/../../evil.txt", b"x"), True,
     OperationFailed, "unsafe path"),
    ("a truncated database", truncate_database, True,
     OperationFailed, "damaged: the database inside"),
    ("a text file as database", set_member(DB_MEMBER, b"Dear Commissioners,"), True,
     OperationFailed, "not an SQLite file"),
    ("another program's database", set_member(DB_MEMBER, foreign_database()), True,
     UserError, "does not hold a ConCom Desk database"),
]


@pytest.mark.parametrize(("spoil", "fix_manifest", "error", "message"),
                         [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS])
def test_a_spoiled_archive_is_refused_and_nothing_changes(
        untouched: Path, backup_zip: Path, tmp_path: Path, spoil, fix_manifest: bool,
        error: type[Exception], message: str) -> None:
    spoiled = rewrite_archive(backup_zip, tmp_path / "spoiled.zip", spoil, fix_manifest)
    with pytest.raises(error, match=message):
        restore(spoiled, untouched)


def test_not_a_zip_is_refused(untouched: Path, tmp_path: Path) -> None:
    letter = tmp_path / "letter.zip"
    letter.write_bytes(b"Dear Commissioners, ...")
    with pytest.raises(UserError, match="not a zip archive"):
        restore(letter, untouched)


def test_a_missing_archive_is_refused(untouched: Path, tmp_path: Path) -> None:
    with pytest.raises(UserError, match="there is no backup file"):
        restore(tmp_path / "nowhere.zip", untouched)


def test_a_newer_schema_is_refused(untouched: Path, backup_zip: Path, tmp_path: Path) -> None:
    future = rewrite_archive(backup_zip, tmp_path / "future.zip",
                             set_member(DB_MEMBER, future_database(tmp_path)), fix_manifest=True)
    with pytest.raises(UserError, match="newer version of ConCom Desk"):
        restore(future, untouched)


def test_disk_full_while_unpacking(untouched: Path, backup_zip: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    def full(target: object, chunk: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(archive_module, "write_chunk", full)
    with pytest.raises(OperationFailed, match="the disk is full"):
        restore(backup_zip, untouched)


def test_not_enough_room_is_told_before_starting(untouched: Path, backup_zip: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    real_usage = shutil.disk_usage
    monkeypatch.setattr(restore_module.shutil, "disk_usage",
                        lambda path: real_usage(path)._replace(free=1000))
    with pytest.raises(OperationFailed, match="restoring needs .* MB free .* and only 0 MB"):
        restore(backup_zip, untouched)


def test_read_only_folder(untouched: Path, backup_zip: Path,
                          monkeypatch: pytest.MonkeyPatch) -> None:
    def denied(**kwargs: object) -> str:
        raise PermissionError(errno.EACCES, "Permission denied")

    from concom_desk.store import restore_staging

    monkeypatch.setattr(restore_staging.tempfile, "mkdtemp", denied)
    with pytest.raises(OperationFailed, match="not allowed to write there"):
        restore(backup_zip, untouched)


def test_another_programs_database_is_not_replaced(backup_zip: Path, tmp_path: Path) -> None:
    photos = make_foreign_db(tmp_path / "photos.sqlite")
    before = photos.read_bytes()
    with pytest.raises(UserError, match="is another program's database"):
        restore(backup_zip, photos)
    assert photos.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["backup.zip", "office",
                                                          "photos.sqlite"]


def test_a_path_through_a_file(untouched: Path, backup_zip: Path, tmp_path: Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("hello")
    with pytest.raises(UserError, match="does not exist"):
        restore(backup_zip, a_file / "concom-desk.sqlite")
    assert a_file.read_text() == "hello"


def test_failure_at_the_last_step_puts_the_documents_back(
        record_db: Path, backup_zip: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wreck_the_session(record_db)
    rows_before = all_rows(record_db)
    docs_before = file_state(documents_dir(record_db))
    real_replace = Path.replace

    def refuse_database(self: Path, target: Path) -> Path:
        if Path(target) == record_db:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_replace(self, target)

    monkeypatch.setattr(Path, "replace", refuse_database)
    with pytest.raises(OperationFailed, match="not allowed to write there"):
        restore(backup_zip, record_db)
    assert all_rows(record_db) == rows_before
    assert file_state(documents_dir(record_db)) == docs_before


def test_an_archive_of_the_first_schema_comes_back_and_is_upgraded(tmp_path: Path) -> None:
    first = tmp_path / "2025" / "concom-desk.sqlite"
    first.parent.mkdir()
    shutil.copy(FIRST_SCHEMA, first)
    rows_at_backup = all_rows(first)
    archive = make_backup(first, tmp_path / "2025.zip")
    assert archive.manifest.schema_revision == "0001"
    target = tmp_path / "office" / "concom-desk.sqlite"
    target.parent.mkdir()
    make_record(target)
    restore(archive.path, target)
    assert all_rows(target) == rows_at_backup  # put back exactly as it was saved
    with open_database(target) as database, database.read_session() as s:  # then upgraded
        filing = s.scalars(select(Filing)).one()
        assert (filing.file_no, filing.applicant.name) == ("2025-007", "Jane Doe")


def test_the_demo_town_comes_back_row_for_row(tmp_path: Path) -> None:
    db = tmp_path / "office" / "concom-desk.sqlite"
    db.parent.mkdir()
    load_demo(db, "small")
    rows = all_rows(db)
    assert sum(1 for table_rows in rows.values() if table_rows) >= 20  # a full record
    archive = make_backup(db, tmp_path / "demo.zip").path
    db.unlink()  # the laptop's disk died; a new one, and the backup from the USB stick
    restore(archive, db)
    assert all_rows(db) == rows
    assert check(db).sound
