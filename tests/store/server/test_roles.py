"""Who may do what on the server, enforced by PostgreSQL's own grants: each login is
tried through its own connection, with raw SQL as well as through the services, so a
refusal here is the server's, not the window's."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import psycopg
import pytest
from sqlalchemy import select, text

from concom_desk.domain.votes import VoteChoice
from concom_desk.errors import UserError
from concom_desk.services.calendar.votes import record_vote
from concom_desk.services.filings.editing import save_filing
from concom_desk.services.filings.filing_record import filing_detail
from concom_desk.services.minutes.sets import (
    MinutesChanges,
    approve_minutes,
    open_minutes,
    save_minutes,
)
from concom_desk.store.audit import Actor
from concom_desk.store.models import AuditEntry, Filing, Member, MemberVote, Vote
from concom_desk.store.models.minutes import Minutes
from concom_desk.store.server.address import ServerAddress
from concom_desk.store.server.database import open_server_database
from concom_desk.store.server.engine import make_server_engine
from concom_desk.store.server.roles import (
    CLERK_DELETES,
    COMMISSIONER_WRITES,
    add_desk_user,
    desk_role,
    desk_users,
    record_tables,
)
from tests.helpers.calendar_db import Commission, build_commission
from tests.helpers.minutes_meeting import MAR3, MAR17
from tests.helpers.pg_cluster import Cluster
from tests.helpers.pg_logins import PASSWORD, as_login, desk_logins


@pytest.fixture
def logins(server_db, server_address: ServerAddress,
           pg_cluster: Cluster) -> Iterator[dict[str, ServerAddress]]:
    with desk_logins(server_address, pg_cluster) as made:
        yield made


@pytest.fixture
def upton(server_db, logins) -> Commission:
    """The calendar's test commission, entered by the administrator."""
    return build_commission(server_db)


def _raw(address: ServerAddress, sql: str) -> None:
    """One statement through the login's own connection, committed."""
    engine = make_server_engine(address, Actor(address.user))
    try:
        with engine.begin() as connection:
            connection.execute(text(sql))
    finally:
        engine.dispose()


def _privileges(address: ServerAddress, login: str) -> dict[str, set[str]]:
    """What the server says the login may do to each table."""
    engine = make_server_engine(address, Actor(address.user))
    try:
        with engine.connect() as connection:
            return {table: {right for right in ("SELECT", "INSERT", "UPDATE", "DELETE")
                            if connection.execute(text(
                                "SELECT has_table_privilege(:who, :table, :right)"),
                                {"who": login, "table": table, "right": right}).scalar()}
                    for table in (*record_tables(), "audit_entry", "alembic_version")}
    finally:
        engine.dispose()


def test_each_role_has_exactly_its_rights_on_every_table(server_address, logins) -> None:
    tables = record_tables()
    clerk = _privileges(server_address, logins["clerk"].user)
    chair = _privileges(server_address, logins["commissioner"].user)
    kiosk = _privileges(server_address, logins["read-only"].user)
    for table in tables:
        assert kiosk[table] == {"SELECT"}, table
        assert {"SELECT", "INSERT", "UPDATE"} <= clerk[table], table
        assert ("DELETE" in clerk[table]) == (table in CLERK_DELETES), table
    # Nobody at a desk writes the trail or the schema stamp: only the trail's function.
    for rights in (clerk, chair, kiosk):
        assert rights["audit_entry"] == {"SELECT"}
        assert rights["alembic_version"] == {"SELECT"}
    # Filings and enforcement cases are voided, never deleted, even by the clerk.
    assert "DELETE" not in clerk["filing"] and "DELETE" not in clerk["enforcement_case"]
    writes = {table: rights - {"SELECT"} for table, rights in chair.items() if rights - {"SELECT"}}
    # minutes: UPDATE is granted on the draft's columns only, so it is not listed here.
    assert writes == {**{table: set(rights) for table, rights in COMMISSIONER_WRITES.items()},
                      "minutes": {"INSERT"}}


def test_desk_role_names_what_each_login_may_do(server_db, server_address, logins) -> None:
    with server_db.engine.connect() as connection:
        assert desk_role(connection) == "owner"  # the administrator who set it up
    for role, address in logins.items():
        engine = make_server_engine(address, Actor(address.user))
        try:
            with engine.connect() as connection:
                assert desk_role(connection) == role
        finally:
            engine.dispose()
        database = open_server_database(address)
        try:
            assert database.desk_role == role
        finally:
            database.close()


