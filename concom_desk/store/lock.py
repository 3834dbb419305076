"""One program at a time per database.

Two copies of the program on one file (two users on a shared folder, or the window
opened twice) would each believe their screen is the record. A lock file beside the
database (`<name>.lock`) says who has it open: user, machine, process id, since when.

The lock itself is an OS lock held on that file for as long as the database is open
(flock on POSIX, msvcrt.locking on Windows). The OS drops it when the process dies,
however it dies, so a lock file left by a crash is simply taken over: no guessing
from process ids, which the OS reuses. The text in the file is only there to tell
the second program who holds the lock.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from concom_desk.errors import OperationFailed, UserError

# On Windows a locked byte range cannot be read by others, so the lock is taken on
# a byte far past the text, leaving the text readable.
_LOCK_OFFSET = 1 << 20


def lock_path_for(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + ".lock")


def _try_os_lock(handle: IO[bytes]) -> bool:
    if sys.platform == "win32":
        import msvcrt

        handle.seek(_LOCK_OFFSET)
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        finally:
            handle.seek(0)
        return True
    import fcntl

    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _os_unlock(handle: IO[bytes]) -> None:
    if sys.platform == "win32":
        import msvcrt

        handle.seek(_LOCK_OFFSET)
        with contextlib.suppress(OSError):
            msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
        return
    import fcntl

    fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def this_holder() -> dict[str, Any]:
    from concom_desk.store.audit import Actor

    return {
        "user": Actor.current().os_user,
        "machine": socket.gethostname(),
        "pid": os.getpid(),
        "since": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


def describe_holder(text: str) -> str:
    try:
        info = json.loads(text)
        return (f"{info['user']}@{info['machine']} (process {info['pid']}, "
                f"open since {info['since']})")
    except (ValueError, KeyError, TypeError):
        return "another program (its lock file cannot be read)"


def _held_by_this_process(text: str) -> bool:
    try:
        info = json.loads(text)
    except ValueError:
        return False
    return isinstance(info, dict) and info.get("pid") == os.getpid() and \
        info.get("machine") == socket.gethostname()


class DatabaseLock:
    def __init__(self, db_path: Path):
        self.db_path = db_path
        self.path = lock_path_for(db_path)
        self._handle: IO[bytes] | None = None
        self.recovered_stale = False  # True when a crashed program's lock was taken over

    def acquire(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # "a+b" creates the file without truncating it: the holder's text must survive
        # until we know we hold the lock. Binary, so the Windows lock can seek to its
        # byte far past the text.
        try:
            handle = self.path.open("a+b")
        except OSError as exc:
            raise OperationFailed(
                f"cannot create the lock file {self.path}: {exc.strerror or exc} (is the "
                "folder read-only?)") from exc
        if not _try_os_lock(handle):
            handle.seek(0)
            text = handle.read(4096).decode("utf-8", errors="replace")
            handle.close()
            if _held_by_this_process(text):
                # Same wording as below ("is open in another"): callers match on it.
                raise UserError(f"{self.db_path.name} is open in another part of this "
                                "program; use the Database object that opened it")
            holder = describe_holder(text)
            raise UserError(
                f"{self.db_path.name} is open in another ConCom Desk: {holder}. "
                "Close it there first (only one program at a time may use a database)"
            )
        handle.seek(0)
        self.recovered_stale = bool(handle.read(4096).strip())
        handle.seek(0)
        handle.truncate()
        handle.write(json.dumps(this_holder()).encode("utf-8"))
        handle.flush()
        self._handle = handle

    def release(self) -> None:
        handle, self._handle = self._handle, None
        if handle is None:
            return
        # Empty the text first: a lock file left empty means "closed properly".
        handle.seek(0)
        handle.truncate()
        handle.flush()
        _os_unlock(handle)
        # The file is left in place: deleting it could race a program that has just
        # opened it and locked the old file while a third creates a new one.
        handle.close()

    @property
    def held(self) -> bool:
        return self._handle is not None
