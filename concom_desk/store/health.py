"""`check`: is the database sound? Told in lines a clerk can read aloud.

The checks only read (the file is opened read-only; in a read-only folder, as
immutable): a database that fails them is exactly the one that must not be
touched before it is copied. Beyond SQLite's own checks, the audit trail is
checked as a witness: its hash chain, its triggers by their full SQL, a replay
of the trail against every row, and its head against the anchors written
outside the database (concom_desk.store.anchor).
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

from concom_desk.domain.spreadsheet_cells import column_header
from concom_desk.errors import OperationFailed, UserError
from concom_desk.paths import backups_dir
from concom_desk.store.anchor import Anchor, ChainHead, disagreement, read_anchor
from concom_desk.store.archive import DATABASE_FOLDER, open_archive, read_manifest
from concom_desk.store.audit import AUDIT_TABLE, ChainReport, verify_audit_chain
from concom_desk.store.backup import integrity_problems
from concom_desk.store.db_identity import (
    APPLICATION_ID,
    is_newer_than_program,
    looks_like_sqlite,
    open_read_only,
    read_identity,
)
from concom_desk.store.guards import GuardProblem, PlainConnection, guard_problems
from concom_desk.store.lock import lock_path_for
from concom_desk.store.opening_checks import folder_is_writable
from concom_desk.store.restore_staging import sweep_abandoned_restores
from concom_desk.store.trail_replay import (
    Divergence,
    LastEntries,
    ReplayAnswers,
    judge_replay,
    replay,
    replay_statements,
    run_replay,
)
from concom_desk.store.wal_guard import foreign_wal, has_frames


@dataclass
class HealthReport:
    database: Path
    sound: bool = True
    lines: list[str] = field(default_factory=list)

    def ok(self, line: str) -> None:
        self.lines.append(line)

    def problem(self, line: str) -> None:
        self.sound = False
        self.lines.append(line)


def _foreign_key_lines(conn: sqlite3.Connection) -> list[str]:
    broken: Counter[tuple[str, str]] = Counter()
    for table, _rowid, parent, _fk in conn.execute("PRAGMA foreign_key_check"):
        broken[(table, parent)] += 1
    return [
        f"{count} {column_header(table)} record{'s' if count > 1 else ''} "
        f"point{'' if count > 1 else 's'} to a {column_header(parent)} record that does not exist"
        for (table, parent), count in sorted(broken.items())
    ]


def check(db_path: Path, heads: tuple[ChainHead, ...] = ()) -> HealthReport:
    """Integrity, foreign keys, the audit chain, the guards (by their full SQL), the
    replay of the trail against the rows, and the trail's head against its anchors
    (the file beside the database, the backups' manifests, and `heads` given from a
    printed footer) of the database at `db_path`."""
    db_path = Path(db_path)
    report = HealthReport(db_path)
    _settle_a_stopped_restore(db_path, report)
    for swept in sweep_abandoned_restores(db_path.parent):
        report.ok(f"Removed {swept.name}, the hidden working copy of a restore or a copy "
                  "that was stopped before it finished (the records were not touched by it).")
    if not db_path.is_file():
        report.problem(f"There is no database at {db_path}.")
        return report
    if not looks_like_sqlite(db_path):
        report.problem(f"{db_path} is not a database file (it is not SQLite).")
        return report
    anchor = read_anchor(db_path)
    stray = foreign_wal(db_path, anchor if isinstance(anchor, Anchor) else None,
                        crashed=lock_left_behind(db_path))
    if stray:
        report.problem(f"Journal: {stray}. ConCom Desk sets it aside when it opens the "
                       "database; this check read the database with it.")
    try:
        conn, note = _open_for_check(db_path)
    except sqlite3.DatabaseError as exc:
        report.problem(f"The database cannot be read: {exc}.")
        return report
    except _ReadOnlyWithJournal:
        report.problem(f"The folder {db_path.parent} is read-only and the database's "
                       "last changes are still in its journal (-wal), which cannot be read "
                       "from here. The database is not known to be damaged: copy the "
                       "folder to this computer's disk and check it there.")
        return report
    try:
        with closing(conn):
            if note:
                report.ok(note)
            _check_open(conn, report, db_path, anchor, heads)
    except sqlite3.DatabaseError as exc:
        report.problem(f"The database cannot be read: {exc}.")
    return report


def _settle_a_stopped_restore(db_path: Path, report: HealthReport) -> None:
    """A restore (or a copy from a server) stopped half-way is finished or undone before
    the database is judged (one half-restored is neither the old records nor the
    backup's)."""
    from concom_desk.store.copy_journal import copy_journal_path, settle_interrupted_copy
    from concom_desk.store.lock import DatabaseLock
    from concom_desk.store.restore_journal import (
        UnreadableJournal,
        journal_path,
        settle_interrupted_restore,
    )

    if not journal_path(db_path).exists() and not copy_journal_path(db_path).exists():
        return
    lock = DatabaseLock(db_path)
    try:
        lock.acquire()
    except (UserError, OperationFailed):
        report.ok("A restore is at work on this database, or its journal is beside a "
                  "database another program has open; it is settled when ConCom Desk "
                  "next opens the database.")
        return
    try:
        for what, settle, again in (
                ("Restore", settle_interrupted_restore, "restore the backup again"),
                ("Copy", settle_interrupted_copy, "copy the records again")):
            try:
                told = settle(db_path)
            except UnreadableJournal as exc:
                report.problem(f"{what}: {exc}; it was left alone. Remove it once the "
                               f"records are known to be right, or {again}.")
                continue
            except OSError as exc:
                report.problem(f"{what}: one stopped half-way could not be settled yet "
                               f"({exc}); close every program that uses these files and "
                               "check again.")
                continue
            if told:
                report.ok(told)
    finally:
        lock.release()


class _ReadOnlyWithJournal(Exception):
    pass


def _open_for_check(db_path: Path) -> tuple[sqlite3.Connection, str]:
    """A read-only connection, and a line to say when the folder is read-only. SQLite
    needs to write the -shm index beside a WAL database even to read it; in a
    read-only folder with no journal left, the file is read as immutable instead."""
    conn = open_read_only(db_path)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return conn, ""
    except sqlite3.OperationalError as exc:
        conn.close()
        if "unable to open" not in str(exc) or folder_is_writable(db_path.parent):
            raise
    if has_frames(db_path):
        raise _ReadOnlyWithJournal
    conn = sqlite3.connect(f"{db_path.resolve().as_uri()}?immutable=1", uri=True)
    return conn, (f"The folder {db_path.parent} is read-only: the database was checked "
                  "as it is (ConCom Desk can only read it there).")


SCHEMA_TAMPERED = ("Schema: holds what ConCom Desk does not make (such an object can change or "
                   "refuse records behind the program's back); restore a backup made before "
                   "it, or send this file to whoever supports ConCom Desk:")


def _check_schema_shape(conn: sqlite3.Connection, report: HealthReport,
                        revision: str | None) -> None:
    """Told only when wrong: a file stamped at this program's schema that lacks a table
    or column of it (an older file gets them when it is opened and upgraded), or holds
    what the program does not make. An older file is said to wait for its upgrade and
    compared with what the migrations make at its own revision, so it is not called
    tampered for being old, nor sound for a view put into it."""
    from concom_desk.store.db_identity import known_heads
    from concom_desk.store.schema_master import schema_differences
    from concom_desk.store.schema_shape import missing_from_file

    if revision != known_heads():
        if revision and not is_newer_than_program(revision):
            report.ok(f"Schema: revision {revision}, upgrade pending (ConCom Desk upgrades "
                      "the file when it opens it, keeping a copy first).")
            _report_differences(report, schema_differences(conn, older_too=True))
        return
    missing = missing_from_file(conn)
    if missing:
        shown = ", ".join(missing[:10]) + (f" and {len(missing) - 10} more"
                                           if len(missing) > 10 else "")
        report.problem(f"Schema: stamped {revision} but lacks {shown}; ConCom Desk cannot "
                       "read these records as they are. Restore a backup made before, or "
                       "send this file to whoever supports ConCom Desk.")
    _report_differences(report, schema_differences(conn))


def _report_differences(report: HealthReport, differences: list[str]) -> None:
    if differences:
        report.problem(SCHEMA_TAMPERED)
        report.lines.extend(f"  {line}" for line in differences)


def lock_left_behind(db_path: Path) -> bool:
    """The lock file still names a holder: a program has it open, or crashed."""
    try:
        return bool(lock_path_for(db_path).read_bytes().strip())
    except OSError:
        return False


def _check_open(conn: sqlite3.Connection, report: HealthReport, db_path: Path,
                anchor: Anchor | None | str, heads: tuple[ChainHead, ...]) -> None:
    identity = read_identity(conn)
    if identity.application_id != APPLICATION_ID:
        report.problem("This SQLite file is not a ConCom Desk database.")
        return
    if is_newer_than_program(identity.revision):
        report.problem(f"Written by a newer ConCom Desk (schema {identity.revision}); "
                       "this program cannot judge it.")
        return
    report.ok(f"ConCom Desk database, schema {identity.revision or 'not stamped'}.")
    _check_schema_shape(conn, report, identity.revision)
    # SQLite's page check and the replay's comparing are SQLite's work, which runs
    # beside Python's: each on its own read-only connection and thread while this one
    # walks the hash chain (a laptop's second core; sqlite3 lets go of Python's lock
    # while SQLite works). What is found is told in the same order as ever, and
    # nothing more once the page check fails.
    statements = _replay_statements(conn)
    with ThreadPoolExecutor(max_workers=2) as beside:
        pages = beside.submit(_page_problems, db_path)
        compared = beside.submit(_compared_beside, db_path, statements)
        try:
            fk_lines = _foreign_key_lines(conn)
            trail = _trail_findings(conn, replayed=compared)
        except sqlite3.DatabaseError:
            fk_lines, trail = [], None  # a damaged file: the page check says how
        problems = pages.result()
        compared.result()  # waited for before the connections close
    if problems:
        report.problem("Integrity check FAILED: the file is damaged. Restore the latest "
                       "backup (`concom-desk restore`).")
        report.lines.extend(f"  {p}" for p in problems)
        return
    report.ok("Integrity check: ok, every page of the file is readable and consistent.")
    if fk_lines:
        report.problem("Links between records: BROKEN.")
        report.lines.extend(f"  {line}" for line in fk_lines)
    else:
        report.ok("Links between records: ok, every link points to an existing record.")
    check_trail(conn, report, _anchors(db_path, anchor, heads), found=trail)
    # The walk saw every date in order (the usual case): nothing to look for. Else the
    # dates are compared as times, with the slack a clock's correction takes.
    if trail is not None and not trail[0].in_time_order:
        _check_time_order(conn, report)


# A clock stepped back by the network's time service moves by seconds; an entry dated
# more than this before one written earlier had its computer's clock set back.
CLOCK_SLACK_MINUTES = 10


def _check_time_order(conn: sqlite3.Connection, report: HealthReport) -> None:
    """Entries dated before an entry the trail holds ahead of them: the dates of the
    trail cannot be trusted from there (a clock set back to make a change look older)."""
    row = conn.execute(
        "SELECT count(*), min(id) FROM (SELECT id, julianday(at) AS day, max(julianday(at)) "
        "OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS latest "
        "FROM audit_entry) WHERE day < latest - ? / 1440.0", (CLOCK_SLACK_MINUTES,)).fetchone()
    count, first = row
    if not count:
        return
    at, before = conn.execute(
        "SELECT at, (SELECT max(at) FROM audit_entry AS e WHERE e.id < audit_entry.id) "
        "FROM audit_entry WHERE id = ?", (first,)).fetchone()
    report.problem(f"Audit trail: {count:,} entr{'y is' if count == 1 else 'ies are'} dated "
                   f"before entries written ahead of them (the first, entry {first:,}, at "
                   f"{at}, after one at {before}): the computer's clock was set back, so "
                   "the trail's dates from there cannot be trusted.")


def _page_problems(db_path: Path) -> list[str]:
    """What SQLite's page check finds, on a connection of its own."""
    conn, _note = _open_for_check(db_path)
    with closing(conn):
        return integrity_problems(conn)


def _replay_statements(conn: sqlite3.Connection) -> list[tuple[str, str]] | None:
    try:
        return replay_statements(conn) if _has_audit(conn) else None
    except sqlite3.DatabaseError:
        return None  # a damaged file: the page check says how


def _compared_beside(db_path: Path, statements: list[tuple[str, str]] | None,
                     ) -> ReplayAnswers | None:
    """The replay's comparing in SQLite, on a connection of its own; None when it could
    not be done there (the replay is then run as before, where its error is told)."""
    if statements is None:
        return None
    try:
        conn, _note = _open_for_check(db_path)
        with closing(conn):
            return run_replay(conn, statements)
    except (sqlite3.Error, _ReadOnlyWithJournal):
        return None


def _has_audit(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                        (AUDIT_TABLE,)).fetchone() is not None


# The chain, the guards, and the replay (worked out when its line is told: an error
# it meets is told after the chain's and the guards' lines, as ever).
TrailFindings = tuple[ChainReport, list[GuardProblem], Callable[[], list[Divergence]]]


def _trail_findings(conn: sqlite3.Connection, guards_too: bool = True,
                    replayed: Future[ReplayAnswers | None] | None = None,
                    ) -> TrailFindings | None:
    """The chain, the guards and the replay. With `replayed` (the replay compared in
    SQLite beside the walk, `check`) the walk notes nothing; else each record's last
    entry is noted on the walk and the rows are compared with it in Python. When the
    chain broke before its end, or the comparing beside failed, the replay reads the
    trail for itself. None when there is no trail at all."""
    if not _has_audit(conn):
        return None
    last: LastEntries | None = None if replayed is not None else {}
    chain = verify_audit_chain(conn, last)
    guards = guard_problems(PlainConnection(conn)) if guards_too else []
    answers = replayed.result() if replayed is not None and chain.ok else None
    if answers is not None:
        divergences = judge_replay(answers)
        return chain, guards, lambda: divergences
    return chain, guards, lambda: replay(conn, last if chain.ok and last else None)


def _anchors(db_path: Path, anchor: Anchor | None | str,
             heads: tuple[ChainHead, ...]) -> list[tuple[str, ChainHead | str]]:
    """(where it was written, the head or why it cannot be read) for every anchor."""
    found: list[tuple[str, ChainHead | str]] = [
        (f"the head given ({head.token()})", head) for head in heads]
    if isinstance(anchor, str):
        found.append(("the anchor file", anchor))
    elif anchor is not None:
        found.append((f"the anchor file of {anchor.written_utc}", anchor.head))
    since = anchor.timeline_from if isinstance(anchor, Anchor) else ""
    found += backup_heads(backups_dir(db_path), db_path.stem, since)
    return found


def backup_heads(folder: Path, stem: str,
                 since: str = "") -> list[tuple[str, ChainHead | str]]:
    """The chain head in the manifest of each backup of this database in `folder`
    (made at or after `since`, the last restore: older ones are of the records it
    replaced)."""
    if not folder.is_dir():
        return []
    found: list[tuple[str, ChainHead | str]] = []
    # The name alone does not tell: "town-2025.sqlite", kept beside "town.sqlite", backs
    # up as town-2025-auto-….zip. The manifest names the database the archive holds.
    member = f"{DATABASE_FOLDER}/{stem}.sqlite"
    for path in sorted(folder.glob(f"{stem}-*.zip")):
        try:
            with open_archive(path) as archive:
                manifest = read_manifest(archive, path)
        except (UserError, OperationFailed, OSError):
            continue  # not a backup of ours, or damaged: restore tells, not check
        if (manifest.database == member and manifest.chain_head is not None
                and manifest.created_utc >= since):
            found.append((f"the backup {path.name}", manifest.chain_head))
    return found


def check_trail(conn: sqlite3.Connection, report: HealthReport,
                anchors: list[tuple[str, ChainHead | str]], guards_too: bool = True,
                found: TrailFindings | None = None) -> None:
    """The audit part of `check`: chain, guards, replay, anchors (also run by restore
    on the copy it is about to put in place; `guards_too=False` for a copy at an older
    schema, whose triggers the upgrade re-creates). `found`: the chain and guards
    `check` already worked out beside the page check."""
    if found is None:
        found = _trail_findings(conn, guards_too)
    if found is None:
        report.problem("Audit trail: MISSING (this database has no history of changes).")
        return
    chain, guards, replayed = found
    report_chain(report, chain)
    report_guards(report, [p.describe() for p in guards], "Tools → Repair audit guards…")
    report_replay(report, replayed())
    _check_anchors(conn, report, anchors)


def report_chain(report: HealthReport, chain: ChainReport) -> None:
    """The chain's line in `check`, on either engine."""
    if chain.ok:
        early = (f" (the first {chain.first_format_entries:,} in the seal of 29 Nov 2026)"
                 if chain.first_format_entries else "")
        report.ok(f"Audit trail: ok, {chain.entries:,} entries, each sealed to the one "
                  f"before it{early}.")
    else:
        report.problem(f"Audit trail: BROKEN at entry {chain.first_broken_id}: "
                       f"{chain.problem}. The record was changed outside ConCom Desk.")


def report_guards(report: HealthReport, guards: list[str], menu: str) -> None:
    """The guards' lines (`menu`: where the window repairs them), told only when wrong."""
    if guards:
        report.problem(f"Audit guards: {len(guards)} WRONG; changes could be made without "
                       "a trace. ConCom Desk will not write to this database until a good "
                       f"backup is restored or the guards are repaired ({menu}, recorded "
                       "in the trail).")
        report.lines.extend(f"  {line}" for line in guards[:20])
        if len(guards) > 20:
            report.lines.append(f"  … and {len(guards) - 20} more")


def report_replay(report: HealthReport, divergences: list[Divergence]) -> None:
    if divergences:
        count = len(divergences)
        report.problem(f"Trail replay: {count:,} record{'s' if count != 1 else ''} "
                       f"{'do' if count != 1 else 'does'} not match the audit trail "
                       "(changed without a trace):")
        report.lines.extend(f"  {d.describe()}" for d in divergences[:20])
        if count > 20:
            report.lines.append(f"  … and {count - 20:,} more")
    else:
        report.ok("Trail replay: ok, every record holds what its last audit entry says.")


def _check_anchors(conn: sqlite3.Connection, report: HealthReport,
                   anchors: list[tuple[str, ChainHead | str]]) -> None:
    disagreements = []
    for source, head in anchors:
        if isinstance(head, str):
            disagreements.append(head)
            continue
        why = disagreement(conn, head, source)
        if why:
            disagreements.append(why)
    if disagreements:
        report.problem("Trail head: the trail does not agree with where its head was "
                       "written down (cut short or rewritten):")
        report.lines.extend(f"  {line}" for line in disagreements[:10])
    elif anchors:
        report.ok(f"Trail head: ok, agrees with {_anchors_in_words(anchors)}.")


def _anchors_in_words(anchors: list[tuple[str, ChainHead | str]]) -> str:
    given = sum(1 for source, _ in anchors if source.startswith("the head given"))
    backups = sum(1 for source, _ in anchors if source.startswith("the backup "))
    parts = ["the anchor file"] if any(s.startswith("the anchor file") for s, _ in anchors) \
        else []
    if backups:
        parts.append(f"{backups} backup{'s' if backups != 1 else ''}")
    if given:
        parts.append(f"the head{'s' if given != 1 else ''} given")
    return " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)