def test_the_read_only_login_is_refused_a_write_by_the_server(upton, logins) -> None:
    kiosk = logins["read-only"]
    for sql in ("UPDATE filing SET work_description = 'gone'",
                "INSERT INTO meeting (held_on, start_time, place, cancelled) "
                "VALUES ('2027-05-05', '19:00', 'x', false)",
                "DELETE FROM attendance"):
        with pytest.raises(Exception) as refused:
            _raw(kiosk, sql)
        assert isinstance(refused.value.orig, psycopg.errors.InsufficientPrivilege), sql
    with upton.db.read_session() as session:
        assert "gone" not in set(session.scalars(select(Filing.work_description)))


def test_the_read_only_login_opens_the_records_read_only_and_says_why(upton, logins) -> None:
    kiosk = logins["read-only"]
    database = open_server_database(kiosk, initials="PR")
    try:
        assert not database.writable
        assert database.state.refusal == f"this login ({kiosk.user}) can only read the records"
        with database.read_session() as session:  # a public-records terminal reads all
            assert len(session.scalars(select(Filing)).all()) == 3
        with pytest.raises(UserError, match=r"can only read the records"), \
                database.session() as session:
            session.add(Member(name="Intruder", role="member", term_start=date(2027, 1, 1)))
    finally:
        database.close()


def test_a_commissioner_records_a_vote_and_drafts_minutes(upton, logins) -> None:
    c = upton
    m = c.members
    chair = open_server_database(logins["commissioner"], initials="BB")
    try:
        choices = {m["Baker"]: VoteChoice.YES, m["Costa"]: VoteChoice.YES,
                   m["Duarte"]: VoteChoice.NO, m["Ellis"]: VoteChoice.YES}
        result = record_vote(chair, c.meetings[MAR3], "Accept the planting plan", choices,
                             today=MAR3)
        assert result.outcome.value == "carried"
        sheet = open_minutes(chair, c.meetings[MAR3], today=MAR3)  # a new draft
        saved = save_minutes(chair, sheet.minutes_id, MinutesChanges(
            called_to_order="19:01", adjourned_at="20:40",
            attendance={m["Gray"]: "absent", m["Ellis"]: "remote"},
            summaries={"other": "The chair reported on the planting at Mill Pond."}))
        assert (saved.called_to_order, saved.adjourned_at) == ("19:01", "20:40")
    finally:
        chair.close()
    with c.db.read_session() as session:
        vote = session.scalars(select(Vote).where(Vote.motion == "Accept the planting plan")
                               ).one()
        assert sorted(session.scalars(select(MemberVote.choice).where(
            MemberVote.vote_id == vote.id))) == ["no", "yes", "yes", "yes"]
        minutes = session.scalars(select(Minutes).where(
            Minutes.meeting_id == c.meetings[MAR3])).one()
        assert (minutes.state, minutes.called_to_order) == ("draft", "19:01")
        # Written into the trail by the server, under her login and her initials.
        who = session.execute(select(AuditEntry.os_user, AuditEntry.initials).where(
            AuditEntry.table_name == "vote", AuditEntry.record_id == vote.id)).one()
        assert tuple(who) == (logins["commissioner"].user, "BB")
    assert c.db.verify_audit_chain().ok


def test_a_commissioner_may_not_change_a_filing_nor_approve_minutes(upton, logins) -> None:
    c = upton
    m = c.members
    chair_address = logins["commissioner"]
    chair = open_server_database(chair_address, initials="BB")
    pond = c.filings["UCC 2027-003"]
    try:
        detail = filing_detail(chair, pond, MAR3)
        changed = detail.form.__class__(**{**detail.form.__dict__,
                                           "work_description": "Pool and cabana"})
        with pytest.raises(UserError) as refused:
            save_filing(chair, changed)
        assert str(refused.value) == (f"your login ({chair_address.user}) may not change "
                                      "filings; ask the clerk")
        # The approval is the clerk's: the server withholds the approval's columns.
        sheet = open_minutes(chair, c.meetings[MAR3], today=MAR3)
        record_vote(chair, c.meetings[MAR17], "Approve the minutes of March 3, 2027",
                    {m[n]: VoteChoice.YES for n in ("Baker", "Costa", "Duarte", "Gray")},
                    today=MAR17)
        with chair.read_session() as session:
            approval = session.scalars(select(Vote.id).where(
                Vote.meeting_id == c.meetings[MAR17])).one()
        with pytest.raises(UserError) as refused:
            approve_minutes(chair, sheet.minutes_id, approval)
        assert str(refused.value) == (f"your login ({chair_address.user}) may not change "
                                      "meetings (their schedule, agendas, or the approval of "
                                      "minutes); ask the clerk")
    finally:
        chair.close()
    for sql in (f"UPDATE filing SET status = 'void' WHERE id = {pond}",
                f"UPDATE minutes SET state = 'approved', approved_on = '2027-03-17', "
                f"approved_vote_id = {approval}, approved_text = 'as approved' "
                f"WHERE id = {sheet.minutes_id}"):
        with pytest.raises(Exception) as raw:
            _raw(chair_address, sql)
        assert isinstance(raw.value.orig, psycopg.errors.InsufficientPrivilege), sql
    with c.db.read_session() as session:
        filing = session.get(Filing, pond)
        assert (filing.work_description, filing.status) == ("Addition and deck", "received")
        assert session.get(Minutes, sheet.minutes_id).state == "draft"
    # ... and the clerk approves them.
    clerk = open_server_database(logins["clerk"], initials="JB")
    try:
        assert approve_minutes(clerk, sheet.minutes_id, approval).state == "approved"
    finally:
        clerk.close()


