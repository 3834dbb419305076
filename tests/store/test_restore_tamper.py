"""A forged or trigger-laden backup is refused, and nothing is replaced: restore runs the
full check on the copy it unpacked, and accepts only the program's own schema objects."""

from __future__ import annotations

import json
import sqlite3
import tempfile
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from concom_desk.errors import OperationFailed
from concom_desk.store.anchor import chain_head
from concom_desk.store.backup import make_backup
from concom_desk.store.health import check
from concom_desk.store.restore import restore
from tests.store.conftest import file_state
from tests.store.test_restore import DB_MEMBER, rewrite_archive
from tests.store.test_tamper import recompute_chain, trigger_sql


@pytest.fixture
def genuine(record_db: Path, tmp_path: Path) -> Path:
    return make_backup(record_db, tmp_path / "genuine.zip").path


@pytest.fixture
def untouched(record_db: Path, isolated_data_dir: Path):
    """Asserts, after the test body, that nothing in the office or data folder changed."""
    before = (file_state(record_db.parent), file_state(isolated_data_dir))
    yield record_db
    assert (file_state(record_db.parent), file_state(isolated_data_dir)) == before


def forge(genuine: Path, target: Path, *statements: str,
          after: Callable[[Path], None] | None = None) -> Path:
    """The backup with its database changed in the sqlite3 shell and the manifest's
    checksums made to agree (as a forger would)."""
    def change(members: dict[str, bytes]) -> None:
        with tempfile.TemporaryDirectory() as folder:
            copy = Path(folder) / "db.sqlite"
            copy.write_bytes(members[DB_MEMBER])
            with closing(sqlite3.connect(copy)) as conn:
                for statement in statements:
                    conn.execute(statement)
                conn.commit()
            if after is not None:
                after(copy)
            with closing(sqlite3.connect(copy)) as conn:
                conn.execute("PRAGMA journal_mode=DELETE")
                head = chain_head(conn)
            members[DB_MEMBER] = copy.read_bytes()
            manifest = json.loads(members["manifest.json"])
            manifest["chain_head"] = head.as_json()  # the forger states the new head too
            members["manifest.json"] = json.dumps(manifest).encode()
    return rewrite_archive(genuine, target, change, fix_manifest=True)


def test_the_genuine_backup_comes_back(record_db: Path, genuine: Path) -> None:
    restore(genuine, record_db)
    assert check(record_db).sound


def test_a_row_edited_in_the_backup_is_refused(untouched: Path, genuine: Path,
                                               tmp_path: Path) -> None:
    original = trigger_sql(untouched, "audit_party_update")
    forged = forge(genuine, tmp_path / "forged.zip", "DROP TRIGGER audit_party_update",
                   "UPDATE party SET name = 'Ruth Forged' WHERE id = 1", original)
    with pytest.raises(OperationFailed, match=r"fails the check of its audit trail \(Trail "
                       r"replay: 1 record does not match .* Party 1 \(Ruth Forged\) differs"):
        restore(forged, untouched)


def test_a_backup_with_a_recomputed_chain_is_refused(untouched: Path, genuine: Path,
                                                     tmp_path: Path) -> None:
    forged = forge(genuine, tmp_path / "forged.zip", "DROP TRIGGER guard_audit_entry_update",
                   "UPDATE audit_entry SET initials = 'XX' WHERE id = 4",
                   after=recompute_chain)
    with pytest.raises(OperationFailed, match="starts as this database's and then differs "
                       r"\(entry 13 \(the 13th\) is not the one the backup"):
        restore(forged, untouched)


def test_a_manifest_that_misstates_the_chain_head_is_refused(
        untouched: Path, genuine: Path, tmp_path: Path) -> None:
    def misstate(members: dict[str, bytes]) -> None:
        manifest = json.loads(members["manifest.json"])
        manifest["chain_head"]["entries"] = 99
        members["manifest.json"] = json.dumps(manifest).encode()
    forged = rewrite_archive(genuine, tmp_path / "forged.zip", misstate, fix_manifest=True)
    with pytest.raises(OperationFailed, match="the manifest records 99 audit entries .* the "
                       "database inside has 13"):
        restore(forged, untouched)


@pytest.mark.parametrize(("statement", "named"), [
    ("CREATE TRIGGER rename_applicants AFTER UPDATE ON party BEGIN "
     "UPDATE party SET name = 'Mallory' WHERE id = NEW.id; END",
     "a trigger 'rename_applicants' on party"),
    ("CREATE VIEW everyone AS SELECT name FROM party", "a view 'everyone'"),
    ("CREATE TABLE payload (data BLOB)", "a table 'payload'"),
    ("CREATE INDEX ix_sneaky ON party (name, city)", "an index 'ix_sneaky'"),
], ids=["foreign trigger", "view", "table", "index"])
def test_a_backup_carrying_foreign_schema_objects_is_refused(
        untouched: Path, genuine: Path, tmp_path: Path, statement: str, named: str) -> None:
    forged = forge(genuine, tmp_path / "laden.zip", statement)
    with pytest.raises(OperationFailed, match=f"holds {named} that ConCom Desk does not make"):
        restore(forged, untouched)


def test_an_altered_audit_trigger_in_the_backup_is_refused(
        untouched: Path, genuine: Path, tmp_path: Path) -> None:
    forged = forge(genuine, tmp_path / "laden.zip", "DROP TRIGGER audit_filing_update",
                   "CREATE TRIGGER audit_filing_update AFTER UPDATE ON filing BEGIN SELECT 1; END")
    with pytest.raises(OperationFailed, match="'audit_filing_update' that is not the "
                       "program's own"):
        restore(forged, untouched)


def test_a_backup_of_another_database_is_allowed_and_said(genuine: Path,
                                                          tmp_path: Path) -> None:
    from concom_desk.store import open_database
    from concom_desk.store.models import Party

    laptop = tmp_path / "new-laptop" / "concom-desk.sqlite"
    laptop.parent.mkdir()
    with open_database(laptop, initials="JB") as db, db.session() as s:
        s.add(Party(name="First entry on the new laptop"))
    done = restore(genuine, laptop)
    assert done.notices == ["genuine.zip is a backup of another database than the one it "
                            "replaces (their trails differ from the first entry)."]
    assert check(laptop).sound
