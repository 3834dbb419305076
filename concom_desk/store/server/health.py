"""`check` on a server, and what an opening desk looks at before it writes.

The server keeps its own pages and links sound (PostgreSQL checks every page it reads
and enforces the foreign keys), so what is checked is the trail as a witness, in
the same words as the SQLite file's check (store.health): its hash chain, its
functions and triggers by their full definition, the replay of the trail against
every row, and its head against any head given from a printed register. All of it is
read in one snapshot (a REPEATABLE READ, READ ONLY transaction), so a desk saving
meanwhile cannot make a sound trail look broken.

A desk that finds the trail's triggers missing, altered or disabled at opening opens
the records without writing (as a SQLite file whose guards are wrong): every change
it made could go unrecorded. Nothing is put back silently; whoever runs the server
restores a good backup or repairs the trail on purpose.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Connection
from sqlalchemy.exc import SQLAlchemyError

from concom_desk.store.anchor import ChainHead
from concom_desk.store.audit import AUDIT_TABLE, Actor, verify_audit_chain
from concom_desk.store.health import HealthReport, report_chain, report_guards, report_replay
from concom_desk.store.opening_checks import GUARDS, SCHEMA, OpeningState
from concom_desk.store.schema import head_revision
from concom_desk.store.server.address import ServerAddress
from concom_desk.store.server.catalog import catalog_differences
from concom_desk.store.server.engine import make_server_engine
from concom_desk.store.server.password import stored_password
from concom_desk.store.server.replay import server_replay
from concom_desk.store.server.schema import server_revision
from concom_desk.store.server.trail import records_schema, server_trail_problems

REPAIR = "concom-desk repair-guards --db …"  # where a server's trail is repaired
CATALOG_TAMPERED = ("Schema: holds what ConCom Desk does not make (such an object can change "
                    "or refuse records behind the program's back); whoever runs the server "
                    "restores a backup made before it, or removes what was added:")


def check_server(address: ServerAddress, heads: tuple[ChainHead, ...] = (),
                 password: str | None = None) -> HealthReport:
    """The server's trail checked, told in lines a clerk can read aloud."""
    from concom_desk.store.server.database import DESK_FILE, desk_folder

    report = HealthReport(Path(desk_folder(address)) / DESK_FILE)
    engine = make_server_engine(address, Actor(address.user),
                                password or stored_password(address))
    try:
        # The read-only snapshot the engine gives read sessions (store.server.engine).
        with engine.connect().execution_options(sqlite_begin="DEFERRED") as connection, \
                connection.begin():
            _settle_a_stopped_copy(connection, address, report)
            check_server_trail(connection, report, address.display(), heads)
    except SQLAlchemyError as exc:
        from concom_desk.store.server.database import explain_connection_failure

        report.problem(f"The server cannot be read: {explain_connection_failure(address, exc)}.")
    finally:
        engine.dispose()
    return report


def _settle_a_stopped_copy(connection: Connection, address: ServerAddress,
                           report: HealthReport) -> None:
    """A copy onto the server this desk left half-way is finished or undone first, as
    at the opening (store.copy_journal), and its hidden working folder swept."""
    from concom_desk.store.restore_staging import sweep_abandoned_restores
    from concom_desk.store.server.copy_settling import settle_copy_to_server
    from concom_desk.store.server.database import desk_folder

    try:
        told = settle_copy_to_server(connection, address)
        sweep_abandoned_restores(desk_folder(address))
    except OSError as exc:
        report.problem(f"Copy: one stopped half-way could not be settled yet ({exc}); "
                       "close every program that uses these files and check again.")
        return
    if told:
        report.ok(told)


