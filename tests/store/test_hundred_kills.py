"""The hundred kill -9s of issue 32: a restore, and an automatic backup with the
thinning of the old ones, each killed at a random step (the copy to and from the
server is not killed here yet); after each, the next start, and then: nothing
committed lost, no half-written file under a final name, no hidden copy left.

Each run draws a new seed and prints it (CONCOM_CRASH_SEED=<seed> repeats it).
"""

from __future__ import annotations

import os
import random
import shutil
import tempfile
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from concom_desk import clock
from concom_desk.paths import backups_dir, documents_dir
from concom_desk.store import open_database
from concom_desk.store.archive import verify_archive
from concom_desk.store.backup import auto_backup, automatic_backups, make_backup
from tests.conftest import CRASH_SEED
from tests.store.conftest import make_record
from tests.store.kill_harness import (
    KillServer,
    KillTally,
    file_tree,
    filing_ids,
    hidden_leftovers,
    whole_database,
)
from tests.store.test_restore_journal import saves_left_in_the_journal

pytestmark = pytest.mark.slow

KILLS = {"restore": 50, "backup": 50}
DB_NAME = "concom-desk.sqlite"


class Prepared:
    """The records (with saves still in their -wal), their earlier backup, a row
    of older automatic backups to thin, and the files' states to compare with."""

    def __init__(self, root: Path) -> None:
        office = root / "office"
        office.mkdir()
        self.office = office
        db = make_record(office / DB_NAME)
        letters = documents_dir(db) / "2026-014"
        letters.mkdir(parents=True)
        (letters / "permit.docx").write_bytes(b"PK\x03\x04 permit")
        self.archive = make_backup(db, root / "backup.zip").path
        self.backup_ids = filing_ids(db)
        self.backup_docs = file_tree(documents_dir(db))
        (letters / "since.docx").write_bytes(b"PK\x03\x04 since")
        self.docs = file_tree(documents_dir(db))
        self.committed = saves_left_in_the_journal(db, at_least=3)
        self.now = clock.now()
        backups = backups_dir(db)
        backups.mkdir()
        for hours in range(6, 6 * 13, 6):  # every six hours for three days: some thinned
            made = (self.now - timedelta(hours=hours)).strftime("%Y%m%dT%H%M%SZ")
            shutil.copyfile(self.archive, backups / f"concom-desk-auto-{made}.zip")

    def copy(self, into: Path) -> Path:
        shutil.copytree(self.office, into / "office")
        return into / "office" / DB_NAME


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Prepared:
    return Prepared(tmp_path_factory.mktemp("prepared"))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[KillServer, Path]]:
    """The kill server, with its own temporary folder (where a backup keeps its
    working copy) so that what a killed child leaves there can be looked at."""
    scratch = tmp_path_factory.mktemp("child-temp")
    saved = tempfile.tempdir
    tempfile.tempdir = str(scratch)  # the next start (this process) looks there
    old = os.environ.get("TMPDIR")
    os.environ["TMPDIR"] = str(scratch)
    try:
        running = KillServer()
        yield running, scratch
        running.close()
    finally:
        tempfile.tempdir = saved
        if old is None:
            os.environ.pop("TMPDIR", None)
        else:
            os.environ["TMPDIR"] = old




