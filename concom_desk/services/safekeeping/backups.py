"""Opening the commission's record with automatic backups on either side.

    with working_on_record(path, initials="JB", warn=status_bar.show) as db:
        ...                                   # the window's whole session

When the database is opened, and again when it is closed, `auto_backup` writes
a backup into the backups folder if the record changed since the last one (and
thins the old ones). A backup that fails never stops the clerk from working: the
failure is told through `warn` (the window shows it; the log keeps it), and the
next open or close tries again.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from concom_desk.errors import OperationFailed, UserError
from concom_desk.store.backup import auto_backup

if TYPE_CHECKING:  # the backup itself needs only sqlite3: no ORM loaded for it
    from concom_desk.store import Database

log = logging.getLogger(__name__)

Warn = Callable[[str], None]


# One automatic backup at a time: the closing one (the clerk quit at once) waits for
# the opening one still being written behind the window, then finds nothing new.
_ONE_AT_A_TIME = threading.Lock()


def back_up_quietly(db_path: Path, warn: Warn | None = None) -> Path | None:
    """`auto_backup`, with a failure told instead of raised; the new archive or None."""
    try:
        with _ONE_AT_A_TIME:
            return auto_backup(db_path)
    except (OperationFailed, UserError) as exc:
        message = f"The automatic backup could not be made: {exc}"
        log.warning(message)
        if warn is not None:
            warn(message)
        return None


@contextmanager
def working_on_record(path: Path | str | None = None, *, initials: str = "",
                      warn: Warn | None = None) -> Iterator[Database]:
    """Open the database (see `open_database`), backed up after opening and after
    closing when it changed."""
    from concom_desk.store import open_database

    database = open_database(path, initials=initials)
    try:
        # After opening: the file is ours (locked) and at this program's schema. A file
        # opened without writing (damaged, tampered) is not backed up over the good ones.
        if database.writable:
            back_up_quietly(database.path, warn)
        yield database
    finally:
        database.close()
        if database.writable:
            back_up_quietly(database.path, warn)