def check_server_trail(connection: Connection, report: HealthReport, where: str,
                       heads: tuple[ChainHead, ...] = ()) -> None:
    revision = server_revision(connection)
    if revision is None:
        report.problem(f"{where} holds no ConCom Desk records (no schema was set up there).")
        return
    report.ok(f"ConCom Desk records on the server {where}, schema {revision}.")
    schema = records_schema(connection)
    if schema is None:
        report.problem("Audit trail: MISSING (this database has no history of changes).")
        return
    report_catalog(connection, report, schema, revision)
    report_chain(report, verify_audit_chain(connection))
    report_guards(report, server_trail_problems(connection), REPAIR)
    report_replay(report, server_replay(connection, schema))
    cut = [why for head in heads
           if (why := head_disagreement(connection, head, f"the head given ({head.token()})"))]
    if cut:
        report.problem("Trail head: the trail does not agree with where its head was "
                       "written down (cut short or rewritten):")
        report.lines.extend(f"  {line}" for line in cut)
    elif heads:
        report.ok(f"Trail head: ok, agrees with the head{'s' if len(heads) != 1 else ''} "
                  "given.")


def report_catalog(connection: Connection, report: HealthReport, schema: str,
                   revision: str) -> None:
    """Told only when it matters: the catalog compared whole at this program's
    revision; an older server is said to wait for its upgrade (its tables are those of
    its own revision, compared once `server init` has brought it up to date), and only
    what no revision makes is looked for there (store.server.catalog)."""
    at_head = revision == head_revision()
    if not at_head:
        report.ok(f"Schema: revision {revision}, upgrade pending (this program's is "
                  f"{head_revision()}; whoever set the server up runs `concom-desk server "
                  "init` with this program); its tables are compared after the upgrade.")
    differences = catalog_differences(connection, schema, whole=at_head)
    if differences:
        report.problem(CATALOG_TAMPERED)
        report.lines.extend(f"  {line}" for line in differences)


def head_disagreement(connection: Connection, head: ChainHead, source: str) -> str | None:
    """As store.anchor.disagreement, on the server: why its trail cannot be the one
    `head` was taken from, or None."""
    if head.entries == 0:
        return None
    count = connection.exec_driver_sql(f"SELECT count(*) FROM {AUDIT_TABLE}").scalar() or 0
    if count < head.entries:
        return (f"the trail has {count:,} entries but {source} recorded {head.entries:,}: "
                f"{head.entries - count:,} entries were removed")
    entry_id, sealed = connection.exec_driver_sql(
        f"SELECT id, entry_hash FROM {AUDIT_TABLE} ORDER BY id LIMIT 1 OFFSET %(n)s",
        {"n": head.entries - 1}).one()
    if not head.hash or not sealed.startswith(head.hash):
        return (f"entry {entry_id} (the {head.entries:,}th) is not the one {source} "
                "recorded: the trail was rewritten")
    return None


def trail_opening_state(connection: Connection) -> OpeningState | None:
    """The refusal to write when the server's trail is missing or not the program's,
    or its catalog holds what the program does not make (as a SQLite file's schema,
    store.opening_checks), or None when all is sound (a few catalog queries: cheap
    enough for every opening)."""
    problems = server_trail_problems(connection)
    schema = records_schema(connection)
    differences = catalog_differences(connection, schema) if schema else []
    if differences and not problems:
        more = f" and {len(differences) - 1} more" if len(differences) > 1 else ""
        return OpeningState(
            why=SCHEMA, problems=differences,
            refusal=(f"the server's records hold what ConCom Desk does not make "
                     f"({differences[0]}{more}): they are open read-only; whoever runs the "
                     "server restores a good backup or removes what was added"))
    if not problems:
        return None
    what = "; ".join(problems[:3]) + (f"; {len(problems) - 3} more" if len(problems) > 3
                                      else "")
    return OpeningState(
        why=GUARDS, problems=problems,
        refusal=(f"the audit trail's guards on the server were changed outside ConCom Desk "
                 f"({what}); nothing can be saved until a good backup is restored or the "
                 f"trail is repaired, which the trail records ({REPAIR})"))
