"""Each attack on the server's trail, done as its superuser could (psql), and what
`check` and an opening desk then say: the trigger, the entry or the row is named;
nothing is put back behind the clerk's back, and a desk that finds the trail's
triggers wrong does not write."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import select

from concom_desk.cli import main
from concom_desk.errors import OperationFailed
from concom_desk.store.anchor import ChainHead
from concom_desk.store.models import Filing
from concom_desk.store.opening_checks import GUARDS
from concom_desk.store.schema import head_revision
from concom_desk.store.server.database import open_server_database
from concom_desk.store.server.health import check_server
from concom_desk.store.server.trail import server_trail_problems

NO_OP = ("CREATE FUNCTION quiet() RETURNS trigger LANGUAGE plpgsql AS "
         "'BEGIN RETURN NULL; END'; ")


@pytest.fixture
def filed(server_db):
    """Two filings saved by the desk (initials JB), one of them amended."""
    with server_db.session() as session:
        session.add_all([Filing(kind="noi", file_no="2027-001", town="upton",
                                received=date(2027, 1, 4)),
                         Filing(kind="rda", file_no="2027-002", town="upton",
                                received=date(2027, 1, 6))])
    with server_db.session() as session:
        session.scalars(select(Filing).where(Filing.file_no == "2027-001")).one().notes = \
            "Site walk on Saturday"
    return server_db


def _psql(db, sql: str, pg_cluster) -> None:
    pg_cluster.psql(sql, db.address.database)


def _problems(db) -> list[str]:
    with db.engine.connect() as connection:
        return server_trail_problems(connection)


@pytest.mark.parametrize(("attack", "named"), [
    ("DROP TRIGGER audit_filing ON filing",
     "trigger audit_filing on filing is missing"),
    (NO_OP + "DROP TRIGGER audit_filing ON filing; CREATE TRIGGER audit_filing AFTER "
     "INSERT OR UPDATE OR DELETE ON filing FOR EACH ROW EXECUTE FUNCTION quiet()",
     "trigger audit_filing on filing was altered (its definition is not the program's)"),
    ("CREATE OR REPLACE FUNCTION concom_trail() RETURNS trigger LANGUAGE plpgsql "
     "SECURITY DEFINER AS 'BEGIN RETURN NULL; END'",
     "function concom_trail was altered (its definition is not the program's)"),
    ("ALTER FUNCTION concom_trail() SECURITY INVOKER",
     "function concom_trail was altered"),
    ("ALTER FUNCTION concom_trail() RESET search_path",
     "function concom_trail was altered"),
    ("ALTER TABLE filing DISABLE TRIGGER audit_filing",
     "trigger audit_filing on filing is disabled"),
    ("ALTER TABLE audit_entry DISABLE TRIGGER ALL",
     "trigger guard_audit_entry_delete on audit_entry is disabled"),
    ("DROP TRIGGER guard_filing_delete ON filing",
     "trigger guard_filing_delete on filing is missing"),
    (NO_OP + "CREATE TRIGGER helpful BEFORE UPDATE ON filing FOR EACH ROW "
     "EXECUTE FUNCTION quiet()", "trigger helpful on filing is not the program's"),
    ("CREATE RULE keep_quiet AS ON UPDATE TO audit_entry DO INSTEAD NOTHING",
     "rule keep_quiet on audit_entry is not the program's"),
    ("DROP FUNCTION concom_refuse() CASCADE", "function concom_refuse is missing"),
])
def test_a_trigger_or_function_not_the_programs_is_named_and_the_desk_does_not_write(
        filed, pg_cluster, attack: str, named: str) -> None:
    assert _problems(filed) == []
    _psql(filed, attack, pg_cluster)
    assert any(line.startswith(named) for line in _problems(filed)), _problems(filed)

    report = check_server(filed.address)
    assert not report.sound
    assert any(line.startswith("Audit guards:") and "WRONG" in line for line in report.lines)
    assert f"  {named}" in "\n".join(report.lines)

    desk = open_server_database(filed.address, initials="JMK")
    try:
        assert not desk.writable and desk.state.why == GUARDS
        assert named in desk.state.refusal
        with pytest.raises(OperationFailed, match="guards on the server were changed"), \
                desk.session() as session:
            session.add(Filing(kind="noi", file_no="2027-003", town="upton",
                               received=date(2027, 1, 8)))
        with desk.read_session() as session:  # the records can still be read
            assert len(session.scalars(select(Filing)).all()) == 2
    finally:
        desk.close()


def test_a_change_made_while_a_trigger_was_away_is_found_by_the_replay(filed,
                                                                       pg_cluster) -> None:
    _psql(filed, "ALTER TABLE filing DISABLE TRIGGER audit_filing; "
                 "UPDATE filing SET notes = 'Approved by phone' WHERE file_no = '2027-002'; "
                 "ALTER TABLE filing ENABLE TRIGGER audit_filing", pg_cluster)
    _psql(filed, "DROP TRIGGER audit_filing ON filing; "
                 "INSERT INTO filing (kind, file_no, town, received) "
                 "VALUES ('noi', '2027-099', 'upton', '2027-02-01')", pg_cluster)
    with filed.engine.begin() as connection:  # put back exactly as the program makes it
        from concom_desk.store.server.trail import install_server_trail

        install_server_trail(connection)
    assert _problems(filed) == []
    lines = check_server(filed.address).lines
    assert "Audit trail: ok, 3 entries, each sealed to the one before it." in lines
    assert ("Trail replay: 2 records do not match the audit trail (changed without a "
            "trace):") in lines
    assert ("  Filing 2 (2027-002) differs from its last audit entry (2): notes is "
            "'Approved by phone', the trail says ''") in lines
    assert "  Filing 3 (2027-099) has no audit entry: it was added without a trace" in lines


def test_an_entry_changed_breaks_the_chain_there(filed, pg_cluster) -> None:
    _psql(filed, "ALTER TABLE audit_entry DISABLE TRIGGER guard_audit_entry_update; "
                 "UPDATE audit_entry SET initials = 'XX' WHERE id = 2; "
                 "ALTER TABLE audit_entry ENABLE TRIGGER guard_audit_entry_update",
          pg_cluster)
    report = check_server(filed.address)
    assert not report.sound
    assert ("Audit trail: BROKEN at entry 2: its contents were changed after it was "
            "written. The record was changed outside ConCom Desk.") in report.lines


def test_the_last_entries_deleted_are_found(filed, pg_cluster) -> None:
    head = ChainHead(3, _head_hash(filed))  # as a register printed now would show it
    _psql(filed, "SET session_replication_role = replica; "
                 "DELETE FROM audit_entry WHERE id >= 2", pg_cluster)
    report = check_server(filed.address, (head,))
    assert not report.sound
    assert "Audit trail: ok, 1 entries, each sealed to the one before it." in report.lines
    assert "  Filing 2 (2027-002) has no audit entry: it was added without a trace" in \
        report.lines
    assert any("differs from its last audit entry (1): notes is 'Site walk on Saturday'"
               in line for line in report.lines)
    assert ("  the trail has 1 entries but the head given (3:" in "\n".join(report.lines))


def _head_hash(db) -> str:
    with db.read_session() as session:
        from concom_desk.store.models import AuditEntry

        return session.scalars(select(AuditEntry.entry_hash).order_by(
            AuditEntry.id.desc()).limit(1)).one()


def test_a_server_without_its_trail_is_not_written(filed, pg_cluster) -> None:
    _psql(filed, "DROP TABLE audit_entry CASCADE", pg_cluster)
    report = check_server(filed.address)
    assert "Audit trail: MISSING (this database has no history of changes)." in report.lines
    desk = open_server_database(filed.address)
    try:
        assert "the audit trail's table audit_entry is missing" in desk.state.refusal
    finally:
        desk.close()


def test_check_on_the_command_line_says_sound_or_what_is_wrong(filed, pg_cluster,
                                                               capsys) -> None:
    url = filed.address.url()
    assert main(["check", "--db", url]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said == [
        f"ConCom Desk records on the server {filed.address.display()}, schema "
        f"{head_revision()}.",
        "Audit trail: ok, 3 entries, each sealed to the one before it.",
        "Trail replay: ok, every record holds what its last audit entry says.",
        "The database is sound.",
    ]
    _psql(filed, "ALTER TABLE filing DISABLE TRIGGER audit_filing", pg_cluster)
    assert main(["check", "--db", url]) == 1
    said = capsys.readouterr().out.splitlines()
    assert "  trigger audit_filing on filing is disabled" in said
    assert said[-1] == "The database has problems."


def test_repair_puts_the_trail_back_and_records_the_gap(filed, pg_cluster, capsys) -> None:
    _psql(filed, "DROP TRIGGER audit_filing ON filing; "
                 "UPDATE filing SET notes = 'Approved by phone' WHERE file_no = '2027-002'",
          pg_cluster)
    assert main(["repair-guards", "--db", filed.address.url(), "--initials", "tk"]) == 0
    assert capsys.readouterr().out == ("Guards repaired (2 problems recorded); 1 change "
                                       "made without a trace recorded in the trail.\n")
    report = check_server(filed.address)
    assert report.sound, report.lines
    with filed.read_session() as session:
        from concom_desk.store.models import AuditEntry

        gap, repair = session.scalars(select(AuditEntry).order_by(AuditEntry.id.desc())
                                      .limit(2)).all()[::-1]
    assert (gap.initials, gap.table_name, gap.action) == ("UNAUDITED", "filing", "update")
    assert gap.changes()["notes"] == ("", "Approved by phone")
    assert (repair.initials, repair.action, repair.os_user) == ("TK", "repair", "postgres")
    assert "trigger audit_filing on filing is missing" in repair.old()["problems"]
    desk = open_server_database(filed.address, initials="JB")
    try:
        assert desk.writable
    finally:
        desk.close()


def test_only_the_owner_may_repair_the_trail(filed, pg_cluster, capsys) -> None:
    _psql(filed, "CREATE ROLE trail_clerk LOGIN; GRANT SELECT ON ALL TABLES IN SCHEMA "
                 "public TO trail_clerk; DROP TRIGGER audit_filing ON filing", pg_cluster)
    try:
        clerk = filed.address.url().replace("postgres@", "trail_clerk@", 1)
        assert main(["repair-guards", "--db", clerk, "--initials", "tk"]) == 1
        err = capsys.readouterr().err
        assert err.startswith("concom-desk: failed: trail_clerk may not repair the trail on ")
        assert err.endswith("only the role that set the server up (server init) can; "
                            "nothing was changed\n")
        assert "trigger audit_filing on filing is missing" in _problems(filed)
    finally:
        _psql(filed, "DROP OWNED BY trail_clerk; DROP ROLE trail_clerk", pg_cluster)


def test_a_save_writes_only_what_it_changed_and_the_rest_is_still_replayed(
        filed, pg_cluster) -> None:
    """The server's trail, like the file's (revision 0022): an update's entry holds the
    columns it changed; a column the last save left alone is still held to the trail."""
    import json

    from concom_desk.store.models import AuditEntry
    from concom_desk.store.models.base import save_counter

    with filed.session() as session:
        amended = session.scalars(select(AuditEntry).where(
            AuditEntry.table_name == "filing", AuditEntry.action == "update")).one()
        old, new = json.loads(amended.old_values), json.loads(amended.new_values)
    assert set(old) == set(new) == {"notes", save_counter("filing")}
    assert (old["notes"], new["notes"]) == ("", "Site walk on Saturday")
    _psql(filed, "ALTER TABLE filing DISABLE TRIGGER audit_filing; "
                 "UPDATE filing SET received = '2026-12-31' WHERE file_no = '2027-001'; "
                 "ALTER TABLE filing ENABLE TRIGGER audit_filing", pg_cluster)
    lines = check_server(filed.address).lines
    assert ("  Filing 1 (2027-001) differs from its last audit entry (3): received is "
            "'2026-12-31', the trail says '2027-01-04'") in lines
