"""The audit trail on a PostgreSQL server, written by the server itself: who (the
login), when, old → new, the desk's initials; the same entries and the same hash
chain as the SQLite file's triggers write; the guards refuse what they refuse there."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from sqlalchemy import create_engine, select, text
from sqlalchemy.exc import DBAPIError

from concom_desk.store import open_database
from concom_desk.store.audit import entry_hash
from concom_desk.store.models import AuditEntry, Filing, Meeting, Vote
from concom_desk.store.models.minutes import Minutes, MinutesItem
from concom_desk.store.server.address import ServerAddress
from concom_desk.store.server.database import open_server_database
from concom_desk.store.server.trail import install_server_trail, server_trail_problems
from tests.helpers.pg_fixtures import set_up_schema


def _entries(db) -> list[AuditEntry]:
    with db.read_session() as session:
        return list(session.scalars(select(AuditEntry).order_by(AuditEntry.id)))


def _file_and_amend(db) -> None:
    with db.session() as session:
        session.add(Filing(kind="noi", file_no="2027-014", town="upton",
                           received=date(2027, 3, 1), fee_waived=True,
                           voided_at=datetime(2027, 3, 2, 9, 30)))
    db.set_initials("jmk")
    with db.session() as session:
        filing = session.scalars(select(Filing)).one()
        filing.received, filing.fee_waived = date(2027, 3, 4), False


def test_each_change_is_written_by_the_server_with_who_when_and_old_to_new(server_db) -> None:
    before = datetime.now(UTC).replace(tzinfo=None)
    _file_and_amend(server_db)
    after = datetime.now(UTC).replace(tzinfo=None)
    entered, amended = _entries(server_db)
    assert (entered.action, entered.table_name, entered.initials, entered.os_user) == \
        ("insert", "filing", "JB", "postgres")  # the login is the database role
    assert (amended.action, amended.initials) == ("update", "JMK")  # the desk's initials
    assert amended.changes() == {"received": ("2027-03-01", "2027-03-04"),
                                 "fee_waived": (1, 0)}
    assert entered.new()["voided_at"] == "2027-03-02 09:30:00.000000"
    for entry in (entered, amended):
        assert len(entry.at) == 24 and entry.at.endswith("Z")  # 2027-03-01T14:02:03.456Z
        when = datetime.strptime(entry.at, "%Y-%m-%dT%H:%M:%S.%fZ")
        assert before.replace(microsecond=0) <= when <= after
    assert entered.record_id == amended.record_id == 1
    assert amended.prev_hash == entered.entry_hash and entered.prev_hash == ""
    report = server_db.verify_audit_chain()  # the Python check, unchanged
    assert report.ok and report.entries == 2


def test_the_server_writes_the_entries_the_sqlite_file_writes(server_db, tmp_path: Path) -> None:
    _file_and_amend(server_db)
    with open_database(tmp_path / "concom.sqlite", initials="JB") as lite:
        _file_and_amend(lite)
        on_file = _entries(lite)
    on_server = _entries(server_db)
    for mine, theirs in zip(on_server, on_file, strict=True):
        assert (mine.action, mine.initials, mine.record_id) == \
            (theirs.action, theirs.initials, theirs.record_id)
        assert mine.old() == theirs.old() and mine.new() == theirs.new()
        assert mine.entry_hash == entry_hash(mine.prev_hash, mine.at, mine.os_user,
                                             mine.initials, mine.table_name, mine.record_id,
                                             mine.action, mine.old_values, mine.new_values)


def test_a_desk_role_writes_through_the_trail_but_never_into_it(server_address: ServerAddress,
                                                                pg_cluster) -> None:
    set_up_schema(server_address)
    pg_cluster.psql("CREATE ROLE trail_agent LOGIN; "
                    "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public "
                    "TO trail_agent; GRANT USAGE ON ALL SEQUENCES IN SCHEMA public "
                    "TO trail_agent; REVOKE INSERT, UPDATE, DELETE ON audit_entry "
                    "FROM trail_agent", server_address.database)
    agent = ServerAddress(host=server_address.host, port=server_address.port,
                          database=server_address.database, user="trail_agent")
    db = open_server_database(agent, initials="AK")
    try:
        with db.session() as session:
            session.add(Filing(kind="rda", file_no="2027-020", town="upton",
                               received=date(2027, 4, 1)))
        (entry,) = _entries(db)
        assert (entry.os_user, entry.initials) == ("trail_agent", "AK")
        with pytest.raises(DBAPIError, match="permission denied"), db.session() as session:
            session.execute(text("INSERT INTO audit_entry (at, os_user, initials, "
                                 "table_name, record_id, action, prev_hash, entry_hash) "
                                 "VALUES ('x', 'x', 'x', 'filing', 1, 'insert', '', '')"))
    finally:
        db.close()
        pg_cluster.psql("DROP OWNED BY trail_agent; DROP ROLE trail_agent",
                        server_address.database)


@pytest.mark.parametrize(("statement", "refusal"), [
    ("UPDATE audit_entry SET initials = 'XX'", "entries cannot be changed"),
    ("DELETE FROM audit_entry", "entries cannot be deleted"),
    ("TRUNCATE audit_entry", "entries cannot be deleted"),
    ("DELETE FROM filing", "a filing is never deleted: void it with a reason"),
    ("TRUNCATE filing CASCADE", r"cannot be removed all at once \(TRUNCATE\)"),
])
def test_the_guards_refuse_even_the_superuser(server_db, statement: str, refusal: str) -> None:
    _file_and_amend(server_db)
    with pytest.raises(DBAPIError, match=refusal), server_db.session() as session:
        session.execute(text(statement))
    assert len(_entries(server_db)) == 2
    with server_db.read_session() as session:
        assert session.scalars(select(Filing.file_no)).all() == ["2027-014"]


def _approved_minutes(db) -> tuple[int, int]:
    with db.session() as session:
        meeting = Meeting(held_on=date(2027, 3, 3))
        session.add(meeting)
        session.flush()
        vote = Vote(meeting_id=meeting.id, motion="Approve the minutes", result="carried")
        minutes = Minutes(meeting_id=meeting.id, created_at=datetime(2027, 3, 4, 12, 0))
        session.add_all([vote, minutes])
        session.flush()
        item = MinutesItem(minutes_id=minutes.id, item_key="other", summary="Opened")
        session.add(item)
        session.flush()
        minutes.state, minutes.approved_on = "approved", date(2027, 3, 17)
        minutes.approved_vote_id, minutes.approved_text = vote.id, '{"items": 1}'
        return minutes.id, item.id


@pytest.mark.parametrize(("change", "refusal"), [
    ("UPDATE minutes SET adjourned_at = '21:40'", "approved minutes are locked"),
    ("DELETE FROM minutes", "minutes are kept permanently"),
    ("UPDATE minutes_item SET summary = 'Closed'", "approved minutes are locked"),
    ("DELETE FROM minutes_item", "approved minutes are locked"),
    ("INSERT INTO minutes_item (minutes_id, item_key, summary, exhibits) "
     "SELECT id, 'late', 'x', '' FROM minutes", "approved minutes are locked"),
])
def test_approved_minutes_are_locked_on_the_server(server_db, change: str, refusal: str) -> None:
    _approved_minutes(server_db)
    with pytest.raises(DBAPIError, match=refusal), server_db.session() as session:
        session.execute(text(change))


def test_a_transaction_above_read_committed_is_refused_rather_than_forking(server_db) -> None:
    # Its snapshot could miss an entry another desk committed meanwhile.
    engine = server_db.engine.execution_options(isolation_level="SERIALIZABLE")
    with pytest.raises(DBAPIError, match="READ COMMITTED only"), engine.begin() as connection:
        connection.execute(Filing.__table__.insert().values(
            kind="noi", file_no="2027-015", town="upton", received=date(2027, 3, 1)))
    assert _entries(server_db) == []


def test_install_is_sound_and_can_run_again(server_db) -> None:
    _file_and_amend(server_db)
    with server_db.engine.begin() as connection:
        assert server_trail_problems(connection) == []
        install_server_trail(connection)  # a later schema: drop and make again
        assert server_trail_problems(connection) == []
    assert server_db.verify_audit_chain().ok


def test_a_desk_with_another_search_path_sees_the_trail_sound(server_db, pg_cluster) -> None:
    pg_cluster.psql("CREATE SCHEMA elsewhere", server_db.address.database)
    url = pg_cluster.url(server_db.address.database).replace("postgresql://",
                                                             "postgresql+psycopg://")
    engine = create_engine(url, connect_args={"options": "-c search_path=elsewhere,public"})
    try:
        with engine.connect() as connection:
            assert server_trail_problems(connection) == []
    finally:
        engine.dispose()


def test_a_trail_copied_in_from_the_sqlite_file_replays_sound_on_the_server(
        server_db, tmp_path: Path) -> None:
    from concom_desk.store.server.health import check_server

    with open_database(tmp_path / "concom.sqlite", initials="JB") as lite:
        _file_and_amend(lite)
        with lite.engine.connect() as source:
            filings = [dict(row._mapping) for row in source.execute(Filing.__table__.select())]
            trail = [dict(row._mapping) for row in
                     source.execute(AuditEntry.__table__.select().order_by(AuditEntry.id))]
    with server_db.engine.begin() as target:  # as a copy loads it: the trail's triggers off
        target.execute(text("SET LOCAL session_replication_role = replica"))
        target.execute(Filing.__table__.insert(), filings)
        target.execute(AuditEntry.__table__.insert(), trail)
    report = check_server(server_db.address)
    assert report.sound, report.lines
    assert "Audit trail: ok, 2 entries, each sealed to the one before it." in report.lines
    with server_db.session() as session:  # and the server's own entries chain on
        session.scalars(select(Filing)).one().notes = "Copied to the town-hall server"
    assert server_db.verify_audit_chain().entries == 3
    assert check_server(server_db.address).sound
