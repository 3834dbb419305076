"""A file stamped 0003 when 0003 was the audit history index is stamped as what it
holds (today's 0005) when it is upgraded; a file at today's 0003 is left as it is."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from alembic import command

from concom_desk.store import open_database
from concom_desk.store import schema as schema_module
from concom_desk.store.audit import Actor, install_audit_triggers
from concom_desk.store.file_identity import APPLICATION_ID
from concom_desk.store.renumbered import restamp_renumbered
from tests.store.test_upgrade_fixtures import revision, unpack


def _at_todays_0003(path: Path) -> None:
    with closing(sqlite3.connect(path)) as raw:
        raw.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        raw.execute("PRAGMA journal_mode = WAL")
    engine = schema_module._migration_engine(path, Actor("clerk", "JB"))
    try:
        with engine.begin() as connection:
            command.upgrade(schema_module.alembic_config(connection), "0003")
            install_audit_triggers(connection)
    finally:
        engine.dispose()


def test_a_file_of_the_renumbered_0003_is_stamped_0005(tmp_path: Path) -> None:
    path = unpack("dev-b717883-schema-0003", tmp_path)
    engine = schema_module._migration_engine(path, Actor("clerk", "JB"))
    try:
        with engine.begin() as connection:
            assert restamp_renumbered(connection) == "0005"
            assert schema_module.current_revision(connection) == "0005"
            connection.rollback()  # (the upgrade does this inside its own transaction)
    finally:
        engine.dispose()
    assert revision(path) == "0003"


def test_a_file_at_todays_0003_is_not_restamped(tmp_path: Path) -> None:
    path = tmp_path / "town.sqlite"
    _at_todays_0003(path)
    engine = schema_module._migration_engine(path, Actor("clerk", "JB"))
    try:
        with engine.begin() as connection:
            assert restamp_renumbered(connection) is None
    finally:
        engine.dispose()
    assert revision(path) == "0003"
    with open_database(path) as db:
        assert db.upgrade_backup is not None
    assert revision(path) == schema_module.head_revision()
