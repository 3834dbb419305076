"""The child of the kill tests: does one piece of work and is killed (SIGKILL; on
Windows TerminateProcess) at a chosen moment inside it.

    python -m tests.store.kill_child WHEN WORK ARGS...

The moments are the file-system steps Python announces through its audit hooks
(a rename, a removal, a file or database opened, a folder made or removed): the
child counts them once the work begins and kills itself just *before* step WHEN
happens, the same as a kill -9 from outside at that instant, but repeatable.
WHEN is a number (the n-th step; 0 never kills, and prints the number of steps
at the end, for the parent to draw from) or `EVENT~END~N` (the N-th step of that
kind with an argument, a path, ending in END).

WORK is `restore ARCHIVE DB`, `backup DB` (an automatic backup and the thinning
of the old ones) or `push DB URL` / `pull URL DB` (copy to / from the server).
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path
from typing import Any

STEPS = frozenset({"os.rename", "os.remove", "os.rmdir", "os.mkdir", "open",
                   "shutil.copyfile", "shutil.rmtree", "sqlite3.connect", "os.truncate"})


def _die() -> None:
    os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))


class Killer:
    def __init__(self, when: str) -> None:
        self.count = 0
        self.armed = False
        self.at = int(when) if when.isdigit() else -1
        self.kind, self.end, nth = (when.split("~") if not when.isdigit() else ("", "", "0"))
        self.nth, self.seen = int(nth), 0

    def __call__(self, event: str, args: tuple[Any, ...]) -> None:
        if not self.armed or event not in STEPS:
            return
        self.count += 1
        if self.count == self.at:
            _die()
        if event == self.kind and any(str(a).endswith(self.end) for a in args):
            self.seen += 1
            if self.seen == self.nth:
                _die()


def main(when: str, work: str, *args: str) -> None:
    from concom_desk.store.backup import auto_backup
    from concom_desk.store.restore import restore

    killer = Killer(when)
    sys.addaudithook(killer)
    killer.armed = True
    if work == "restore":
        restore(Path(args[0]), Path(args[1]))
    elif work == "backup":
        auto_backup(Path(args[0]))
    else:
        from tests.store.kill_server import copy_between

        copy_between(work, args)
    killer.armed = False
    print(f"steps {killer.count}", flush=True)


if __name__ == "__main__":
    main(*sys.argv[1:])
