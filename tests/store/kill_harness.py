"""Kill a restore, a backup with its thinning, or a copy to or from the server at a
random step, start again, and judge what is left.

One prepared set of files is copied for each kill. The work runs in a child of
one long-lived process (tests/store/kill_child.py --serve) that forks it, so a
kill costs a fork; where there is no fork (Windows) each kill starts a process.
The moment of each kill is drawn from the steps an unkilled run of the same work
takes, with a seeded generator (CONCOM_CRASH_SEED repeats a run).
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

from tests.store.crash_harness import REPO_ROOT


@dataclass
class KillTally:
    kills: int = 0
    finished_anyway: int = 0  # the drawn step came after the work's last
    problems: list[str] = field(default_factory=list)


class KillServer:
    """The long-lived parent of the killed children."""

    def __init__(self) -> None:
        self.forks = hasattr(os, "fork")
        self.process: subprocess.Popen[str] | None = None
        if self.forks:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tests.store.kill_child", "--serve"], cwd=REPO_ROOT,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                env={**os.environ, "PYTHONPATH": str(REPO_ROOT)})

    def _ask(self, order: dict[str, object]) -> dict[str, object]:
        assert self.process is not None and self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps(order) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError("the kill server stopped")
        return dict(json.loads(answer))

    def warm(self, work: str, *args: str | Path) -> None:
        if self.forks:
            self._ask({"warm": [work, *map(str, args)]})

    def run(self, when: int | str, work: str, *args: str | Path) -> dict[str, object]:
        """{"killed": True} or {"killed": False, "steps": N} (or {"failed": why})."""
        if self.forks:
            return self._ask({"when": str(when), "work": work, "args": [str(a) for a in args]})
        child = subprocess.run(
            [sys.executable, "-m", "tests.store.kill_child", str(when), work,
             *map(str, args)], cwd=REPO_ROOT, capture_output=True, text=True, check=False,
            env={**os.environ, "PYTHONPATH": str(REPO_ROOT)}, timeout=300)
        if child.stdout.startswith("steps "):
            return {"killed": False, "steps": int(child.stdout.split()[1])}
        if child.returncode not in (0, 1):  # killed (negative on POSIX, 1 = our SIGTERM)
            return {"killed": True}
        return {"failed": child.stderr[-800:]}

    def close(self) -> None:
        if self.process is not None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            self.process.wait(timeout=60)
            self.process = None


def filing_ids(db: Path) -> set[int]:
    with closing(sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)) as conn:
        return {row[0] for row in conn.execute("SELECT id FROM filing")}


def whole_database(path: Path) -> str:
    """'' when `path` opens as a sound SQLite database, else what is wrong."""
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as c:
            found = [row[0] for row in c.execute("PRAGMA integrity_check")]
    except sqlite3.DatabaseError as exc:
        return str(exc)
    return "" if found == ["ok"] else str(found[:2])


def hidden_leftovers(*folders: Path) -> list[str]:
    """Working copies, partial files and journals of a run (none may survive the next
    start)."""
    found = []
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in folder.iterdir():
            if path.name.startswith(".concom-") or path.name.endswith(
                    (".partial", ".restore-journal", ".copy-journal")):
                found.append(f"{folder.name}/{path.name}")
    return sorted(found)


def file_tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}
