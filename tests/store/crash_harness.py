"""Kill a writing program at random moments; then check nothing it saved was lost.

Used by the short crash test (tests/store/test_crash.py) and the long soak
(bench/crash_soak.py). Each cycle starts `crash_writer` on the same database,
lets it report a random number of committed filings (sometimes none: then it is
killed while it opens the database), kills it without warning (SIGKILL on
POSIX, TerminateProcess on Windows), and checks the file:

- `integrity_check` says ok;
- every filing the child reported as committed is there;
- every filing has exactly the abutters its transaction wrote (no half transaction);
- the audit trail is unbroken and has one insert entry per filing;
- the next program to open the database takes over the dead one's lock.
"""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

from concom_desk.store import open_database, verify_audit_chain

REPO_ROOT = Path(__file__).resolve().parents[2]


@dataclass
class CrashSummary:
    kills: int = 0
    committed: set[int] = field(default_factory=set)
    killed_while_opening: int = 0
    problems: list[str] = field(default_factory=list)


def _start_child(db_path: Path, seed: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.store.crash_writer", str(db_path), str(seed)],
        cwd=REPO_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
    )


def _one_cycle(db_path: Path, rng: random.Random, summary: CrashSummary) -> None:
    target = 0 if rng.random() < 0.15 else rng.randint(1, 12)
    child = _start_child(db_path, rng.randrange(1 << 30))
    assert child.stdout is not None and child.stderr is not None
    reported = 0
    for line in child.stdout:
        word = line.strip()
        if word == "opening" and target == 0:
            summary.killed_while_opening += 1
            break
        if word.isdigit():
            summary.committed.add(int(word))
            reported += 1
            if reported >= target:
                break
    child.kill()
    # Ids already in the pipe were committed before the kill: they count too.
    rest, errors = child.communicate()
    summary.committed.update(int(w) for w in rest.split() if w.isdigit())
    if child.returncode is not None and child.returncode >= 0 and reported < target:
        summary.problems.append(f"the writer stopped by itself: {errors.strip()[-400:]}")
    summary.kills += 1


def check_survivors(db_path: Path, committed: set[int]) -> list[str]:
    """What is wrong with the database after the crashes (empty: all is well)."""
    if not db_path.exists():
        return [] if not committed else ["the database file is gone"]
    problems: list[str] = []
    # Opening through the store first: it must take over the dead writer's lock and
    # recover the WAL as the program would.
    with open_database(db_path, initials="CK") as database:
        with database.engine.connect() as connection:
            chain = verify_audit_chain(connection)
        if not chain.ok:
            problems.append(chain.describe())
    with closing(sqlite3.connect(db_path)) as conn:
        integrity = [r[0] for r in conn.execute("PRAGMA integrity_check")]
        if integrity != ["ok"]:
            problems.append(f"integrity_check: {integrity[:3]}")
        present = {r[0] for r in conn.execute("SELECT id FROM filing")}
        lost = committed - present
        if lost:
            problems.append(f"{len(lost)} committed filings lost, e.g. {sorted(lost)[:5]}")
        for filing_id, notes, abutters in conn.execute(
            "SELECT f.id, f.notes, (SELECT count(*) FROM abutter a WHERE a.filing_id = f.id) "
            "FROM filing f"
        ):
            if notes != f"abutters={abutters}":
                problems.append(f"filing {filing_id} is half-written: {notes}, "
                                f"{abutters} abutters")
        audited = {r[0] for r in conn.execute(
            "SELECT record_id FROM audit_entry WHERE table_name = 'filing' AND action = 'insert'"
        )}
        if audited != present:
            problems.append(f"{len(present ^ audited)} filings without their audit entry")
    return problems


def run_crash_cycles(db_path: Path, kills: int, seed: int, check_every: int = 1
                     ) -> CrashSummary:
    rng = random.Random(seed)
    summary = CrashSummary()
    for cycle in range(1, kills + 1):
        _one_cycle(db_path, rng, summary)
        if cycle % check_every == 0 or cycle == kills:
            found = check_survivors(db_path, summary.committed)
            summary.problems.extend(f"after kill {cycle}: {p}" for p in found)
            if summary.problems:
                break
    return summary
