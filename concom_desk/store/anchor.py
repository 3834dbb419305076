"""The chain head, and the places it is written down outside the database.

The hash chain proves that no entry inside the trail was changed, but not that the
trail is whole: deleting the newest entries leaves a valid, shorter chain, and
someone who rewrites the trail can recompute every hash (the chain has no secret
key; a key kept on the same laptop would be no safer). So the head of the chain —
how many entries, and the hash of the last — is written where a change to the
database does not reach: a small anchor file beside the database (rewritten after
every save), the manifest of every backup, and the footer of printed registers.
A trail shorter than an anchor, or whose entry at the anchor's count has another
hash, was cut or rewritten (`disagreement`).

The anchor file also keeps the salts of the database's write-ahead log as they were
after the last save, so that a `-wal` from another copy of the database is not
mistaken for this one's (see concom_desk.store.wal_guard).
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from concom_desk.store.audit import AUDIT_TABLE

ANCHOR_FORMAT = "ConCom Desk audit anchor"
WAL_HEADER_SIZE = 32


@dataclass(frozen=True)
class ChainHead:
    """How long the audit trail is, and the hash of its last entry ('' when empty)."""

    entries: int
    hash: str

    def as_json(self) -> dict[str, Any]:
        return {"entries": self.entries, "hash": self.hash}

    @classmethod
    def from_json(cls, data: Any) -> ChainHead | None:
        if not isinstance(data, dict):
            return None
        try:
            entries, head = int(data["entries"]), str(data["hash"])
        except (KeyError, TypeError, ValueError):
            return None
        return cls(entries, head) if entries >= 0 else None

    def footer(self) -> str:
        """The line printed at the foot of a register: enough to compare later with
        `concom-desk check --head`."""
        return f"Audit trail: {self.entries:,} entries, head {self.hash[:16] or '—'}"

    def printed(self) -> str:
        """The head as printed on approved minutes and the annual report: the town's
        public record then holds a copy of the trail's head that no one with the laptop
        alone can rewrite, which `check --head` compares with the records later."""
        return f"{self.footer()} (compare: concom-desk check --head {self.token()})"

    def token(self) -> str:
        """`12345:3f2a…` as `check --head` takes it."""
        return f"{self.entries}:{self.hash[:16]}"


def chain_head(conn: sqlite3.Connection) -> ChainHead:
    count, = conn.execute(f"SELECT count(*) FROM {AUDIT_TABLE}").fetchone()
    last = conn.execute(
        f"SELECT entry_hash FROM {AUDIT_TABLE} ORDER BY id DESC LIMIT 1").fetchone()
    return ChainHead(int(count), last[0] if last else "")


@dataclass(frozen=True)
class CountedHead:
    """A head with the id of the last entry counted: the next save's head counts only
    the entries after it (`head_after`)."""

    head: ChainHead
    last_id: int


def counted_head(conn: sqlite3.Connection) -> CountedHead:
    """The head, counted over the whole trail (as the database opens and closes)."""
    count, last_id, = conn.execute(f"SELECT count(*), max(id) FROM {AUDIT_TABLE}").fetchone()
    return _with_hash(conn, CountedHead(ChainHead(int(count), ""), int(last_id or 0)))


def head_after(conn: sqlite3.Connection, before: CountedHead) -> CountedHead:
    """The head after a save: `before`'s count and the entries since its last one. A
    save writes entries and never removes any (the trail is kept whole), so this is the
    whole count's answer at an indexed look-up's price: counting a 4x town's whole trail
    after every save was 35 ms of the window's thread. A trail cut behind the program's
    back is still the anchor's to see: it keeps the longer count."""
    added, last_id = conn.execute(f"SELECT count(*), max(id) FROM {AUDIT_TABLE} WHERE id > ?",
                                  (before.last_id,)).fetchone()
    if not added:
        return before
    return _with_hash(conn, CountedHead(ChainHead(before.head.entries + int(added), ""),
                                        int(last_id)))


def _with_hash(conn: sqlite3.Connection, counted: CountedHead) -> CountedHead:
    last = conn.execute(f"SELECT entry_hash FROM {AUDIT_TABLE} WHERE id = ?",
                        (counted.last_id,)).fetchone()
    return CountedHead(ChainHead(counted.head.entries, last[0] if last else ""),
                       counted.last_id)


def head_in(session: Any) -> ChainHead:
    """The head as a session of the program sees it (its own pending entries included):
    for the footer of a register printed from that session."""
    raw = session.connection().connection.driver_connection
    return chain_head(raw)


