"""`make_backup` hashes each large member on a second thread while the first compresses
it, and copies the database into a scratch file that is not flushed to the disk: the
archive must hold the very bytes of every member, each listed with its true sha256 and
size, whether deflated or stored, of one chunk or many; its database must be a whole,
self-contained file in rollback-journal mode, sound by SQLite's own check."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import zipfile
from contextlib import closing
from pathlib import Path

from concom_desk.paths import documents_dir
from concom_desk.store.archive import CHUNK, verify_archive
from concom_desk.store.backup import make_backup


def test_large_members_are_hashed_true_stored_or_deflated(record_db: Path,
                                                         tmp_path: Path) -> None:
    folder = documents_dir(record_db) / "2026-014"
    sizes = {"plan set.pdf": 3 * CHUNK + 12_345, "site photo.jpg": CHUNK,
             "field notes.txt": 2 * CHUNK + 1, "tiny.docx": 10}
    written = {}
    for name, size in sizes.items():
        data = os.urandom(size) if name != "field notes.txt" else \
            (b"Bordering vegetated wetland, flags A1-A40. " * size)[:size]
        (folder / name).write_bytes(data)
        written[f"documents/2026-014/{name}"] = data
    out = tmp_path / "friday.zip"
    make_backup(record_db, out)
    with zipfile.ZipFile(out) as archive:
        manifest = json.loads(archive.read("manifest.json"))
        kinds = {info.filename: info.compress_type for info in archive.infolist()}
        for name, data in written.items():
            assert archive.read(name) == data
            assert manifest["members"][name] == {
                "sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}
        database = archive.read("database/concom-desk.sqlite")
    assert manifest["members"]["database/concom-desk.sqlite"]["sha256"] == \
        hashlib.sha256(database).hexdigest()
    assert kinds["documents/2026-014/plan set.pdf"] == zipfile.ZIP_STORED
    assert kinds["documents/2026-014/field notes.txt"] == zipfile.ZIP_DEFLATED
    verify_archive(out)


def test_the_database_inside_is_whole_and_self_contained(record_db: Path,
                                                        tmp_path: Path) -> None:
    with closing(sqlite3.connect(record_db)) as conn:
        conn.execute("PRAGMA journal_mode=WAL")
        expected = conn.execute("SELECT count(*) FROM audit_entry").fetchone()[0]
    out = tmp_path / "saturday.zip"
    make_backup(record_db, out)
    inside = tmp_path / "inside.sqlite"
    with zipfile.ZipFile(out) as archive:
        inside.write_bytes(archive.read("database/concom-desk.sqlite"))
    with closing(sqlite3.connect(f"{inside.as_uri()}?mode=ro", uri=True)) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("SELECT count(*) FROM audit_entry").fetchone()[0] == expected
    assert not list(tmp_path.glob("inside.sqlite-*"))  # no journal wanted beside it
