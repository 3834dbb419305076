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

WORK is `restore ARCHIVE DB`, `backup DB NOW` (an automatic backup at the
moment NOW, ISO, and the thinning of the old ones), `push DB URL DATA` (the file's
records copied onto the empty server database at URL, the desk's data folder DATA)
or `pull URL DB DATA` (the server's records copied into the new file DB).

    python -m tests.store.kill_child --serve

imports the program once and then, for each line `WHEN WORK ARGS...` (JSON) on
its input, forks a child that does it and is killed (POSIX): a hundred kills cost
a hundred forks, not a hundred start-ups. It answers each line with one JSON line:
{"killed": true} or {"killed": false, "steps": N}. A line {"warm": [WORK, ARGS...]}
does the work in the server itself, unkilled, so that what it imports on the way
is imported before the forks.
"""

from __future__ import annotations

import json
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


def do(work: str, args: list[str]) -> None:
    from concom_desk.store.backup import auto_backup
    from concom_desk.store.restore import restore

    if work == "restore":
        restore(Path(args[0]), Path(args[1]))
    elif work in ("push", "pull"):
        from concom_desk.services.safekeeping.copy_places import copy_between

        os.environ["CONCOM_DESK_DATA"] = args[2]  # where the desk keeps its server folders
        copy_between(args[0], args[1])
    else:
        from datetime import datetime

        auto_backup(Path(args[0]), datetime.fromisoformat(args[1]))


def main(when: str, work: str, *args: str) -> None:
    killer = Killer(when)
    sys.addaudithook(killer)
    killer.armed = True
    do(work, list(args))
    killer.armed = False
    print(f"steps {killer.count}", flush=True)


def serve() -> None:
    import concom_desk.services.safekeeping.copy_places  # noqa: F401
    import concom_desk.store.backup  # noqa: F401  (imported once, before the forks)
    import concom_desk.store.restore  # noqa: F401

    for line in sys.stdin:
        order = json.loads(line)
        if "warm" in order:
            do(order["warm"][0], order["warm"][1:])
            print(json.dumps({"warm": True}), flush=True)
            continue
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            try:
                killer = Killer(order["when"])
                sys.addaudithook(killer)
                killer.armed = True
                do(order["work"], order["args"])
                killer.armed = False
                os.write(write, str(killer.count).encode())
                code = 0
            except BaseException as exc:  # noqa: BLE001  (told to the parent, not raised)
                os.write(write, f"failed {exc!r}".encode())
                code = 3
            os._exit(code)
        os.close(write)
        _, status = os.waitpid(pid, 0)
        with os.fdopen(read, "rb") as told:
            said = told.read().decode()
        if os.WIFSIGNALED(status):
            print(json.dumps({"killed": True}), flush=True)
        elif said.isdigit():
            print(json.dumps({"killed": False, "steps": int(said)}), flush=True)
        else:
            print(json.dumps({"failed": said}), flush=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--serve"]:
        serve()
    else:
        main(*sys.argv[1:])