def disagreement(conn: sqlite3.Connection, head: ChainHead, source: str) -> str | None:
    """Why the trail in `conn` cannot be the one `head` was taken from, or None.
    `head.hash` may be a prefix (a printed footer carries 16 characters)."""
    if head.entries == 0:
        return None
    count, low, high = conn.execute(
        f"SELECT (SELECT count(*) FROM {AUDIT_TABLE}), (SELECT min(id) FROM {AUDIT_TABLE}), "
        f"(SELECT max(id) FROM {AUDIT_TABLE})").fetchone()
    if count < head.entries:
        return (f"the trail has {count:,} entries but {source} recorded {head.entries:,}: "
                f"{head.entries - count:,} entries were removed")
    if high - low + 1 == count:  # no id missing (the usual trail): the nth is found at once
        row = conn.execute(f"SELECT id, entry_hash FROM {AUDIT_TABLE} WHERE id = ?",
                           (low + head.entries - 1,)).fetchone()
    else:  # counted in order: a skip through every entry before it
        row = conn.execute(f"SELECT id, entry_hash FROM {AUDIT_TABLE} ORDER BY id "
                           "LIMIT 1 OFFSET ?", (head.entries - 1,)).fetchone()
    if not head.hash or not row[1].startswith(head.hash):
        return (f"entry {row[0]} (the {head.entries:,}th) is not the one {source} recorded: "
                "the trail was rewritten")
    return None


def parse_head(text: str) -> ChainHead | None:
    """`12345:3f2a9c01…` (from a printed footer or a manifest) as a ChainHead."""
    count, _, head = text.strip().replace(",", "").partition(":")
    try:
        entries = int(count)
    except ValueError:
        return None
    head = head.strip().lower()
    if entries < 0 or (entries and not head) or any(c not in "0123456789abcdef" for c in head):
        return None
    return ChainHead(entries, head)


# -- the anchor file ----------------------------------------------------------------

def anchor_path(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + ".anchor")


@dataclass(frozen=True)
class Anchor:
    head: ChainHead
    written_utc: str
    wal_salts: str = ""  # hex of the -wal header's two salts after the last save
    # Set by a restore: backups made before it are of the records it replaced.
    timeline_from: str = ""
    # (size, mtime in ns) of the database file as the program closed it: the same at
    # the next opening means nobody touched it since (so quick_check can be spared).
    closed: tuple[int, int] | None = None


def wal_salts(db_path: Path) -> str:
    """The two salts of the database's -wal header (hex), '' when there is none."""
    try:
        with open(str(db_path) + "-wal", "rb") as wal:
            header = wal.read(WAL_HEADER_SIZE)
    except OSError:
        return ""
    return header[16:24].hex() if len(header) == WAL_HEADER_SIZE else ""


def read_anchor(db_path: Path) -> Anchor | None | str:
    """The anchor beside the database; None when there is none; a reason (str) when
    there is a file that is not an anchor (it was tampered with or damaged)."""
    path = anchor_path(db_path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        return f"the anchor file {path.name} cannot be read ({exc})"
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    head = ChainHead.from_json(data.get("head") if isinstance(data, dict) else None)
    if not isinstance(data, dict) or data.get("format") != ANCHOR_FORMAT or head is None:
        return f"the anchor file {path.name} is not an anchor (it was changed or damaged)"
    closed = data.get("closed")
    try:
        as_closed = (int(closed[0]), int(closed[1])) if closed else None
    except (TypeError, ValueError, IndexError, KeyError):
        as_closed = None
    return Anchor(head, str(data.get("written_utc", "")), str(data.get("wal_salts", "")),
                  str(data.get("timeline_from", "")), as_closed)


def file_stamp(db_path: Path) -> tuple[int, int]:
    stat = db_path.stat()
    return stat.st_size, stat.st_mtime_ns


def write_anchor(db_path: Path, head: ChainHead, timeline_from: str | None = None,
                 closed: tuple[int, int] | None = None) -> None:
    """Write the anchor beside the database: to a temporary name, flushed, then renamed
    over the old one, so a power cut leaves the old anchor or the new, never half.
    The start of the timeline (the last restore) is kept from the old anchor."""
    path = anchor_path(db_path)
    if timeline_from is None:
        old = read_anchor(db_path)
        timeline_from = old.timeline_from if isinstance(old, Anchor) else ""
    data = {"format": ANCHOR_FORMAT, "database": db_path.name, "head": head.as_json(),
            "written_utc": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "wal_salts": wal_salts(db_path), "timeline_from": timeline_from,
            "closed": list(closed) if closed else None}
    partial = path.with_name(f".{path.name}.partial")
    with open(partial, "w", encoding="utf-8") as handle:
        json.dump(data, handle)
        handle.flush()
        os.fsync(handle.fileno())
    partial.replace(path)