def _judge_restore(prepared: Prepared, db: Path, told: str) -> list[str]:
    problems = []
    ids = filing_ids(db)
    kept = [p for p in db.parent.iterdir() if ".before-restore-" in p.name]
    kept_db = [p for p in kept if p.name.endswith(".sqlite")]
    if prepared.committed <= ids:  # not restored, or undone
        if kept:
            problems.append(f"kept aside for a restore that did not happen: {kept}")
        if file_tree(documents_dir(db)) != prepared.docs:
            problems.append("the documents are not as they were")
        if told and "undone" not in told:
            problems.append(f"told: {told}")
    elif ids == prepared.backup_ids:  # restored, or finished
        if file_tree(documents_dir(db)) != prepared.backup_docs:
            problems.append("the documents are not the backup's")
        if len(kept_db) != 1:
            problems.append(f"the replaced records are not kept aside once: {kept_db}")
        elif not prepared.committed <= filing_ids(kept_db[0]):
            problems.append("saves lost from the records kept aside")
        kept_docs = [p for p in kept if p.name.startswith("documents.")]
        if len(kept_docs) != 1 or file_tree(kept_docs[0]) != prepared.docs:
            problems.append("the replaced documents are not kept aside whole")
    else:
        problems.append(f"the records are neither the old nor the backup's: {sorted(ids)}")
    for path in kept_db:
        wrong = whole_database(path)
        if wrong:
            problems.append(f"{path.name} is not whole: {wrong}")
    return problems


def _judge_backup(prepared: Prepared, db: Path, scratch: Path) -> list[str]:
    problems = []
    if not prepared.committed <= filing_ids(db):
        problems.append("saves lost from the records")
    for archive in sorted(backups_dir(db).glob("*.zip")):
        try:
            verify_archive(archive)
        except Exception as exc:  # noqa: BLE001  (any refusal is the finding)
            problems.append(f"{archive.name} is not whole: {exc}")
    if len(automatic_backups(db)) < 3:
        problems.append(f"thinned too far: {len(automatic_backups(db))} left")
    problems += [f"left behind: {name}" for name in hidden_leftovers(scratch)]
    return problems


def test_a_hundred_kills_lose_nothing_and_leave_nothing(
        prepared: Prepared, server: tuple[KillServer, Path], tmp_path: Path) -> None:
    seed = CRASH_SEED
    print(f"kill test seed {seed} (repeat with CONCOM_CRASH_SEED={seed})")
    rng = random.Random(seed)
    killer, scratch = server
    tallies = {work: KillTally() for work in KILLS}
    now = prepared.now.isoformat()

    # an unkilled run of each counts its steps (and imports what it imports)
    steps = {}
    for work in KILLS:
        db = prepared.copy(tmp_path / f"count-{work}")
        args = (prepared.archive, db) if work == "restore" else (db, now)
        killer.warm(work, *args)
        db = prepared.copy(tmp_path / f"count2-{work}")
        args = (prepared.archive, db) if work == "restore" else (db, now)
        ran = killer.run(0, work, *args)
        assert ran.get("killed") is False, ran
        steps[work] = int(ran["steps"])  # type: ignore[call-overload]

    for work, count in KILLS.items():
        tally = tallies[work]
        for n in range(count):
            db = prepared.copy(tmp_path / f"{work}-{n}")
            when = rng.randint(1, steps[work])
            args = (prepared.archive, db) if work == "restore" else (db, now)
            ran = killer.run(when, work, *args)
            if "failed" in ran:
                tally.problems.append(f"kill {n} at step {when}: the work failed: "
                                      f"{ran['failed']}")
                continue
            tally.kills += 1
            tally.finished_anyway += not ran["killed"]
            # the next start
            with open_database(db, initials="CK") as database:
                told = database.state.settled_restore
            if work == "backup":
                auto_backup(db, prepared.now + timedelta(minutes=1))
            found = (_judge_restore(prepared, db, told) if work == "restore"
                     else _judge_backup(prepared, db, scratch))
            found += [f"left behind: {name}" for name in
                      hidden_leftovers(db.parent, backups_dir(db), scratch)]
            tally.problems += [f"kill {n} at step {when}: {p}" for p in found]
            shutil.rmtree(db.parent)
    summary = {work: (t.kills, t.finished_anyway) for work, t in tallies.items()}
    print(f"kills (and runs that finished before their step): {summary}")
    assert [p for t in tallies.values() for p in t.problems] == [], f"seed {seed}"
    assert sum(t.kills for t in tallies.values()) == sum(KILLS.values())
    assert all(t.kills - t.finished_anyway >= t.kills // 2 for t in tallies.values()), summary
