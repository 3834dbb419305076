"""What a backup's database must pass before restore lets it replace anything.

Beyond SQLite's integrity and link checks (restore.py), the copy unpacked from the
archive is judged as `check` judges the database itself, because an archive is
only as honest as whoever last wrote it (a manifest is easily re-hashed):
- only the program's own schema objects (concom_desk.store.schema_objects);
- the audit trail: its chain, its triggers by their full SQL, and the replay of the
  trail against every row (a row edited behind the trail's back is named);
- the chain head in the manifest is the copy's own;
- the copy's trail agrees with this database's: the anchor beside it, or the
  current trail itself. A backup is an earlier (or the same) state of the records,
  so its trail must be a beginning of theirs; a trail that starts alike and then
  differs was rewritten. A trail different from the very first entry is of another
  database (a new laptop set up before the restore): allowed, and said.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import UTC, datetime
from pathlib import Path

from concom_desk.errors import OperationFailed
from concom_desk.store.anchor import (
    Anchor,
    ChainHead,
    anchor_path,
    chain_head,
    disagreement,
    read_anchor,
    write_anchor,
)
from concom_desk.store.archive import Manifest
from concom_desk.store.audit import AUDIT_TABLE
from concom_desk.store.db_identity import is_newer_than_program, open_read_only, read_identity
from concom_desk.store.health import HealthReport, check_trail
from concom_desk.store.schema_objects import foreign_objects


def judge_backup_database(copy: Path, manifest: Manifest, where: Path,
                          target: Path) -> list[str]:
    """Raise OperationFailed when the copy must not be restored; else the notices to
    tell the clerk (e.g. that it is a backup of another database)."""
    from concom_desk.store.schema import head_revision

    with closing(sqlite3.connect(copy)) as conn:
        revision = read_identity(conn).revision or ""
        if revision and not is_newer_than_program(revision):
            foreign = foreign_objects(conn, revision, at_head=revision == head_revision())
            if foreign:
                said = foreign[0] if "ConCom Desk" in foreign[0] else (
                    f"{foreign[0]} that ConCom Desk does not make")
                raise OperationFailed(
                    f"{where} holds {said}"
                    f"{f' (and {len(foreign) - 1} more)' if len(foreign) > 1 else ''}; it "
                    "was not restored: such an object can change records behind the "
                    "program's back")
        if not conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                            (AUDIT_TABLE,)).fetchone():
            raise OperationFailed(f"{where} holds a database with no audit trail; it was "
                                  "not restored")
        report = HealthReport(copy)
        check_trail(conn, report, [], guards_too=revision == head_revision())
        if not report.sound:
            wrong = next(line.strip() for line in report.lines
                         if "BROKEN" in line or "WRONG" in line or "not match" in line)
            detail = next((line.strip() for line in report.lines if line.startswith("  ")),
                          "")
            raise OperationFailed(
                f"{where} fails the check of its audit trail ({wrong}"
                f"{' ' + detail if detail else ''}); it was not restored")
        head = chain_head(conn)
        if manifest.chain_head is not None and manifest.chain_head != head:
            raise OperationFailed(
                f"{where} is not what its manifest says: the manifest records "
                f"{manifest.chain_head.entries:,} audit entries with head "
                f"{manifest.chain_head.hash[:16]}, the database inside has {head.entries:,} "
                f"with head {head.hash[:16]}; it was not restored")
        return _agrees_with_target(conn, head, where, target)


def _agrees_with_target(conn: sqlite3.Connection, head: ChainHead, where: Path,
                        target: Path) -> list[str]:
    anchor = read_anchor(target)
    if isinstance(anchor, Anchor) and head.entries >= anchor.head.entries:
        why = disagreement(conn, anchor.head, "the anchor beside the database")
        if why and _differs_from_the_start(conn, target):
            return [_another_database(where)]
        if why:
            raise OperationFailed(f"{where} does not continue this database's audit trail "
                                  f"({why}); it was not restored")
        return []
    with _current_trail(target) as current:
        if current is None:
            return []
        if head.entries == 0 or not current.execute(
                f"SELECT 1 FROM {AUDIT_TABLE} LIMIT 1").fetchone():
            return []
        if _first_hash(current) != _first_hash(conn):
            return [_another_database(where)]
        why = disagreement(current, head, f"the backup {where.name}")
        if why:
            raise OperationFailed(
                f"{where} has an audit trail that starts as this database's and then "
                f"differs ({why.replace('the trail', 'this database')}); it was rewritten, "
                "and was not restored")
    return []


def _another_database(where: Path) -> str:
    return (f"{where.name} is a backup of another database than the one it replaces "
            "(their trails differ from the first entry).")


def _first_hash(conn: sqlite3.Connection) -> str:
    row = conn.execute(f"SELECT entry_hash FROM {AUDIT_TABLE} ORDER BY id LIMIT 1").fetchone()
    return row[0] if row else ""


@contextmanager
def _current_trail(target: Path) -> Iterator[sqlite3.Connection | None]:
    """The database being replaced, read-only, when it is readable and has a trail.
    A read-only connection to a WAL database makes -wal and -shm files it cannot
    remove; those it made are removed after, so a refused restore leaves the folder
    exactly as it was."""
    if not target.is_file():
        yield None
        return
    sidecars = [Path(str(target) + suffix) for suffix in ("-wal", "-shm")]
    existed = [path.exists() for path in sidecars]
    conn = None
    try:
        conn = open_read_only(target)
        conn.execute(f"SELECT 1 FROM {AUDIT_TABLE} LIMIT 1").fetchone()
    except sqlite3.DatabaseError:
        if conn is not None:
            conn.close()
        conn = None
    try:
        yield conn
    finally:
        if conn is not None:
            conn.close()
        if not any(existed):
            for path in sidecars:
                path.unlink(missing_ok=True)


def _differs_from_the_start(conn: sqlite3.Connection, target: Path) -> bool:
    with _current_trail(target) as current:
        if current is None:
            return False
        return bool(_first_hash(current)) and _first_hash(current) != _first_hash(conn)


def restart_anchor(db_path: Path, stamp: str, kept_aside: list[Path]) -> None:
    """A restore rewinds the trail on purpose: the old anchor is kept aside with the old
    database, and the new one starts a new timeline, so that the backups of the records
    just replaced (made before now) are not taken for anchors of these."""
    old = anchor_path(db_path)
    aside = old.with_name(f"{old.name}.before-restore-{stamp}")
    # Run again by a restore's journal after a kill, the anchor already set aside is
    # the replaced records' own: the one beside the database now is the new one.
    if old.exists() and not aside.exists():
        old.replace(aside)
    if aside.exists():
        kept_aside.append(aside)
    with closing(open_read_only(db_path)) as conn:
        head = chain_head(conn)
    write_anchor(db_path, head, timeline_from=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"))


def anchor_new_file(db_path: Path) -> None:
    """The anchor of a file a copy from the server made (store.copy_journal): its
    trail's head, its timeline starting now (an anchor of the empty file it replaced,
    if any, described nothing)."""
    with closing(open_read_only(db_path)) as conn:
        head = chain_head(conn)
    write_anchor(db_path, head, timeline_from=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"))
