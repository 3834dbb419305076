"""The audit trail: every change by any code path, who made it, old → new values,
append-only, chained so that tampering shows."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import select, text, update
from sqlalchemy.exc import IntegrityError

from concom_desk.errors import OperationFailed, UserError
from concom_desk.store import Database, open_database, verify_audit_chain, void_filing
from concom_desk.store.audit import Actor
from concom_desk.store.guard_repair import repair_guards
from concom_desk.store.health import check
from concom_desk.store.models import (
    AuditEntry,
    EnforcementCase,
    Filing,
    Party,
    record_history,
)


def _entries(db: Database) -> list[AuditEntry]:
    with db.read_session() as s:
        return list(s.scalars(select(AuditEntry).order_by(AuditEntry.id)))


def test_orm_insert_update_delete_are_recorded_with_who_and_values(any_db: Database) -> None:
    with any_db.session() as s:
        s.add(Party(name="Jane Doe", city="Upton"))
    any_db.set_initials("mk")
    with any_db.session() as s:
        s.scalars(select(Party)).one().city = "Grafton"
    with any_db.session() as s:
        s.delete(s.scalars(select(Party)).one())
    inserted, changed, deleted = _entries(any_db)
    assert (inserted.table_name, inserted.action, inserted.initials) == ("party", "insert", "JB")
    assert inserted.new()["name"] == "Jane Doe" and inserted.old_values is None
    assert (changed.action, changed.initials) == ("update", "MK")
    assert changed.changes() == {"city": ("Upton", "Grafton")}
    assert deleted.action == "delete" and deleted.old()["city"] == "Grafton"
    assert deleted.new_values is None
    assert {e.record_id for e in (inserted, changed, deleted)} == {inserted.new()["id"]}
    assert inserted.os_user == any_db.actor.os_user  # the login: the OS's, or the server's
    assert inserted.at.endswith("Z")  # UTC


def test_raw_sql_and_bulk_statements_are_recorded_too(any_db: Database) -> None:
    with any_db.session() as s:
        s.execute(text("INSERT INTO party (name, kind, care_of, address_line1, address_line2, "
                       "city, state, zip, phone, email) VALUES ('Raw Co', 'company', '', '', "
                       "'', '', 'MA', '', '', '')"))
        s.execute(update(Party).values(phone="508-555-0100"))
    with any_db.engine.begin() as connection:
        connection.exec_driver_sql("UPDATE party SET email = 'raw@example.org'")
    actions = [(e.table_name, e.action, sorted(e.changes())) for e in _entries(any_db)]
    assert actions == [("party", "insert",
                        sorted(set(_entries(any_db)[0].new()) - {"version"})),
                       ("party", "update", ["phone"]),
                       ("party", "update", ["email"])]


def test_audit_rows_roll_back_with_the_change(any_db: Database) -> None:
    with pytest.raises(RuntimeError), any_db.session() as s:
        s.add(Party(name="Never Saved"))
        s.flush()
        raise RuntimeError("boom")
    assert _entries(any_db) == []


@pytest.mark.parametrize("statement", [
    "UPDATE audit_entry SET initials = 'XX'",
    "DELETE FROM audit_entry",
])
def test_the_trail_is_append_only(any_db: Database, statement: str) -> None:
    with any_db.session() as s:
        s.add(Party(name="Jane Doe"))
    with pytest.raises(IntegrityError, match="append-only"), any_db.engine.begin() as c:
        c.exec_driver_sql(statement)
    assert len(_entries(any_db)) == 1


def test_filings_and_cases_are_voided_never_deleted(any_db: Database) -> None:
    with any_db.session() as s:
        s.add(Filing(file_no="2026-001", kind="rda", town="upton"))
        s.add(EnforcementCase(case_no="EC-1", town="upton", opened_on=date(2026, 1, 5)))
    for table in ("filing", "enforcement_case"):
        with pytest.raises(IntegrityError, match="void it with a reason"), \
                any_db.engine.begin() as c:
            c.exec_driver_sql(f"DELETE FROM {table}")
    with pytest.raises(UserError, match="say why"), any_db.session() as s:
        void_filing(s.scalars(select(Filing)).one(), "  ")
    with any_db.session() as s:
        void_filing(s.scalars(select(Filing)).one(), "entered twice; see 2026-002")
    with any_db.read_session() as s:
        filing = s.scalars(select(Filing)).one()
        assert (filing.status, filing.void_reason) == ("void", "entered twice; see 2026-002")
    last = _entries(any_db)[-1]
    assert last.changes()["status"] == ("received", "void")


def test_chain_is_sound_after_ordinary_work(any_db: Database) -> None:
    with any_db.session() as s:
        s.add_all([Party(name=f"Owner {n}") for n in range(5)])
    with any_db.engine.connect() as c:
        report = verify_audit_chain(c)
    assert report.ok and report.entries == 5


def _tamper(db_path: Path, sql: str) -> None:
    """What someone with the sqlite3 shell could do: drop the guard, then edit."""
    raw = sqlite3.connect(db_path)
    raw.execute("DROP TRIGGER guard_audit_entry_update")
    raw.execute("DROP TRIGGER guard_audit_entry_delete")
    raw.execute(sql)
    raw.commit()
    raw.close()


@pytest.mark.parametrize(("sql", "broken", "problem"), [
    ("UPDATE audit_entry SET new_values = replace(new_values, 'Owner 2', 'Owner X') "
     "WHERE id = 3", 3, "contents were changed"),
    ("DELETE FROM audit_entry WHERE id = 2", 3, "does not follow"),
])
def test_chain_verification_finds_the_first_tampered_entry(
        db: Database, db_path: Path, sql: str, broken: int, problem: str) -> None:
    with db.session() as s:
        for n in range(5):
            s.add(Party(name=f"Owner {n}"))
            s.flush()
    _tamper(db_path, sql)
    with db.engine.connect() as c:
        report = verify_audit_chain(c)
    assert report.first_broken_id == broken
    assert problem in report.describe()


def test_a_tool_without_the_program_cannot_write(db: Database, db_path: Path) -> None:
    with db.session() as s:
        s.add(Party(name="Jane Doe"))
    raw = sqlite3.connect(db_path)
    with pytest.raises(sqlite3.OperationalError, match="no such function"):
        raw.execute("UPDATE party SET name = 'Sneaky'")
    raw.rollback()
    raw.close()
    with db.read_session() as s:
        assert s.scalars(select(Party.name)).one() == "Jane Doe"


def test_values_are_json_objects_of_every_column(any_db: Database) -> None:
    with any_db.session() as s:
        s.add(Filing(file_no="2026-001", kind="noi", town="upton", received=date(2026, 3, 2)))
    entry = _entries(any_db)[0]
    values = json.loads(entry.new_values or "{}")
    assert values["received"] == "2026-03-02" and values["file_no"] == "2026-001"
    assert "void_reason" in values



def test_dropped_triggers_are_never_put_back_silently(db: Database, db_path: Path) -> None:
    db.close()
    raw = sqlite3.connect(db_path)
    raw.execute("DROP TRIGGER audit_party_insert")
    raw.execute("DROP TRIGGER guard_filing_delete")
    raw.commit()
    raw.close()
    reopened = open_database(db_path, initials="JB")
    try:
        with pytest.raises(OperationFailed, match=r"trigger audit_party_insert is missing; trigger "
                                             r"guard_filing_delete is missing\); nothing can be "
                                             "saved"), reopened.session() as s:
            s.add(Party(name="Jane Doe"))
    finally:
        reopened.close()
    with closing(sqlite3.connect(db_path)) as conn:  # still gone: the evidence stays
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='trigger'")}
    assert "audit_party_insert" not in names and "guard_filing_delete" not in names


def test_repairing_the_guards_puts_them_back_and_records_the_gap(db: Database,
                                                                 db_path: Path) -> None:
    db.close()
    raw = sqlite3.connect(db_path)
    raw.execute("DROP TRIGGER audit_party_insert")
    raw.execute("INSERT INTO party (name, kind) VALUES ('Hidden Person', 'person')")
    raw.commit()
    raw.close()
    repaired = repair_guards(db_path, Actor("clerk", "JB"))
    assert repaired.rows_recorded == 1
    reopened = open_database(db_path, initials="JB")
    try:
        with reopened.session() as s:
            s.add(Party(name="Jane Doe"))
            s.add(Filing(file_no="2026-001", kind="rda", town="upton"))
        entries = _entries(reopened)
        assert [(e.table_name, e.action, e.initials) for e in entries] == [
            ("party", "insert", "UNAUDITED"), ("audit_entry", "repair", "JB"),
            ("party", "insert", "JB"), ("filing", "insert", "JB")]
        assert "Hidden Person" in (entries[0].new_values or "")
        assert "trigger audit_party_insert is missing" in (entries[1].old_values or "")
        assert reopened.verify_audit_chain().ok
    finally:
        reopened.close()
    assert check(db_path).sound


def test_a_record_s_history_lists_only_its_own_entries(any_db: Database) -> None:
    with any_db.session() as s:
        first, second = Party(name="Jane Doe"), Party(name="Rob Smith")
        s.add_all([first, second])
        s.flush()
        first.city = "Upton"
        s.flush()
        first_id = first.id
    with any_db.read_session() as s:
        history = record_history(s, Party, first_id)
    assert [(e.action, e.record_id) for e in history] == [("insert", first_id),
                                                          ("update", first_id)]


def test_a_table_wider_than_sqlite_s_argument_limit_is_audited_whole(tmp_path: Path) -> None:
    from sqlalchemy import create_engine, event

    from concom_desk.store.audit import install_audit_triggers, register_audit_functions

    engine = create_engine(f"sqlite:///{tmp_path / 'wide.sqlite'}")
    event.listen(engine, "connect",
                 lambda conn, _rec: register_audit_functions(conn, Actor("clerk", "JB")))
    columns = ", ".join(f"c{i} TEXT" for i in range(150))
    with engine.begin() as c:
        c.exec_driver_sql("CREATE TABLE audit_entry (id INTEGER PRIMARY KEY, at, os_user, "
                          "initials, table_name, record_id, action, old_values, new_values, "
                          "prev_hash, entry_hash)")
        c.exec_driver_sql(f"CREATE TABLE wide (id INTEGER PRIMARY KEY, {columns})")
        install_audit_triggers(c)
        c.exec_driver_sql("INSERT INTO wide (c0, c149) VALUES ('first', 'last')")
        values = json.loads(c.exec_driver_sql("SELECT new_values FROM audit_entry").scalar())
    engine.dispose()
    assert len(values) == 151 and (values["c0"], values["c149"]) == ("first", "last")
    assert values["c100"] is None
