"""An update's audit entry keeps only the columns it changed (revision 0022), and the
trail still tells every change: `check` folds a record's entries in order, so a column
the last save left alone is still compared with what the trail says of it."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

from concom_desk.store import open_database
from concom_desk.store.audit import (
    Actor,
    install_audit_triggers,
    register_audit_functions,
    verify_audit_chain,
)
from concom_desk.store.guards import PlainConnection, guard_problems
from concom_desk.store.health import check
from concom_desk.store.models import Filing
from concom_desk.store.models.base import save_counter
from concom_desk.store.trail_replay import replay, replay_in_sqlite


def _filing_entries(db: Path, filing_id: int) -> list[tuple[str, str | None, str | None]]:
    with closing(sqlite3.connect(db)) as conn:
        return conn.execute("SELECT action, old_values, new_values FROM audit_entry "
                            "WHERE table_name = 'filing' AND record_id = ? ORDER BY id",
                            (filing_id,)).fetchall()


def _raw(db: Path, *statements: str, whole_updates: bool | None = None) -> None:
    """Writes as the program's triggers record them (its functions registered), with the
    triggers first made as revision 0022 makes them or, `whole_updates`, as before."""
    with closing(sqlite3.connect(db)) as conn:
        register_audit_functions(conn, Actor("tester", "TS"))
        if whole_updates is not None:
            install_audit_triggers(PlainConnection(conn), whole_updates=whole_updates)
        for statement in statements:
            conn.execute(statement)
        conn.commit()


def test_a_save_writes_only_the_columns_it_changed(record_db: Path) -> None:
    with open_database(record_db, initials="TS") as db, db.session() as s:
        filing = s.get(Filing, 1)
        notes_before, version_before = filing.notes, filing.version
        filing.notes = "Site walk moved to Thursday"
    action, old, new = _filing_entries(record_db, 1)[-1]
    counter = save_counter("filing")
    assert action == "update"
    assert json.loads(old) == {"notes": notes_before, counter: version_before}
    assert json.loads(new) == {"notes": "Site walk moved to Thursday", counter: version_before + 1}
    assert check(record_db).sound


def test_a_column_the_last_save_left_alone_is_still_held_to_the_trail(record_db: Path) -> None:
    with open_database(record_db, initials="TS") as db, db.session() as s:
        s.get(Filing, 1).notes = "Checked by the agent"
    expires = json.loads(_filing_entries(record_db, 1)[0][2])["expires"]
    _raw(record_db, "DROP TRIGGER audit_filing_update",
         "UPDATE filing SET expires = '2031-06-30' WHERE id = 1")
    with closing(sqlite3.connect(record_db)) as conn:
        found = [(d.table, d.record_id, d.kind, d.changes) for d in replay(conn)]
        assert found == [(d.table, d.record_id, d.kind, d.changes)
                         for d in replay_in_sqlite(conn)]
    assert found == [("filing", 1, "changed", (("expires", "2031-06-30", expires),))]


def test_a_trail_begun_with_whole_rows_and_carried_on_with_changes_replays(
        record_db: Path) -> None:
    _raw(record_db, "UPDATE filing SET notes = 'Whole rows' WHERE id = 1", whole_updates=True)
    _raw(record_db, "UPDATE filing SET expires = '2030-03-03' WHERE id = 1", whole_updates=False)
    first, second = _filing_entries(record_db, 1)[-2:]
    assert "expires" in json.loads(first[2]) and "notes" not in json.loads(second[2])
    assert check(record_db).sound
    _raw(record_db, "DROP TRIGGER audit_filing_update",
         "UPDATE filing SET notes = 'Rewritten' WHERE id = 1")
    with closing(sqlite3.connect(record_db)) as conn:
        for found in (replay(conn), replay_in_sqlite(conn)):
            assert [(d.record_id, d.changes) for d in found] == \
                [(1, (("notes", "Rewritten", "Whole rows"),))]


def test_a_file_not_yet_upgraded_is_held_to_its_own_triggers_and_upgraded(
        tmp_path: Path) -> None:
    """A file a program of revision 0021 wrote (its whole-row triggers) is sound until
    this program opens it; opening upgrades it, and a save then writes only what it
    changed."""
    from alembic import command

    from concom_desk.store import schema as schema_module
    from tests.store.test_upgrade_fixtures import unpack

    path = unpack("10-a195f3f-schema-0010_joined_again", tmp_path)
    engine = schema_module._migration_engine(path, Actor("clerk", "UPGRADE"))
    try:
        with engine.begin() as connection:
            command.upgrade(schema_module.alembic_config(connection), "0021_case_resource_areas")
            install_audit_triggers(connection, whole_updates=True)  # as 0021's program made them
    finally:
        engine.dispose()
    with closing(sqlite3.connect(path)) as conn:
        assert guard_problems(PlainConnection(conn)) == []
        conn.execute("UPDATE alembic_version SET version_num = '0022_changed_fields_only'")
        altered = {p.trigger for p in guard_problems(PlainConnection(conn))}
        conn.rollback()
        filing_id = conn.execute("SELECT min(id) FROM filing").fetchone()[0]
    assert "audit_filing_update" in altered and "audit_filing_insert" not in altered
    with open_database(path, initials="TS") as db, db.session() as s:
        assert not db.state.read_only and not db.state.problems
        s.get(Filing, filing_id).notes = "After the upgrade"
    assert set(json.loads(_filing_entries(path, filing_id)[-1][2])) == {
        "notes", save_counter("filing")}
    # (Not `check` whole: the fixture's entries are dated the day it was made, and a
    # machine whose clock is behind that is told its trail's dates cannot be trusted.)
    with closing(sqlite3.connect(path)) as conn:
        assert verify_audit_chain(conn).ok
        assert replay(conn) == replay_in_sqlite(conn) == []
