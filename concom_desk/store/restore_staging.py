"""The hidden working folder a restore unpacks into, and sweeping up one a killed
restore left behind.

A restore copies the whole database (and documents) into `.concom-restore-*`
beside the target; killed halfway, that full copy stayed there, hidden, for a day
before anything removed it. Now the restore holds an OS lock on a claim file in its
folder for as long as it works (the OS drops the lock when the process dies, however
it dies), so the next start of the program, `check` and the next restore remove any
such folder nobody holds, at once, and never one a running restore is using, nor
one an unfinished restore's journal names (it holds what settling that restore
needs: concom_desk.store.restore_journal).
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import tempfile
from pathlib import Path
from types import TracebackType
from typing import IO

from concom_desk.store.disk import folder_now
from concom_desk.store.lock import _os_unlock, _try_os_lock

STAGING_PREFIX = ".concom-restore-"
JOURNAL_SUFFIX = ".restore-journal"  # beside the database: concom_desk.store.restore_journal
COPY_JOURNAL_SUFFIX = ".copy-journal"  # a copy to or from a server: store.copy_journal
_CLAIM = ".in-use"
# A folder without a claim file was made by an older program, or is a second old: the
# claim is taken a moment after the folder is made.
_UNCLAIMED_GRACE_SECONDS = 60


class RestoreStaging:
    """`with RestoreStaging(folder) as staging:` a claimed working folder, removed
    afterwards whatever happens. A backup's working folders are claimed the same way
    (`prefix` its own), so that what a killed backup left is swept at once too
    (concom_desk.store.disk.sweep_leftovers)."""

    def __init__(self, folder: Path, prefix: str = STAGING_PREFIX) -> None:
        self.folder = folder
        for _attempt in range(3):
            path = Path(tempfile.mkdtemp(prefix=prefix, dir=folder))
            claim = _claim_new(path)
            if claim is not None:
                self.path = path
                self._claim: IO[bytes] | None = claim
                return
        raise OSError(errno.EBUSY, "another run keeps removing the working folders made "
                      "there", str(folder))

    def __enter__(self) -> Path:
        return self.path

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        # The claim goes last: a run killed while cleaning up leaves a folder still
        # marked as claimed by nobody, which the next run removes at once.
        try:
            inside_folder = list(self.path.iterdir())
        except OSError:
            inside_folder = []
        for inside in inside_folder:
            if inside.name != _CLAIM:
                if inside.is_dir() and not inside.is_symlink():
                    shutil.rmtree(inside, ignore_errors=True)
                else:
                    inside.unlink(missing_ok=True)
        if self._claim is not None:
            _os_unlock(self._claim)
            self._claim.close()
            self._claim = None
        shutil.rmtree(self.path, ignore_errors=True)


def _claim_new(path: Path) -> IO[bytes] | None:
    """The claim on the folder `path` just made, held; None when another run's sweep
    took the folder first. The claim is checked after it is held: between the folder's
    making and the lock, a sweep may have found the folder empty or the claim free, and
    removed it (a server backup's pg_dump then wrote into a folder that was gone)."""
    try:
        handle = open(path / _CLAIM, "w+b")  # noqa: SIM115  (held until __exit__)
    except FileNotFoundError:
        return None
    try:
        if _try_os_lock(handle) and os.path.samestat(os.fstat(handle.fileno()),
                                                     os.stat(path / _CLAIM)):
            return handle
    except OSError:
        pass
    handle.close()
    return None


def sweep_abandoned_restores(folder: Path) -> list[Path]:
    """Remove the working folders of restores that are not running; those removed."""
    try:
        found = [p for p in folder.glob(STAGING_PREFIX + "*") if p.is_dir()]
    except OSError:
        return []
    needed = _named_by_journals(folder)
    removed = []
    for path in found:
        if path.name not in needed and _abandoned(path):
            shutil.rmtree(path, ignore_errors=True)
            if not path.exists():
                removed.append(path)
    return removed


def _named_by_journals(folder: Path) -> set[str]:
    """The working folders unfinished restores' and copies' journals name (to be
    settled first: a copy's holds papers that belong to records already in place)."""
    names = set()
    journals = [*folder.glob("*" + JOURNAL_SUFFIX), *folder.glob("*" + COPY_JOURNAL_SUFFIX)]
    for journal in journals:
        try:
            names.add(str(json.loads(journal.read_text(encoding="utf-8"))["staging"]))
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return names


def claimed_and_abandoned(path: Path) -> bool:
    """A working folder that was claimed by a process no longer running (or that is
    empty and older than a minute: nothing in it to lose, and not one being made)."""
    return _empty_and_old(path) or ((path / _CLAIM).exists() and _abandoned(path))


def _empty_and_old(path: Path) -> bool:
    return _empty(path) and _older_than_grace(path)


def _older_than_grace(path: Path) -> bool:
    """Older than a minute by the clock that stamps the folder's files (a file server's
    may differ from this laptop's: concom_desk.store.disk.folder_now)."""
    try:
        return folder_now(path.parent) - path.stat().st_mtime > _UNCLAIMED_GRACE_SECONDS
    except OSError:
        return False


def _empty(path: Path) -> bool:
    try:
        return not any(path.iterdir())
    except OSError:
        return False


def staging_in_use(path: Path) -> bool:
    """Is a running restore at work in the working folder `path`?"""
    return path.is_dir() and not _abandoned(path)


def _abandoned(path: Path) -> bool:
    claim = path / _CLAIM
    try:
        if not claim.exists():
            return _older_than_grace(path)
        with open(claim, "r+b") as handle:
            if not _try_os_lock(handle):
                return False  # a restore is at work in it
            _os_unlock(handle)
            return True
    except OSError:
        return False
