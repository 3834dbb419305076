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
    return [path for path in found
            if path.name not in needed and remove_if_abandoned(path, _UNCLAIMED_GRACE_SECONDS)]


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


def remove_if_abandoned(path: Path, unclaimed_after: float) -> bool:
    """Remove the working folder `path` if no running process holds it: at once when
    it is empty or its claim is free, after `unclaimed_after` seconds (by the folder's
    own clock) when it has no claim (an older program's). Whether it is gone.

    Without a race against the run that is making it, between its making and its claim
    (which once swept a server backup's folder from under pg_dump): an empty folder is
    removed by rmdir, which fails once that run has put its claim in; a claim is held
    while the folder is emptied (on POSIX until the claim itself is removed), so that
    run cannot take it meanwhile, and checks once it holds it (_claim_new)."""
    try:
        os.rmdir(path)  # empty: nothing in it to lose
        return True
    except OSError:
        pass
    claim = path / _CLAIM
    if not claim.exists():
        if not _older_than(path, unclaimed_after):
            return False
        shutil.rmtree(path, ignore_errors=True)
        return not path.exists()
    try:
        handle = open(claim, "r+b")  # noqa: SIM115  (closed below, after the removal)
    except OSError:
        return False
    try:
        if not _try_os_lock(handle):
            return False  # a run is at work in it
        for inside in path.iterdir():
            if inside.name != _CLAIM:
                if inside.is_dir() and not inside.is_symlink():
                    shutil.rmtree(inside, ignore_errors=True)
                else:
                    inside.unlink(missing_ok=True)
        if os.name == "posix":  # (Windows removes no file that is open)
            claim.unlink(missing_ok=True)
    except OSError:
        return False
    finally:
        handle.close()
    try:
        claim.unlink(missing_ok=True)
        os.rmdir(path)
    except OSError:
        pass
    return not path.exists()


def _older_than(path: Path, seconds: float) -> bool:
    """Older than `seconds` by the clock that stamps the folder's files (a file
    server's may differ from this laptop's: concom_desk.store.disk.folder_now)."""
    try:
        return folder_now(path.parent) - path.stat().st_mtime > seconds
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
            return _empty(path) or _older_than(path, _UNCLAIMED_GRACE_SECONDS)
        with open(claim, "r+b") as handle:
            if not _try_os_lock(handle):
                return False  # a restore is at work in it
            _os_unlock(handle)
            return True
    except OSError:
        return False
