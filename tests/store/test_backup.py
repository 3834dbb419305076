"""`make_backup` and `auto_backup`: what lands in the archive, and what is refused."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import sqlite3
import time
import zipfile
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest

from concom_desk import __version__
from concom_desk.errors import OperationFailed, UserError
from concom_desk.paths import backups_dir
from concom_desk.store import archive as archive_module
from concom_desk.store import backup as backup_module
from concom_desk.store import open_database
from concom_desk.store.backup import auto_backup, make_backup
from concom_desk.store.models import Party
from tests.store.conftest import (
    all_rows,
    big_record,
    corrupt_page,
    make_foreign_db,
    make_future_record,
    write_sql,
)


def stamped_revision(db: Path) -> str | None:
    with closing(sqlite3.connect(db)) as conn:
        if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'alembic_version'"
                            ).fetchone():
            return None
        rows = conn.execute("SELECT version_num FROM alembic_version").fetchall()
        return "+".join(sorted(row[0] for row in rows))  # one row per head


def test_archive_holds_database_documents_and_a_true_manifest(record_db: Path,
                                                              tmp_path: Path) -> None:
    out = tmp_path / "monday.zip"
    made = make_backup(record_db, out)
    assert made.path == out
    with zipfile.ZipFile(out) as zf:
        names = set(zf.namelist())
        manifest = json.loads(zf.read("manifest.json"))
        assert names == {
            "manifest.json", "database/concom-desk.sqlite",
            "documents/2026-014/permit.docx", "documents/2026-014/abutter letters.docx",
        }
        for name, info in manifest["members"].items():
            data = zf.read(name)
            assert info == {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}
        assert zf.read("documents/2026-014/permit.docx") == b"PK\x03\x04 permit for 12 Mill St"
        copy = tmp_path / "copy.sqlite"
        copy.write_bytes(zf.read("database/concom-desk.sqlite"))
    assert manifest["program_version"] == __version__
    assert manifest["schema_revision"] == stamped_revision(record_db)
    created = datetime.strptime(manifest["created_utc"], "%Y-%m-%dT%H:%M:%SZ")
    # A backup is stamped with the machine's clock, not the day the program counts from.
    assert abs((created.replace(tzinfo=UTC) - datetime.now(UTC)).total_seconds()) < 120
    assert all_rows(copy) == all_rows(record_db)
    # One self-contained file: the copy is not left in WAL mode.
    with closing(sqlite3.connect(copy)) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"


def test_no_temporary_files_are_left_beside_the_archive(record_db: Path, tmp_path: Path) -> None:
    out_dir = tmp_path / "usb"
    out_dir.mkdir()
    make_backup(record_db, out_dir / "b.zip")
    assert [p.name for p in out_dir.iterdir()] == ["b.zip"]


def test_templates_folder_is_included(record_db: Path, isolated_data_dir: Path,
                                      tmp_path: Path) -> None:
    templates = isolated_data_dir / "templates"
    templates.mkdir()
    (templates / "permit.docx").write_bytes(b"our own permit form")
    out = tmp_path / "b.zip"
    make_backup(record_db, out)
    with zipfile.ZipFile(out) as zf:
        assert zf.read("templates/permit.docx") == b"our own permit form"


def test_backup_holds_committed_records_only(record_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "b.zip"
    # The window is open and mid-save when the backup is made.
    with open_database(record_db) as database, pytest.raises(RuntimeError), \
            database.session() as s:
        s.add(Party(name="Not yet committed"))
        s.flush()
        make_backup(record_db, out)
        raise RuntimeError("the clerk pressed Cancel")
    copy = tmp_path / "copy.sqlite"
    with zipfile.ZipFile(out) as zf:
        copy.write_bytes(zf.read("database/concom-desk.sqlite"))
    with closing(sqlite3.connect(copy)) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM party")]
    assert "Not yet committed" not in names
    assert "Ruth Åkesson" in names


def test_an_output_folder_gets_a_dated_archive(record_db: Path, tmp_path: Path) -> None:
    out_dir = tmp_path / "usb"
    out_dir.mkdir()
    made = make_backup(record_db, out_dir)
    assert made.path.parent == out_dir
    assert made.path.name.startswith("concom-desk-") and made.path.suffix == ".zip"


@pytest.mark.parametrize(("content", "message"), [
    (b"this is a letter, not a database", "not an SQLite file"),
    (None, "there is no database"),
])
def test_refuses_what_is_not_a_database(tmp_path: Path, content: bytes | None,
                                        message: str) -> None:
    db = tmp_path / "x.sqlite"
    if content is not None:
        db.write_bytes(content)
    with pytest.raises(UserError, match=message):
        make_backup(db, tmp_path / "b.zip")
    assert not (tmp_path / "b.zip").exists()


def test_refuses_another_programs_sqlite_file(tmp_path: Path) -> None:
    db = make_foreign_db(tmp_path / "photos.sqlite")
    with pytest.raises(UserError, match="not a ConCom Desk database"):
        make_backup(db, tmp_path / "b.zip")


def test_refuses_a_database_from_a_newer_program(tmp_path: Path) -> None:
    db = make_future_record(tmp_path / "concom-desk.sqlite")
    with pytest.raises(UserError, match="newer version of ConCom Desk \\(schema 9999\\)"):
        make_backup(db, tmp_path / "b.zip")


def test_refuses_a_damaged_database(tmp_path: Path) -> None:
    db = big_record(tmp_path / "concom-desk.sqlite")
    corrupt_page(db)
    with pytest.raises(OperationFailed, match="integrity check"):
        make_backup(db, tmp_path / "b.zip")
    assert not (tmp_path / "b.zip").exists()


def test_refuses_a_truncated_database(tmp_path: Path) -> None:
    db = big_record(tmp_path / "concom-desk.sqlite")
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2])
    with pytest.raises(OperationFailed, match="integrity check|could not be copied|is damaged"):
        make_backup(db, tmp_path / "b.zip")
    assert not (tmp_path / "b.zip").exists()


def test_never_overwrites_an_existing_backup(record_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "b.zip"
    out.write_bytes(b"last week's backup")
    with pytest.raises(UserError, match="already exists"):
        make_backup(record_db, out)
    assert out.read_bytes() == b"last week's backup"


def test_disk_full_leaves_nothing_behind(record_db: Path, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    out_dir = tmp_path / "usb"
    out_dir.mkdir()

    def full(target: object, chunk: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(archive_module, "write_chunk", full)
    with pytest.raises(OperationFailed, match="the disk is full"):
        make_backup(record_db, out_dir / "b.zip")
    assert list(out_dir.iterdir()) == []


def test_read_only_folder_is_told_plainly(record_db: Path, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # The tests run as root, which ignores permissions: fail the way Windows does.
    def denied(**kwargs: object) -> str:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(backup_module.tempfile, "mkdtemp", denied)
    with pytest.raises(OperationFailed, match="not allowed to write there"):
        make_backup(record_db, tmp_path / "b.zip")


def test_a_path_through_a_file_is_refused(record_db: Path, tmp_path: Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("hello")
    with pytest.raises(UserError, match="does not exist"):
        make_backup(record_db, a_file / "b.zip")
    assert a_file.read_text() == "hello"


def auto_names(db: Path) -> list[str]:
    return sorted(p.name for p in backups_dir(db).iterdir())


def test_auto_backup_only_when_the_record_changed(record_db: Path) -> None:
    first = auto_backup(record_db, datetime(2026, 11, 29, 18, 0, 5, tzinfo=UTC))
    assert first is not None and first.parent == backups_dir(record_db)
    assert first.name == "concom-desk-auto-20261129T180005Z.zip"
    assert auto_backup(record_db, datetime(2026, 11, 29, 19, tzinfo=UTC)) is None
    write_sql(record_db, "UPDATE party SET name = 'Ruth Akesson-Smith' WHERE id = 1")
    second = auto_backup(record_db, datetime(2026, 11, 29, 20, tzinfo=UTC))
    assert second is not None
    assert auto_names(record_db) == ["concom-desk-auto-20261129T180005Z.zip",
                                     "concom-desk-auto-20261129T200000Z.zip"]


def test_auto_backup_thins_its_own_backups_only(record_db: Path) -> None:
    folder = backups_dir(record_db)
    folder.mkdir()
    seed = auto_backup(record_db, datetime(2026, 1, 1, 12, tzinfo=UTC))
    assert seed is not None
    old = seed.read_bytes()
    # Ten backups on one January day (one survives), and other files that must stay.
    for hour in range(10, 20):
        (folder / f"concom-desk-auto-20260105T{hour:02d}0000Z.zip").write_bytes(old)
    (folder / "concom-desk-before-upgrade.zip").write_bytes(b"manual")
    (folder / "other-town-auto-20260105T100000Z.zip").write_bytes(b"another database")
    write_sql(record_db, "UPDATE party SET phone = '508-555-0100' WHERE id = 3")
    made = auto_backup(record_db, datetime(2026, 11, 29, 18, tzinfo=UTC))
    assert made is not None
    assert auto_names(record_db) == [
        "concom-desk-auto-20260101T120000Z.zip",
        "concom-desk-auto-20260105T190000Z.zip",
        "concom-desk-auto-20261129T180000Z.zip",
        "concom-desk-before-upgrade.zip",
        "other-town-auto-20260105T100000Z.zip",
    ]


def test_auto_backup_of_a_missing_database_does_nothing(tmp_path: Path) -> None:
    assert auto_backup(tmp_path / "nothing.sqlite") is None
    assert not backups_dir(tmp_path / "nothing.sqlite").exists()


def test_leftovers_of_a_killed_backup_are_swept_up(record_db: Path, tmp_path: Path) -> None:
    out_dir = tmp_path / "usb"
    dead = out_dir / ".concom-backup-dead"
    running = out_dir / ".concom-backup-running"
    for folder in (dead, running):
        folder.mkdir(parents=True)
        (folder / "concom-desk.sqlite").write_bytes(b"half a copy")
    # Two days before the folder was made, by the clock that stamps the folder's files
    # (a file server's may not be the laptop's: the sweep reads the folder's own).
    two_days_ago = running.stat().st_mtime - 2 * 24 * 3600
    os.utime(dead, (two_days_ago, two_days_ago))
    make_backup(record_db, out_dir / "b.zip")
    assert sorted(p.name for p in out_dir.iterdir()) == [".concom-backup-running", "b.zip"]


def test_backups_in_the_same_second_are_told_apart(record_db: Path) -> None:
    second = datetime(2026, 11, 29, 18, tzinfo=UTC)
    assert auto_backup(record_db, second) is not None
    write_sql(record_db, "UPDATE party SET phone = '508-555-0101' WHERE id = 1")
    latest = auto_backup(record_db, second)
    assert latest is not None and latest.name == "concom-desk-auto-20261129T180000Z-2.zip"
    # Nothing changed since "-2", the newest, although "…Z.zip" sorts after it by name.
    assert auto_backup(record_db, second) is None


def test_a_fresh_staging_folder_survives_a_laptop_clock_a_year_ahead(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file server or stick keeps its own time: a folder it stamped a minute ago is not
    a day old because this laptop's clock runs ahead of it."""
    from concom_desk.store.disk import sweep_leftovers

    running = tmp_path / ".concom-backup-running"
    running.mkdir()
    (running / "b.zip.partial").write_bytes(b"PK")  # (an empty folder holds nothing to keep)
    ahead = time.time() + 365 * 24 * 3600
    monkeypatch.setattr(time, "time", lambda: ahead)
    sweep_leftovers(tmp_path, ".concom-backup-")
    assert running.is_dir()
    assert [p.name for p in tmp_path.iterdir()] == [".concom-backup-running"]  # no probe left
