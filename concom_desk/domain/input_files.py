"""What the program accepts as a file to read: a regular file of a sensible size.

A named pipe, a device or a folder given where a file is expected would make a
read wait forever (a FIFO) or never end (/dev/zero); a file far larger than
anything of its kind is a mistake or an attack. Both are told in one line
before a byte is read, and the read itself stops at the limit, so a file that
grows while it is read cannot take the memory either.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from concom_desk.errors import UserError


def megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):,.0f} MB" if size >= 1024 * 1024 else f"{size:,} bytes"


def regular_file(path: Path, what: str, max_bytes: int) -> int:
    """The size of `path`; UserError when it is missing, not a regular file, or larger
    than `max_bytes` (`what` names the kind of file: 'an abutter list')."""
    try:
        status = os.stat(path)
    except FileNotFoundError:
        raise UserError(f"{path}: no such file") from None
    except OSError as exc:
        raise UserError(f"{path.name}: cannot be read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(status.st_mode):
        raise UserError(f"{path} is a folder, not {what}")
    if not stat.S_ISREG(status.st_mode):
        raise UserError(f"{path.name} is not an ordinary file (a pipe or a device); "
                        f"choose the saved file of {what}")
    if status.st_size > max_bytes:
        raise UserError(f"{path.name} is {megabytes(status.st_size)}, more than "
                        f"{what} can be ({megabytes(max_bytes)}); check it is the right file")
    return status.st_size


def read_limited(path: Path, what: str, max_bytes: int) -> bytes:
    """The bytes of a regular file no larger than `max_bytes` (see regular_file)."""
    regular_file(path, what, max_bytes)
    try:
        with open(path, "rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as exc:
        raise UserError(f"{path.name}: cannot be read ({exc.strerror or exc})") from None
    if len(data) > max_bytes:
        raise UserError(f"{path.name} grew past {megabytes(max_bytes)} while it was read; "
                        f"it is not {what}")
    return data
