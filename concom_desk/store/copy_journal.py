"""The journal of a copy of the records to or from a server (`concom-desk copy`): what
it is about to put in place, so that a copy stopped half-way (the program killed, the
computer switched off) is finished or undone at the next start, never left half.

A copy has one commit point, and everything before it happens out of sight:

- **from the server into a file** (a pull): the records go into a new database in a
  claimed working folder beside the target (store.restore_staging), the printed
  papers into `documents/` there; both are flushed to the disk, the journal is
  written, and the working database is renamed over the target name in one
  os.replace (Windows too): **the commit point**. Then the papers are moved into the
  target's documents folder one rename each, and the journal is removed;
- **from a file onto the server** (a push): the papers are put in the working folder
  beside this desk's folder for the server; the server's tables, grants and rows go
  in inside one server transaction, and its COMMIT is **the commit point** (a push
  killed before it leaves the server as it was: the server rolls back a transaction
  whose client is gone). The journal, written just before the COMMIT, names the last
  entry of the copied trail; the server holds that entry exactly when the COMMIT
  happened.

At the next start (open_database for a file, open_server_database for the server), at
`check`, and before the next copy into the same place, a journal left behind is
settled as the restore journal is (store.restore_journal): past the commit point the
papers still in the working folder are moved in (`finish`); before it the working
folder is removed and nothing at the target was touched (`undo`). Settling is made of
renames that look before they leap, so it can itself be stopped and started again.
"""

from __future__ import annotations

import logging
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from concom_desk.paths import documents_dir
from concom_desk.store.disk import fsync_directory
from concom_desk.store.restore_journal import (
    UnreadableJournal,
    read_journal_file,
    write_journal_file,
)
from concom_desk.store.restore_staging import COPY_JOURNAL_SUFFIX, staging_in_use

log = logging.getLogger(__name__)

PULL, PUSH = "pull", "push"
STAGED_DOCUMENTS = "documents"  # in the working folder
_FORMAT = 1


def copy_journal_path(target: Path) -> Path:
    """Beside the target database file (a pull), or this desk's file for the server (a
    push: store.server.database.DESK_FILE)."""
    return target.with_name(target.name + COPY_JOURNAL_SUFFIX)


@dataclass
class CopyJournal:
    target: Path  # the database file made, or the desk's file for the server
    staging: Path
    kind: str  # PULL or PUSH
    source: str  # as the clerk named it, to tell which copy it was
    documents: list[str] = field(default_factory=list)  # staged papers, relative names
    last_entry: tuple[int, str] | None = None  # PUSH: the copied trail's last (id, hash)

    @property
    def path(self) -> Path:
        return copy_journal_path(self.target)

    @property
    def staged_database(self) -> Path:
        return self.staging / self.target.name

    @property
    def staged_documents(self) -> Path:
        return self.staging / STAGED_DOCUMENTS

    def write(self) -> None:
        """Whole or not at all: written in the working folder, flushed, renamed."""
        write_journal_file({
            "format": _FORMAT, "kind": self.kind, "target": self.target.name,
            "staging": self.staging.name, "source": self.source,
            "documents": self.documents,
            "last_entry": list(self.last_entry) if self.last_entry else None,
        }, self.staging / "copy-journal.partial", self.path)

    def remove(self) -> None:
        self.path.unlink(missing_ok=True)
        fsync_directory(self.path.parent)


def read_copy_journal(target: Path) -> CopyJournal | None:
    """The journal a copy into `target` left, None when there is none. Raises
    store.restore_journal.UnreadableJournal for a file that is not one."""
    data = read_journal_file(copy_journal_path(target))
    if data is None:
        return None
    try:
        last = data.get("last_entry")
        return CopyJournal(
            target=target, staging=target.parent / Path(str(data["staging"])).name,
            kind=str(data["kind"]), source=str(data["source"]),
            documents=[str(name) for name in data["documents"]],
            last_entry=(int(last[0]), str(last[1])) if last else None)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise UnreadableJournal(f"{copy_journal_path(target).name} is not a copy's "
                                f"journal ({exc})") from None


def move_documents_in(journal: CopyJournal) -> int:
    """The staged papers into the target's documents folder, one rename each; a paper
    already there is kept (nothing of the target's is overwritten). How many moved."""
    into = documents_dir(journal.target)
    moved = 0
    for name in journal.documents:
        if Path(name).is_absolute() or ".." in Path(name).parts:
            continue  # never a name the copy wrote: it names only files under documents/
        staged, dest = journal.staged_documents / name, into / name
        if staged.is_file() and not dest.exists():
            dest.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staged, dest)
            moved += 1
    if moved:
        fsync_directory(into)
    return moved


def settle_interrupted_copy(target: Path, committed: Callable[[CopyJournal], bool]
                            | None = None) -> str:
    """Finish or undo a copy into `target` that was stopped half-way; what was done, in
    a sentence for the clerk ('' when there was nothing to do). A pull's commit point
    is seen on the disk; a push's is asked of the server: `committed(journal)` (see
    store.server.copy_settling), and a push is left for later without it."""
    journal = read_copy_journal(target)  # UnreadableJournal: the caller says so
    if journal is None or staging_in_use(journal.staging):
        return ""
    if journal.kind == PULL:
        done = not journal.staged_database.exists()
        where = journal.target.name
    else:
        if committed is None:
            return ""
        done = committed(journal)
        where = "the server"
    if done:
        move_documents_in(journal)
        if journal.kind == PULL:
            from concom_desk.store.restore_checks import anchor_new_file

            anchor_new_file(journal.target)
        told = (f"The copy of the records from {journal.source} was stopped just before "
                f"it finished; it was finished: {where} holds every record, and the "
                "printed papers are in its documents folder.")
    else:
        told = (f"The copy of the records from {journal.source} was stopped before it "
                f"finished (the program or the computer stopped); it was undone: nothing "
                f"of it was kept in {where}. Copy again.")
    journal.remove()
    shutil.rmtree(journal.staging, ignore_errors=True)
    log.info("%s", told)
    return told


__all__ = ["CopyJournal", "copy_journal_path", "read_copy_journal",
           "settle_interrupted_copy"]
