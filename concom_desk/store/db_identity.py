"""Is this file a ConCom Desk database, and which schema revision is it at?

Backup, restore and check look at a file before they trust it: SQLite's
header, the application id the store stamps into every database it creates,
and the Alembic revision. The stamp and the list of known revisions belong to
the store's schema; this module only reads them.
"""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from concom_desk.errors import OperationFailed, UserError
from concom_desk.store.file_identity import APPLICATION_ID

__all__ = ["APPLICATION_ID", "DatabaseIdentity", "read_identity", "require_concom_database"]

SQLITE_HEADER = b"SQLite format 3\x00"
MIGRATION_SCRIPTS = Path(__file__).resolve().parent / "migrations" / "versions"
_REVISION_LINE = re.compile(r"^revision(?:\s*:\s*str)?\s*=\s*['\"]([^'\"]+)['\"]", re.MULTILINE)
# `down_revision: str | None = '0012_…'` or a tuple of parents, on one line or more.
_DOWN_REVISION_LINE = re.compile(r"^down_revision[^=]*=\s*(\([^)]*\)|[^\n]*)", re.MULTILINE)



@dataclass(frozen=True)
class DatabaseIdentity:
    application_id: int
    revision: str | None


def looks_like_sqlite(path: Path) -> bool:
    from concom_desk.store.file_identity import held_open

    if held_open(path):
        return True  # ours, checked at its opening; a raw read would drop its locks
    try:
        with path.open("rb") as handle:
            return handle.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False


def read_identity(conn: sqlite3.Connection) -> DatabaseIdentity:
    application_id = conn.execute("PRAGMA application_id").fetchone()[0]
    has_version_table = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'"
    ).fetchone()
    revision = None
    if has_version_table:
        # One row per head when parallel branches' revisions are applied ("0003+0005").
        rows = conn.execute("SELECT version_num FROM alembic_version").fetchall()
        revision = "+".join(sorted(row[0] for row in rows)) or None
    return DatabaseIdentity(application_id, revision)


def known_revisions() -> frozenset[str]:
    """Every schema revision this program's migrations know, read from the migration
    scripts' `revision = "…"` lines (where Alembic reads them) without importing
    Alembic and SQLAlchemy: a second of start-up for `concom-desk backup` and `check`."""
    return frozenset(found.group(1)
                     for script in sorted(MIGRATION_SCRIPTS.glob("*.py"))
                     for found in _REVISION_LINE.finditer(script.read_text(encoding="utf-8")))


def known_heads() -> str:
    """The newest revision of each branch, as one word ("0013_which_laws"; joined by "+"
    when there are several), read as `known_revisions` is: no revision names it as the
    one it revises."""
    revised: set[str] = set()
    for script in MIGRATION_SCRIPTS.glob("*.py"):
        for line in _DOWN_REVISION_LINE.finditer(script.read_text(encoding="utf-8")):
            revised.update(re.findall(r"['\"]([^'\"]+)['\"]", line.group(1)))
    return "+".join(sorted(known_revisions() - revised))


def is_newer_than_program(revision: str | None) -> bool:
    """A revision this program's migrations do not know was written by a newer program."""
    if revision is None:
        return False
    known = known_revisions()
    return any(head not in known for head in revision.split("+"))


def open_read_only(path: Path) -> sqlite3.Connection:
    """A connection that cannot change the file, for looking before trusting."""
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


def require_concom_database(path: Path, what: str = "the database") -> DatabaseIdentity:
    """The identity of a ConCom Desk database at `path`, or a UserError saying why not."""
    if not path.is_file():
        raise UserError(f"there is no database at {path}")
    if not looks_like_sqlite(path):
        raise UserError(f"{path} is not a ConCom Desk database (it is not an SQLite file)")
    try:
        with closing(open_read_only(path)) as conn:
            identity = read_identity(conn)
    except sqlite3.DatabaseError as exc:
        raise OperationFailed(
            f"{path} is damaged and cannot be read ({exc}); restore a backup"
        ) from None
    if identity.application_id != APPLICATION_ID:
        raise UserError(f"{path} is an SQLite file but not a ConCom Desk database")
    if is_newer_than_program(identity.revision):
        raise UserError(
            f"{what} was written by a newer version of ConCom Desk "
            f"(schema {identity.revision}); install the newer program to open it"
        )
    return identity
