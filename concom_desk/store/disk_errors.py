"""Operating-system failures told in a clerk's words.

A backup or restore that fails on the disk (full, read-only, a path through a
file) must say what happened and where, in one line, never with a traceback.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from concom_desk.errors import OperationFailed


def plain_os_error(exc: OSError, doing: str, where: Path) -> OperationFailed:
    """An OperationFailed naming what could not be done, where, and why in plain words."""
    code = exc.errno
    if code == errno.ENOSPC or code == getattr(errno, "EDQUOT", None):
        why = "the disk is full"
    elif code in (errno.EACCES, errno.EPERM):
        why = "you are not allowed to write there"
    elif code == errno.EROFS:
        why = "that disk is read-only"
    elif code == errno.ENOTDIR:
        why = "part of that path is a file, not a folder"
    elif code == errno.ENOENT:
        why = "the folder does not exist"
    else:
        why = exc.strerror or str(exc)
    return OperationFailed(f"could not {doing} in {where}: {why}; nothing was changed")


def fsync_directory(folder: Path) -> None:
    """Make a rename inside `folder` survive a power cut (POSIX; Windows has no such call)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
