"""The disk under backups, restores and exports.

A backup or restore that fails on the disk (full, read-only, a path through a
file) must say what happened and where, in one line, never with a traceback.
Work happens in a hidden staging folder beside the target, removed afterwards;
one left by a crash or a power cut is swept up by the next run.
"""

from __future__ import annotations

import errno
import os
import tempfile
import time
from pathlib import Path

from concom_desk.errors import OperationFailed


def plain_os_error(exc: OSError, doing: str, where: Path) -> OperationFailed:
    """An OperationFailed naming what could not be done, where, and why in plain words.
    `where` is the folder being written; the file the system names, if any, is told too
    (a letter that cannot be read is not the backup folder's fault)."""
    code = exc.errno
    if code == errno.ENOSPC or code == getattr(errno, "EDQUOT", None):
        why = "the disk is full"
    elif code in (errno.EACCES, errno.EPERM):
        why = ("you are not allowed to write there, or a file is open in another "
               "program")
    elif code == errno.EROFS:
        why = "that disk is read-only"
    elif code == errno.ENOTDIR:
        why = "part of that path is a file, not a folder"
    elif code == errno.ENOENT:
        why = "a file or folder is missing"
    else:
        why = exc.strerror or str(exc)
    culprit = f" ({exc.filename})" if exc.filename else ""
    return OperationFailed(
        f"could not {doing} in {where}: {why}{culprit}; nothing was changed"
    )


def fsync_directory(folder: Path) -> None:
    """Make a rename inside `folder` survive a power cut (POSIX; Windows has no such call)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


STALE_AFTER_SECONDS = 24 * 3600  # no backup or export takes a day; an older one is dead


def folder_now(folder: Path) -> float:
    """The time by the clock that stamps `folder`'s files: a town hall's file server
    (or a USB stick's last writer) may keep another time than this laptop, and a
    folder made a minute ago must not look a day old. The laptop's clock where nothing
    can be written there."""
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".concom-clock-") as probe:
            return os.fstat(probe.fileno()).st_mtime
    except OSError:
        return time.time()


def sweep_leftovers(folder: Path, prefix: str) -> None:
    """Remove staging folders named `prefix...` that a killed run left in `folder`: at
    once one its run claimed (the claim outlives no process:
    concom_desk.store.restore_staging), after a day one without a claim."""
    from concom_desk.store.restore_staging import remove_if_abandoned

    try:
        leftovers = [p for p in folder.glob(prefix + "*") if p.is_dir()]
    except OSError:
        return
    if not leftovers:
        return
    for path in leftovers:
        remove_if_abandoned(path, STALE_AFTER_SECONDS)