def test_the_clerk_does_all_the_program_does_but_delete_a_filing(upton, logins) -> None:
    c = upton
    clerk_address = logins["clerk"]
    clerk = open_server_database(clerk_address, initials="JB")
    pond = c.filings["UCC 2027-003"]
    try:
        detail = filing_detail(clerk, pond, MAR3)
        save_filing(clerk, detail.form.__class__(**{**detail.form.__dict__,
                                                    "work_description": "Pool and cabana"}))
        with clerk.session() as session:  # a roll call corrected: a row deleted
            session.execute(text("DELETE FROM attendance"))
            session.add(Member(name="Ives", role="member", term_start=date(2027, 1, 1)))
    finally:
        clerk.close()
    for sql in (f"DELETE FROM filing WHERE id = {pond}",
                "INSERT INTO audit_entry (at, os_user, initials, table_name, record_id, "
                "action, prev_hash, entry_hash) VALUES ('', '', '', 'filing', 1, 'delete', "
                "'', '')",
                "UPDATE alembic_version SET version_num = 'x'",
                "CREATE TABLE notes (line text)"):
        with pytest.raises(Exception) as refused:
            _raw(clerk_address, sql)
        assert isinstance(refused.value.orig, psycopg.errors.InsufficientPrivilege), sql
    with c.db.read_session() as session:
        assert session.get(Filing, pond).work_description == "Pool and cabana"
        assert "Ives" in set(session.scalars(select(Member.name)))


def test_a_login_in_no_group_is_told_who_can_let_it_in(server_db, server_address,
                                                       pg_cluster: Cluster, logins) -> None:
    stranger = f"stranger{server_address.database.rsplit('_', 1)[-1]}"
    pg_cluster.psql(f"CREATE ROLE {stranger} LOGIN")
    try:
        with pytest.raises(UserError, match=rf"the login '{stranger}' is not one of the desk "
                                            r"logins .* server add-user"):
            open_server_database(as_login(server_address, stranger))
    finally:
        pg_cluster.psql(f"DROP ROLE {stranger}")


def test_a_new_login_has_its_group_and_only_a_scram_verifier(server_db, server_address,
                                                            pg_cluster: Cluster, logins) -> None:
    with server_db.engine.connect() as connection:
        listed = {(user.name, user.role) for user in desk_users(connection)}
    assert {(a.user, role) for role, a in logins.items()} <= listed
    stored = pg_cluster.psql("SELECT rolpassword FROM pg_authid "
                             f"WHERE rolname = '{logins['clerk'].user}'").strip()
    assert stored.startswith("SCRAM-SHA-256$") and PASSWORD not in stored


@pytest.mark.parametrize(("name", "role", "password", "told"), [
    ("Chair", "clerk", PASSWORD, "should be lowercase letters"),
    ("pg_chair", "clerk", PASSWORD, "keeps for itself"),
    ("concom_clerk", "clerk", PASSWORD, "keeps for itself"),
    ("bob smith", "clerk", PASSWORD, "should be lowercase letters"),
    ("newbie", "chairman", PASSWORD, "not one of clerk, commissioner, read-only"),
    ("newbie", "clerk", "short", "at least 8 characters"),
])
def test_a_bad_login_is_refused_in_one_line(server_db, name, role, password, told) -> None:
    with pytest.raises(UserError, match=told), server_db.engine.begin() as connection:
        add_desk_user(connection, name, role, password)


def test_a_login_name_taken_is_refused_with_nothing_changed(server_db, logins) -> None:
    taken = logins["read-only"].user
    with pytest.raises(UserError, match=f"already a login named '{taken}'"), \
            server_db.engine.begin() as connection:
        add_desk_user(connection, taken, "clerk", PASSWORD)
    with server_db.engine.connect() as connection:
        assert desk_role(connection) == "owner"
        roles = {user.name: user.role for user in desk_users(connection)}
    assert roles[taken] == "read-only"
