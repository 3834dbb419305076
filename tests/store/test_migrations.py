"""Schema creation and upgrades on open, and the refusals that leave a file untouched."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from datetime import date
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, select, text

from concom_desk.errors import OperationFailed, UserError
from concom_desk.paths import backups_dir
from concom_desk.store import open_database, verify_audit_chain
from concom_desk.store import schema as schema_module
from concom_desk.store.file_identity import APPLICATION_ID
from concom_desk.store.models import AuditEntry, Base, CommissionSettings, Filing, TownClosureDay

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "schema_0001.sqlite"


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _pragma(path: Path, name: str) -> object:
    raw = sqlite3.connect(path)
    try:
        return raw.execute(f"PRAGMA {name}").fetchone()[0]
    finally:
        raw.close()


def _revision(path: Path) -> str | None:
    raw = sqlite3.connect(path)
    try:
        # One row per head when parallel branches' revisions are applied ("0006+0099").
        rows = raw.execute("SELECT version_num FROM alembic_version").fetchall()
        return "+".join(sorted(row[0] for row in rows)) if rows else None
    finally:
        raw.close()


# Alembic cannot read back an index on an expression (lower(name)) from SQLite, so it
# says it skips them; they are compared word for word with the program's schema list
# (store/schema_master.py, tests/hostile/test_schema_tamper.py) and their use is asked
# of the planner (tests/services/filings/test_save_finds_by_index.py).
@pytest.mark.filterwarnings(
    "ignore:autogenerate skipping metadata-specified expression-based index:UserWarning")
@pytest.mark.filterwarnings(
    "ignore:Skipped unsupported reflection of expression-based index")
def test_a_new_database_is_built_by_the_migrations_and_matches_the_models(
        tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    open_database(path).close()
    assert _revision(path) == schema_module.head_revision() == "0023_expiry_index"
    assert _pragma(path, "application_id") == APPLICATION_ID
    assert _pragma(path, "journal_mode") == "wal"
    engine = create_engine(f"sqlite:///{path}")
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    engine.dispose()
    assert differences == []
    assert not backups_dir(path).exists()  # nothing to back up for a new file


def test_every_table_has_audit_triggers(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    open_database(path).close()
    raw = sqlite3.connect(path)
    triggers = {row[0] for row in raw.execute("SELECT name FROM sqlite_master "
                                              "WHERE type = 'trigger'")}
    raw.close()
    for table in Base.metadata.tables:
        if table == "audit_entry":
            continue
        assert {f"audit_{table}_{a}" for a in ("insert", "update", "delete")} <= triggers


def test_the_first_schema_is_upgraded_with_a_copy_kept(tmp_path: Path) -> None:
    path = tmp_path / "commission.sqlite"
    shutil.copy(FIXTURE, path)
    db = open_database(path, initials="JB")
    try:
        with db.session() as s:
            s.add(TownClosureDay(day=date(2026, 11, 27), reason="Day after Thanksgiving"))
            s.scalars(select(CommissionSettings)).one().closure_rules = "christmas_eve"
        with db.read_session() as s:
            filing = s.scalars(select(Filing)).one()
            assert (filing.file_no, filing.received) == ("2025-007", date(2025, 5, 1))
            assert filing.applicant.name == "Jane Doe"
            tables = [e.table_name for e in s.scalars(select(AuditEntry).order_by(AuditEntry.id))]
        # the 7 entries written under schema 0001; the upgrade's one change (0013: the
        # state default's filing is under the Act alone), in the trail like any other;
        # then the two changes made today
        assert tables[:7] == ["commission_settings", "party", "property", "filing", "meeting",
                              "hearing", "abutter"]
        assert tables[7:] == ["filing", "town_closure_day", "commission_settings"]
        assert filing.laws == "act"
        with db.engine.connect() as c:
            assert verify_audit_chain(c).ok
    finally:
        db.close()
    assert _revision(path) == "0023_expiry_index"
    copies = list(backups_dir(path).glob("commission-before-upgrade-from-0001-*.sqlite"))
    assert len(copies) == 1
    assert _revision(copies[0]) == "0001"


def test_a_failed_upgrade_puts_the_database_back(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "commission.sqlite"
    shutil.copy(FIXTURE, path)
    real_upgrade = schema_module._upgrade

    def upgrade_then_fail(connection):  # type: ignore[no-untyped-def]
        real_upgrade(connection)
        connection.exec_driver_sql("UPDATE filing SET file_no = 'CHANGED'")
        raise RuntimeError("disk unplugged")

    monkeypatch.setattr(schema_module, "_upgrade", upgrade_then_fail)
    with pytest.raises(OperationFailed, match="put back as it was"):
        open_database(path)
    assert _revision(path) == "0001"
    raw = sqlite3.connect(path)
    assert raw.execute("SELECT file_no FROM filing").fetchall() == [("2025-007",)]
    assert raw.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    raw.close()
    # the lock was released: the program can open it once the fault is gone
    monkeypatch.setattr(schema_module, "_upgrade", real_upgrade)
    open_database(path).close()
    assert _revision(path) == "0023_expiry_index"


def test_a_database_from_a_newer_program_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "commission.sqlite"
    open_database(path).close()
    raw = sqlite3.connect(path)
    raw.execute("DELETE FROM alembic_version")  # one row per head; a newer file has one
    raw.execute("INSERT INTO alembic_version (version_num) VALUES ('0099')")
    raw.commit()
    raw.execute("PRAGMA journal_mode = DELETE")
    raw.close()
    before = _sha(path)
    with pytest.raises(UserError,
                       match="newer version of ConCom Desk.*0099.*up to 0023_expiry_index"):
        open_database(path)
    assert _sha(path) == before


def test_a_foreign_sqlite_file_is_refused_and_left_byte_identical(tmp_path: Path) -> None:
    path = tmp_path / "photos.sqlite"
    raw = sqlite3.connect(path)
    raw.execute("CREATE TABLE photo (id INTEGER PRIMARY KEY, name TEXT)")
    raw.execute("INSERT INTO photo (name) VALUES ('lake.jpg')")
    raw.commit()
    raw.close()
    before = _sha(path)
    with pytest.raises(UserError, match="another program, not a ConCom Desk database"):
        open_database(path)
    assert _sha(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["photos.sqlite"]


def test_a_file_that_is_not_sqlite_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "minutes.docx"
    path.write_bytes(b"PK\x03\x04 this is a Word file" * 20)
    before = _sha(path)
    with pytest.raises(UserError, match="is not a database"):
        open_database(path)
    assert _sha(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["minutes.docx"]


def test_a_truncated_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "commission.sqlite"
    shutil.copy(FIXTURE, path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])  # a copy to a USB stick that did not finish
    before = _sha(path)
    with pytest.raises(OperationFailed, match="damaged.*restore a backup"):
        open_database(path)
    assert _sha(path) == before


def test_a_damaged_page_is_reported_as_damage(tmp_path: Path) -> None:
    path = tmp_path / "commission.sqlite"
    shutil.copy(FIXTURE, path)
    data = bytearray(path.read_bytes())
    data[4096:8192] = b"\xde\xad" * 2048  # overwrite the page after the header page
    path.write_bytes(bytes(data))
    with pytest.raises(OperationFailed, match="damaged"):
        open_database(path)


def test_revisions_from_parallel_branches_are_all_applied(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # Another helper's branch adds its own revision on top of 0002, as ours (0005) does.
    migrations = tmp_path / "migrations"
    shutil.copytree(schema_module.MIGRATIONS_DIR, migrations,
                    ignore=shutil.ignore_patterns("__pycache__"))
    (migrations / "versions" / "0099_branch_probe.py").write_text(
        '"""A parallel branch."""\n'
        "import sqlalchemy as sa\nfrom alembic import op\n\n"
        "revision = '0099'\ndown_revision = '0002'\nbranch_labels = None\ndepends_on = None\n\n"
        "def upgrade():\n"
        "    op.create_table('branch_probe', sa.Column('id', sa.Integer, primary_key=True),\n"
        "                    sa.Column('note', sa.Text))\n\n"
        "def downgrade():\n    op.drop_table('branch_probe')\n", encoding="utf-8")
    monkeypatch.setattr(schema_module, "MIGRATIONS_DIR", migrations)
    path = tmp_path / "commission.sqlite"
    shutil.copy(FIXTURE, path)
    db = open_database(path)
    try:
        assert db.upgrade_backup is not None
        with db.session() as s:
            s.execute(text("INSERT INTO branch_probe (note) VALUES ('both branches')"))
        with db.read_session() as s:
            audited = s.scalars(select(AuditEntry.table_name).order_by(AuditEntry.id)).all()
    finally:
        db.close()
    assert audited[-1] == "branch_probe"  # the new table got its audit triggers
    raw = sqlite3.connect(path)
    assert sorted(r[0] for r in raw.execute("SELECT version_num FROM alembic_version")) == \
        ["0023_expiry_index", "0099"]
    raw.close()
    again = open_database(path)
    assert again.upgrade_backup is None  # already at every head: nothing to do
    again.close()
