"""What is looked at when a database is opened, before anything is written to it.

Before SQLite touches the file (`look_before_opening`):
- a `-wal` that is not the database's own is set aside, not merged (wal_guard);
- a file in a read-only folder (a write-protected stick, a CD, a share without
  write rights) is opened read-only and said to be so — it is not damaged;
- `PRAGMA quick_check`: a malformed database is opened read-only, so the clerk can
  see what is left and restore the last good backup, and nothing is written into it.
  It is spared (it reads the whole file: two seconds on the large demo town) only
  when the file is exactly as the program closed it — same size and time as the
  anchor recorded after the close, no journal, no crash since; a file copied in,
  changed by another tool or left by a crash is always checked.

After the schema is brought up to date (`look_after_opening`):
- the audit guards are compared with the program's own by their full SQL, and the
  trail's head with the anchor beside the database. Either one wrong, and the program
  refuses to write: it says what is wrong and offers to restore the last backup whose
  trail matches, or to repair the guards on purpose (recorded in the trail). Never
  a silent repair, which would erase the evidence.
"""

from __future__ import annotations

import os
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

from concom_desk.store.anchor import Anchor, disagreement, file_stamp, read_anchor
from concom_desk.store.db_identity import open_read_only
from concom_desk.store.guards import guard_problems_of, summary
from concom_desk.store.wal_guard import foreign_wal, has_frames, set_aside

DAMAGED, READ_ONLY_FOLDER, GUARDS = "damaged", "read-only folder", "guards"
SCHEMA = "schema"  # tables, indexes or views not as the program makes them


@dataclass
class OpeningState:
    """What the opening found. `refusal` is the one line a write is refused with."""

    refusal: str = ""
    why: str = ""  # DAMAGED, READ_ONLY_FOLDER, GUARDS or SCHEMA when refusing
    read_only: bool = False  # opened with a read-only connection (damaged, read-only folder)
    immutable: bool = False  # ... that may not even make the -shm file
    problems: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)  # told once, then work goes on
    settled_restore: str = ""  # a restore stopped half-way, finished or undone: what was done
    settled_copy: str = ""  # a copy to or from a server stopped half-way (store.copy_journal)


def folder_is_writable(folder: Path) -> bool:
    """Can a file be made in `folder`? (os.access alone is not trusted on Windows,
    where it only looks at the read-only attribute.)"""
    if not os.access(folder, os.W_OK):
        return False
    try:
        probe = folder / f".concom-write-probe-{os.getpid()}"
        probe.touch()
        probe.unlink()
    except OSError:
        return False
    return True


def look_before_opening(db_path: Path, crashed: bool, may_set_aside: bool) -> OpeningState:
    state = OpeningState()
    if not db_path.is_file() or db_path.stat().st_size == 0:
        return state  # a new database: nothing to look at yet
    anchor = read_anchor(db_path)
    if may_set_aside:
        reason = foreign_wal(db_path, anchor if not isinstance(anchor, str) else None, crashed)
        if reason:
            aside = set_aside(db_path)
            state.notices.append(f"{reason}; it was not merged and is kept as {aside.name}.")
    if not folder_is_writable(db_path.parent) or not os.access(db_path, os.W_OK):
        state.read_only, state.immutable = True, not has_frames(db_path)
        state.why = READ_ONLY_FOLDER
        state.refusal = (f"the folder {db_path.parent} is read-only: the records can be "
                         "read but not changed; copy the database to a folder you can "
                         "write in to work on it")
        return state
    if (isinstance(anchor, Anchor) and anchor.closed == file_stamp(db_path) and not crashed
            and not has_frames(db_path)):
        return state  # exactly as the program closed it: nothing can have spoilt it since
    with closing(open_read_only(db_path)) as conn:
        found = [row[0] for row in conn.execute("PRAGMA quick_check(5)")]
    if found != ["ok"]:
        state.read_only, state.why = True, DAMAGED
        state.problems = [line for row in found for line in row.splitlines()
                          if not line.startswith("***")]
        first = state.problems[0] if state.problems else found[0]
        state.refusal = (f"{db_path.name} is damaged ({first}): it is open read-only; "
                         "restore the last good backup (File → Restore from backup…)")
    return state


def look_after_opening(db_path: Path, state: OpeningState) -> None:
    from concom_desk.store.schema_master import schema_differences

    with closing(open_read_only(db_path)) as conn:
        guards = guard_problems_of(conn)
        problems = [p.describe() for p in guards]
        anchor = read_anchor(db_path)
        if isinstance(anchor, str):
            problems.append(anchor)
        elif anchor is not None:
            cut = disagreement(conn, anchor.head, f"the anchor of {anchor.written_utc}")
            if cut:
                problems.append(cut)
        # after the upgrade, so the file is at the program's revision: compared whole
        differences = schema_differences(conn)
    if differences and not problems:
        more = f" and {len(differences) - 1} more" if len(differences) > 1 else ""
        state.why, state.problems = SCHEMA, differences
        state.refusal = (f"the database holds what ConCom Desk does not make "
                         f"({differences[0]}{more}): it is open read-only; restore the "
                         "last good backup (File → Restore from backup…)")
        return
    if problems:
        state.why, state.problems = GUARDS, problems
        what = summary(guards) if guards else problems[0]
        if guards and len(problems) > len(guards):
            what += "; " + problems[-1]
        state.refusal = (f"the audit trail's guards were changed outside ConCom Desk ({what}); "
                         "nothing can be saved until the last good backup is restored or "
                         "the guards are repaired, which the trail records (Tools → Repair "
                         "audit guards…, or concom-desk repair-guards)")
