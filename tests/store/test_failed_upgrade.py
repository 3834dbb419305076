"""An upgrade that cannot complete leaves the database as it was, byte for byte, and
says so in one line: in the CLI `concom-desk: failed: …` and exit 1, no traceback."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from concom_desk.errors import OperationFailed
from concom_desk.store import open_database
from concom_desk.store import schema as schema_module
from tests.store.test_upgrade_fixtures import revision, unpack

FAILING_REVISION = '''"""A revision that fails half-way, after changing rows and a table."""
import sqlalchemy as sa
from alembic import op

revision = '0099_fails'
down_revision = '{head}'
branch_labels = None
depends_on = None


def upgrade():
    op.execute("UPDATE filing SET notes = 'CHANGED'")
    op.add_column('filing', sa.Column('half_done', sa.Text(), server_default=''))
    raise RuntimeError("the disk was unplugged\\nin the middle of the upgrade")


def downgrade():
    pass
'''


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def leftovers(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir()
                  if p.name.startswith(path.name + "-"))  # -wal, -shm, -journal


def test_a_failing_revision_leaves_the_file_byte_identical(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    migrations = tmp_path / "migrations"
    shutil.copytree(schema_module.MIGRATIONS_DIR, migrations,
                    ignore=shutil.ignore_patterns("__pycache__"))
    (migrations / "versions" / "0099_fails.py").write_text(
        FAILING_REVISION.format(head=schema_module.head_revision()), encoding="utf-8")
    monkeypatch.setattr(schema_module, "MIGRATIONS_DIR", migrations)
    # The oldest demo town: every revision since 0005 runs before the one that fails.
    folder = tmp_path / "town"
    folder.mkdir()
    path = unpack("02-093288b-schema-0005", folder)
    before, files_before = sha256(path), leftovers(path)
    with pytest.raises(OperationFailed) as failed:
        open_database(path)
    message = str(failed.value)
    assert "\n" not in message
    assert message.startswith("upgrading town.sqlite from schema 0005 failed (the disk was "
                              "unplugged in the middle of the upgrade); the database was "
                              "put back as it was (a copy is in ")
    assert sha256(path) == before
    assert leftovers(path) == files_before
    assert revision(path) == "0005"


def test_the_cli_says_a_failed_upgrade_in_one_line_and_leaves_the_file(tmp_path: Path) -> None:
    # A real failure, no patching: a file stamped 0002 that already holds the index
    # 0005 makes (as the dev commits of the renumbered 0003 left theirs, but stamped
    # 0002, so it is not recognised as one of them).
    path = unpack("01-c506cf6-schema-0002", tmp_path)
    with closing(sqlite3.connect(path)) as raw, raw:
        raw.execute("CREATE INDEX ix_audit_entry_table_name_record_id "
                    "ON audit_entry (table_name, record_id)")
    before = sha256(path)
    done = subprocess.run(
        [sys.executable, "-m", "concom_desk", "filings", "--db", str(path)],
        capture_output=True, text=True, env={**os.environ, "PYTHONUTF8": "1"},
        timeout=120, check=False)
    assert done.returncode == 1
    assert done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith("concom-desk: failed: upgrading town.sqlite from schema 0002 "
                           "failed (index ix_audit_entry_table_name_record_id already "
                           "exists); the database was put back as it was (a copy is in ")
    assert "Traceback" not in done.stderr
    assert sha256(path) == before
    assert revision(path) == "0002"


def test_an_upgrade_found_wrong_after_it_was_written_is_put_back_from_the_copy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The checks after the commit find a fault: the file has changed, so the copy made
    # before the upgrade is put back (the same records, in the backup API's bytes).
    path = unpack("01-c506cf6-schema-0002", tmp_path)
    with closing(sqlite3.connect(path)) as raw:
        records_before = list(raw.iterdump())
    monkeypatch.setattr(schema_module, "check_database",
                        lambda _connection: ["table filing row 3 points to a missing party"])
    with pytest.raises(OperationFailed, match=r"failed \(table filing row 3 points to a "
                                              r"missing party\); the database was put back"):
        open_database(path)
    assert revision(path) == "0002"
    with closing(sqlite3.connect(path)) as raw:
        assert list(raw.iterdump()) == records_before
