"""Who may do what on a ConCom Desk server, enforced by the server's own grants.

Three group roles, each desk login a member of one (`concom-desk server add-user`):

- `concom_clerk` — the clerk and the agent: read and write every record. DELETE only
  where the program itself deletes (`CLERK_DELETES`); filings and enforcement cases are
  voided, never deleted (the trail's guards refuse it too, on both engines).
- `concom_commissioner` — the chair or a member reviewing from her office: read every
  record; record votes (the roll call with them) and draft minutes — never approve
  them, which is the clerk's act after the commission's vote (MGL c.30A §22(a); the
  approval columns are withheld, so the server itself refuses it).
- `concom_readonly` — a public-records terminal (MGL c.66 §10): SELECT only.

No desk role may write `audit_entry` (the trail's SECURITY DEFINER function, owned by
whoever ran `server init`, is the only writer) nor `alembic_version`. Nobody but that
owner may make tables: CREATE on schema public is revoked from PUBLIC, and CONNECT on
the database is held by the three groups only.

The groups are roles of the whole PostgreSQL cluster (as every role is); a second
commission's database on the same server gets its own grants from its own `init`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import Connection, text

from concom_desk.errors import UserError
from concom_desk.store.models import Base

CLERK, COMMISSIONER, READ_ONLY = "concom_clerk", "concom_commissioner", "concom_readonly"
GROUPS = {"clerk": CLERK, "commissioner": COMMISSIONER, "read-only": READ_ONLY}
READ_ONLY_ROLE = "read-only"
OWNER = "owner"  # the login that ran `server init` (or a superuser): everything
AUDIT_TABLE, REVISION_TABLE = "audit_entry", "alembic_version"

# The tables the program deletes rows of, and where (nothing else is ever deleted).
CLERK_DELETES = {
    "member": "a member who left, if no vote names her (services/commission/settings)",
    "abutter": "an abutter list imported again (services/abutters/importing)",
    "abutter_notice": "... with its notices, before any is mailed (same)",
    "attendance": "a member marked absent in the roll call (services/minutes/sets)",
    "hearing_notice": "a hearing moved or unbooked (services/calendar/hearings, meetings)",
}
# What a commissioner writes: a vote with its roll call, and minutes drafts (the
# register of documents takes the minutes draft she prints).
COMMISSIONER_WRITES = {
    "vote": ("INSERT",),
    "member_vote": ("INSERT",),
    "attendance": ("INSERT", "UPDATE", "DELETE"),  # record_vote and the roll call
    "minutes_item": ("INSERT", "UPDATE"),
    "generated_document": ("INSERT",),
}
# The minutes' approval is the clerk's: a commissioner may not UPDATE these columns.
# (An INSERT cannot be granted by column — the ORM names every column in one — so
# hers is the whole row; a set inserted as approved outside the program would stand
# in the trail under her login. The trail's own triggers are the only ones on the
# records: `server_trail_problems` names any other.)
MINUTES_APPROVAL = ("state", "approved_on", "approved_meeting_id", "approved_vote_id",
                    "approved_text")

_LOGIN_NAME = re.compile(r"^[a-z][a-z0-9_.\-]{0,62}$")
MIN_PASSWORD = 8


@dataclass(frozen=True)
class DeskUser:
    name: str
    role: str  # "clerk", "commissioner" or "read-only"
    can_log_in: bool


def record_tables() -> list[str]:
    """Every table of the records (the models), the audit trail apart."""
    return [table.name for table in Base.metadata.sorted_tables if table.name != AUDIT_TABLE]


def _q(name: str) -> str:
    """A role, table or column name quoted for SQL (ours, or checked by _LOGIN_NAME)."""
    return '"' + name.replace('"', '""') + '"'


def _columns(table: str, leaving: Iterable[str]) -> str:
    left = set(leaving)
    return ", ".join(_q(column.name) for column in Base.metadata.tables[table].columns
                     if column.name not in left)


def _sequence(connection: Connection, table: str) -> str | None:
    return connection.execute(text("SELECT pg_get_serial_sequence(:t, 'id')"),
                              {"t": f"public.{table}"}).scalar()


def make_groups(connection: Connection) -> list[str]:
    """The three group roles, made when the cluster has none yet; returns those made."""
    have = set(connection.execute(text("SELECT rolname FROM pg_roles WHERE rolname = ANY(:n)"),
                                  {"n": list(GROUPS.values())}).scalars())
    made = []
    for group in GROUPS.values():
        if group not in have:
            connection.exec_driver_sql(f"CREATE ROLE {group} NOLOGIN")
            made.append(group)
    return made


def grant_roles(connection: Connection) -> None:
    """The grants on this database, exactly (run by `server init` after the tables are
    made, and again after an upgrade: what is not listed here is revoked)."""
    make_groups(connection)
    groups = ", ".join(GROUPS.values())
    database = connection.execute(text("SELECT current_database()")).scalar_one()
    run = connection.exec_driver_sql
    run("REVOKE CREATE ON SCHEMA public FROM PUBLIC")
    run(f"REVOKE ALL ON DATABASE {_q(database)} FROM PUBLIC")
    run(f"GRANT CONNECT ON DATABASE {_q(database)} TO {groups}")
    run(f"GRANT USAGE ON SCHEMA public TO {groups}")
    run(f"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM PUBLIC, {groups}")
    run(f"REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM PUBLIC, {groups}")
    tables = record_tables()
    for table in (*tables, AUDIT_TABLE, REVISION_TABLE):
        run(f"GRANT SELECT ON {_q(table)} TO {groups}")
    for table in tables:
        deletes = ", DELETE" if table in CLERK_DELETES else ""
        run(f"GRANT INSERT, UPDATE{deletes} ON {_q(table)} TO {CLERK}")
        sequence = _sequence(connection, table)
        if sequence:
            run(f"GRANT USAGE ON SEQUENCE {sequence} TO {CLERK}")
    for table, rights in COMMISSIONER_WRITES.items():
        run(f"GRANT {', '.join(rights)} ON {_q(table)} TO {COMMISSIONER}")
    run(f"GRANT INSERT ON minutes TO {COMMISSIONER}")
    run(f"GRANT UPDATE ({_columns('minutes', MINUTES_APPROVAL)}) ON minutes TO {COMMISSIONER}")
    for table in {*COMMISSIONER_WRITES, "minutes"}:
        sequence = _sequence(connection, table)
        if sequence:
            run(f"GRANT USAGE ON SEQUENCE {sequence} TO {COMMISSIONER}")


def desk_role(connection: Connection) -> str | None:
    """What this connection's login may do: "owner" (it ran `server init`, or is a
    superuser), "clerk", "commissioner" or "read-only" — the most its groups allow —
    or None for a login in none of the groups (it can read nothing)."""
    row = connection.execute(text(
        "SELECT r.rolsuper OR pg_has_role(session_user, t.tableowner::text::regrole, 'MEMBER') "
        "FROM pg_roles r LEFT JOIN pg_tables t ON t.schemaname = 'public' "
        "AND t.tablename = 'filing' WHERE r.rolname = session_user")).first()
    if row is not None and row[0]:
        return OWNER
    member_of = set(connection.execute(text(
        "SELECT rolname FROM pg_roles WHERE rolname = ANY(:groups) "
        "AND pg_has_role(session_user, oid, 'MEMBER')"),
        {"groups": list(GROUPS.values())}).scalars())
    return next((role for role, group in GROUPS.items() if group in member_of), None)


def check_login_name(name: str) -> None:
    if not _LOGIN_NAME.match(name):
        raise UserError(f"the login name {name!r} should be lowercase letters, digits, '_', "
                        "'.' or '-', starting with a letter (at most 63)")
    if name.startswith("pg_") or name in GROUPS.values() or name in ("public", "postgres"):
        raise UserError(f"{name!r} is a name PostgreSQL or ConCom Desk keeps for itself; "
                        "choose another login name")


def check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise UserError(f"the password must be at least {MIN_PASSWORD} characters")


def login_exists(connection: Connection, name: str) -> bool:
    return connection.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :n"),
                              {"n": name}).first() is not None


def add_desk_user(connection: Connection, name: str, role: str, password: str) -> None:
    """Make a desk login in the role's group. The password is sent to the server only
    as its SCRAM verifier, made here by libpq (as psql's \\password does), so no
    server log or statement view ever holds it in clear."""
    check_login_name(name)
    if role not in GROUPS:
        raise UserError(f"the role {role!r} is not one of {', '.join(GROUPS)}")
    check_password(password)
    make_groups(connection)
    if login_exists(connection, name):
        raise UserError(f"there is already a login named {name!r} on this server; "
                        "nothing was changed")
    driver = connection.connection.driver_connection
    verifier = driver.pgconn.encrypt_password(  # type: ignore[union-attr]
        password.encode(), name.encode()).decode().replace("'", "''")
    connection.exec_driver_sql(
        f"CREATE ROLE {_q(name)} LOGIN INHERIT IN ROLE {GROUPS[role]} PASSWORD '{verifier}'")


def desk_users(connection: Connection) -> list[DeskUser]:
    """The logins in the three groups, by name (one row per group a login is in)."""
    rows = connection.execute(text(
        "SELECT m.rolname, g.rolname, m.rolcanlogin FROM pg_auth_members a "
        "JOIN pg_roles g ON g.oid = a.roleid JOIN pg_roles m ON m.oid = a.member "
        "WHERE g.rolname = ANY(:groups) ORDER BY m.rolname, g.rolname"),
        {"groups": list(GROUPS.values())}).all()
    role_of = {group: role for role, group in GROUPS.items()}
    return [DeskUser(name, role_of[group], can_log_in) for name, group, can_log_in in rows]
