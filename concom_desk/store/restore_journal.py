"""The journal of a restore: what it is about to change, so that a restore stopped
half-way (the program killed, the computer switched off) is finished or undone at
the next start, never left half.

A restore replaces several things that no single rename can replace together: the
documents folder, the templates folder, the database's journal files (-wal, -shm)
and the database itself. Before the first of them is touched, the restore writes
`<database>.restore-journal` beside the database (to a working name, flushed to the
disk, then renamed: whole or not there) naming each step. The steps are all
renames, each of which the next start can see done or not done:

1. the current database is copied aside as `<name>.before-restore-<UTC>.sqlite`
   (made in the working folder, renamed when whole);
2. each folder: the current one renamed aside, the restored one renamed into place;
3. the current database's journal files moved into the working folder (not
   deleted: an undo puts them back, with the last saves they may hold);
4. the restored database renamed over the current one: **the point of no
   return**. Until it, the restored database is in the working folder; after it,
   it is not;
5. the anchor restarted, then the journal removed.

At the next start (open_database), at `check`, and before the next restore, a
journal left behind is settled: with the restored database still in the working
folder, everything is put back as it was (`undo`); without it, the rest is done
(`finish`). Settling is itself made of renames that look before they leap, so it
can be stopped and started again. Only os.replace / rename are used (Windows too).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from concom_desk.store.disk import fsync_directory
from concom_desk.store.restore_staging import JOURNAL_SUFFIX, staging_in_use

log = logging.getLogger(__name__)

SIDECARS = ("-wal", "-shm", "-journal")
OLD_SIDECARS = "old-journal-files"  # in the working folder: step 3's moved files
_FORMAT = 1


def journal_path(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + JOURNAL_SUFFIX)


@dataclass
class FolderSwap:
    """The folder `current` is replaced by `restored` (in the working folder); the
    old one is kept as `aside` (when there was one)."""

    current: Path
    restored: Path
    aside: Path


@dataclass
class RestoreJournal:
    database: Path
    staging: Path
    backup: str  # the backup file's name, to tell the clerk which restore it was
    stamp: str
    database_aside: Path | None = None
    swaps: list[FolderSwap] = field(default_factory=list)

    @property
    def path(self) -> Path:
        return journal_path(self.database)

    @property
    def staged_database(self) -> Path:
        return self.staging / self.database.name

    def write(self) -> None:
        """Whole or not at all: written in the working folder, flushed, renamed."""
        data = {
            "format": _FORMAT, "database": self.database.name, "staging": self.staging.name,
            "backup": self.backup, "stamp": self.stamp,
            "database_aside": self.database_aside.name if self.database_aside else None,
            "swaps": [{"current": str(s.current), "restored": str(s.restored),
                       "aside": str(s.aside)} for s in self.swaps],
        }
        write_journal_file(data, self.staging / "journal.partial", self.path)

    def remove(self) -> None:
        self.path.unlink(missing_ok=True)
        fsync_directory(self.path.parent)


def write_journal_file(data: dict[str, object], partial: Path, path: Path) -> None:
    """A journal (a restore's, a copy's: store.copy_journal) whole or not at all:
    written to `partial` in the working folder, flushed, renamed to `path`."""
    with open(partial, "w", encoding="utf-8") as handle:
        json.dump(data, handle)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(partial, path)
    fsync_directory(path.parent)


class UnreadableJournal(Exception):
    """A file under a journal's name that is not a journal."""


def read_journal_file(path: Path) -> dict[str, Any] | None:
    """A journal's contents, None when there is none; UnreadableJournal when the file
    is not JSON."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise UnreadableJournal(f"{path.name} cannot be read ({exc})") from None
    if not isinstance(data, dict):
        raise UnreadableJournal(f"{path.name} is not a journal")
    return data


def read_journal(db_path: Path) -> RestoreJournal | None:
    """The journal a restore of `db_path` left, None when there is none."""
    path = journal_path(db_path)
    data = read_journal_file(path)
    if data is None:
        return None
    try:
        folder = db_path.parent
        aside = data["database_aside"]
        return RestoreJournal(
            database=db_path, staging=folder / Path(data["staging"]).name,
            backup=str(data["backup"]), stamp=str(data["stamp"]),
            database_aside=folder / Path(aside).name if aside else None,
            swaps=[FolderSwap(Path(s["current"]), Path(s["restored"]), Path(s["aside"]))
                   for s in data["swaps"]])
    except (KeyError, TypeError) as exc:
        raise UnreadableJournal(f"{path.name} is not a restore journal ({exc})") from None


def set_old_sidecars_aside(journal: RestoreJournal) -> None:
    """Step 3: the current database's journal files go into the working folder; a
    stale -wal left beside the restored file would be replayed into it."""
    keep = journal.staging / OLD_SIDECARS
    keep.mkdir(exist_ok=True)
    for suffix in SIDECARS:
        source = Path(str(journal.database) + suffix)
        if source.exists():
            os.replace(source, keep / (journal.database.name + suffix))


def undo(journal: RestoreJournal) -> None:
    """Put everything back as it was before the restore began (only before step 4)."""
    for swap in reversed(journal.swaps):
        _undo_swap(swap)
    keep = journal.staging / OLD_SIDECARS
    for suffix in SIDECARS:
        kept = keep / (journal.database.name + suffix)
        if kept.exists():
            os.replace(kept, Path(str(journal.database) + suffix))
    if journal.database_aside is not None:
        # the copy kept aside is of the records still in place: not needed, and a
        # "before-restore" copy of a restore that did not happen would mislead
        for suffix in ("", *SIDECARS):
            Path(str(journal.database_aside) + suffix).unlink(missing_ok=True)
    fsync_directory(journal.database.parent)
    journal.remove()


def _undo_swap(swap: FolderSwap) -> None:
    if not swap.restored.exists() and swap.current.exists():
        # the restored folder was put in place: take it out again
        if swap.restored.parent.is_dir():
            swap.current.rename(swap.restored)
        else:
            shutil.rmtree(swap.current)
    if swap.aside.exists() and not swap.current.exists():
        swap.aside.rename(swap.current)


def finish(journal: RestoreJournal) -> None:
    """The restored database is in place: do what is left after step 4."""
    from concom_desk.store.restore_checks import restart_anchor

    restart_anchor(journal.database, journal.stamp, [])
    journal.remove()


def settle_interrupted_restore(db_path: Path) -> str:
    """Finish or undo a restore of `db_path` that was stopped half-way; what was
    done, in a sentence for the clerk ('' when there was nothing to do). The caller
    holds the database's lock (a restore at work holds it too). Raises
    UnreadableJournal for a journal that is not one (never written by a restore: it is
    renamed into place whole), which is left alone."""
    journal = read_journal(db_path)  # UnreadableJournal: the caller says so
    if journal is None or staging_in_use(journal.staging):
        return ""
    if journal.staged_database.exists():
        undo(journal)
        told = (f"The restore of {journal.backup} was stopped before it finished (the "
                "program or the computer stopped); it was undone: the records, documents "
                "and templates are as they were before it. Restore the backup again.")
    else:
        finish(journal)
        told = (f"The restore of {journal.backup} was stopped just before it finished; "
                "it was finished: the records are those of the backup, and the records "
                f"it replaced are kept as {journal.database_aside.name}."
                if journal.database_aside else
                f"The restore of {journal.backup} was stopped just before it finished; "
                "it was finished: the records are those of the backup.")
    shutil.rmtree(journal.staging, ignore_errors=True)
    log.info("%s", told)
    return told
