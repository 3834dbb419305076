"""The hundred kill -9s of issue 32: a restore (34), an automatic backup with the
thinning of the old ones (33), and a copy of the records onto a server and back from
it (17 + 16, on the throwaway PostgreSQL of the server tests; skipped without one),
each killed at a random step; after each, the next start, and then: nothing committed
lost, no half-written file under a final name, no hidden copy left, the server as it
was or wholly changed.

Each run draws a new seed and prints it (CONCOM_CRASH_SEED=<seed> repeats it).
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import tempfile
from collections import Counter
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from concom_desk import clock
from concom_desk.errors import UserError
from concom_desk.paths import backups_dir, documents_dir
from concom_desk.services.safekeeping.copy_places import copy_between
from concom_desk.store import open_database
from concom_desk.store.archive import verify_archive
from concom_desk.store.backup import auto_backup, automatic_backups, make_backup
from concom_desk.store.health import check
from concom_desk.store.server.address import ServerAddress
from tests.conftest import CRASH_SEED
from tests.helpers.pg_cluster import SUPERUSER
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

KILLS = {"restore": 34, "backup": 33}
SERVER_KILLS = {"push": 17, "pull": 16}  # 100 in all
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
    _USUAL_TEMP[:] = [saved, os.environ.get("TMPDIR")]
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


# The temporary folder before the kill server's (`server`): the throwaway PostgreSQL
# is made there, where its own account can reach it (the scratch folder is the
# tests' own, closed to others).
_USUAL_TEMP: list[str | None] = []


@contextlib.contextmanager
def _usual_temp() -> Iterator[None]:
    scratch, scratch_env = tempfile.tempdir, os.environ.get("TMPDIR")
    tempfile.tempdir = _USUAL_TEMP[0]
    if _USUAL_TEMP[1] is None:
        os.environ.pop("TMPDIR", None)
    else:
        os.environ["TMPDIR"] = _USUAL_TEMP[1]
    try:
        yield
    finally:
        tempfile.tempdir = scratch
        if scratch_env is not None:
            os.environ["TMPDIR"] = scratch_env


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


def test_kills_during_restore_and_backup_lose_nothing_and_leave_nothing(
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


class ServerEnds:
    """The server side of the copy kills: a database filled once from the prepared
    records (the pull's source), and a fresh empty one for each push."""

    def __init__(self, cluster: Any, prepared: Prepared, root: Path) -> None:
        self.cluster = cluster
        self.data = root / "pull-desk"  # the pulling desk's folder (the source's papers)
        source = prepared.copy(root / "pull-source")
        self.pull_source = self.fresh("kill_pull_source")
        os.environ["CONCOM_DESK_DATA"] = str(self.data)
        copy_between(str(source), self.pull_source.url())
        self.ids = filing_ids(source)
        self._numbers = iter(range(10_000))

    def fresh(self, name: str = "") -> ServerAddress:
        name = name or f"kill_push_{next(self._numbers)}"
        self.cluster.psql(f"CREATE DATABASE {name}")
        return ServerAddress(host=str(self.cluster.socket_dir), port=self.cluster.port,
                             database=name, user=SUPERUSER)

    def let_go(self, address: ServerAddress) -> None:
        """The killed desk's connections ended (the server rolls back what they had
        not committed), before anything is read: as at the next start of the program."""
        self.cluster.psql("SELECT pg_terminate_backend(pid, 20000) FROM pg_stat_activity "
                          f"WHERE datname = '{address.database}' AND pid <> pg_backend_pid()")

    def drop(self, address: ServerAddress) -> None:
        self.cluster.psql(f"DROP DATABASE IF EXISTS {address.database} WITH (FORCE)")


def _server_rows(cluster: Any, address: ServerAddress) -> tuple[int, set[int]]:
    """The server's tables (how many), and its filings' ids."""
    tables = int(cluster.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'",
                              address.database))
    if not tables:
        return 0, set()
    ids = cluster.psql("SELECT id FROM filing", address.database).split()
    return tables, {int(i) for i in ids}


def _judge_push(ends: ServerEnds, address: ServerAddress, prepared: Prepared,
                data: Path, outcomes: Counter[str]) -> list[str]:
    from concom_desk.store.server.database import DESK_FILE, desk_folder, open_server_database

    ends.let_go(address)
    os.environ["CONCOM_DESK_DATA"] = str(data)
    # the next start: the desk opens the server (refused when it holds no tables yet)
    with contextlib.suppress(UserError):
        open_server_database(address).close()
    problems = []
    tables, ids = _server_rows(ends.cluster, address)
    folder = desk_folder(address)
    papers = file_tree(documents_dir(folder / DESK_FILE)) if folder.is_dir() else {}
    outcomes[f"push {'whole' if tables else 'as before'}"] += 1
    if tables == 0:  # as before
        if papers:
            problems.append(f"papers of a copy that did not happen: {sorted(papers)}")
    elif ids == ends.ids:  # wholly changed
        if papers != prepared.docs:
            problems.append(f"the papers are not the records': {sorted(papers)}")
    else:
        problems.append(f"the server holds {tables} tables and filings {sorted(ids)}")
    problems += [f"left behind: {name}" for name in hidden_leftovers(folder)]
    return problems


def _judge_pull(ends: ServerEnds, target: Path, prepared: Prepared,
                outcomes: Counter[str]) -> list[str]:
    check(target)  # the next start: `check` settles a copy stopped half-way
    problems = []
    papers = file_tree(documents_dir(target)) if documents_dir(target).is_dir() else {}
    outcomes[f"pull {'whole' if target.exists() else 'none'}"] += 1
    if target.exists():
        wrong = whole_database(target)
        if wrong:
            problems.append(f"{target.name} is not whole: {wrong}")
        elif filing_ids(target) != ends.ids:
            problems.append(f"{target.name} holds filings {sorted(filing_ids(target))}")
        if papers != prepared.docs:
            problems.append(f"the papers are not the records': {sorted(papers)}")
    elif papers:
        problems.append(f"papers of a copy that did not happen: {sorted(papers)}")
    problems += [f"left behind: {name}" for name in hidden_leftovers(target.parent)]
    return problems


def test_kills_during_the_copy_to_and_from_the_server_lose_nothing_and_leave_nothing(
        prepared: Prepared, server: tuple[KillServer, Path], tmp_path: Path,
        request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    # The desks' folders below are set in this process's environment; put back after,
    # or a later test on this worker backs a server up into a folder since removed.
    monkeypatch.setenv("CONCOM_DESK_DATA", str(tmp_path / "desk"))
    with _usual_temp():  # skipped here when no PostgreSQL can be started
        pg_cluster = request.getfixturevalue("pg_cluster")
    seed = CRASH_SEED + 1
    print(f"kill test seed {CRASH_SEED} (repeat with CONCOM_CRASH_SEED={CRASH_SEED})")
    rng = random.Random(seed)
    killer, _scratch = server
    ends = ServerEnds(pg_cluster, prepared, tmp_path / "ends")
    tallies = {work: KillTally() for work in SERVER_KILLS}
    outcomes: Counter[str] = Counter()  # as before / whole after each kill

    def arguments(work: str, n: int | str) -> tuple[tuple[str | Path, ...], Any]:
        if work == "push":
            address, data = ends.fresh(), tmp_path / f"push-{n}-data"
            return (prepared.copy(tmp_path / f"push-{n}"), address.url(), data), \
                (address, data)
        target = tmp_path / f"pull-{n}" / "back.sqlite"
        target.parent.mkdir()
        return (ends.pull_source.url(), target, ends.data), target

    steps = {}
    for work in SERVER_KILLS:
        args, _ = arguments(work, "warm")
        killer.warm(work, *args)
        args, _ = arguments(work, "count")
        ran = killer.run(0, work, *args)
        assert ran.get("killed") is False, ran
        steps[work] = int(ran["steps"])  # type: ignore[call-overload]

    for work, count in SERVER_KILLS.items():
        tally = tallies[work]
        for n in range(count):
            args, what = arguments(work, n)
            when = rng.randint(1, steps[work])
            ran = killer.run(when, work, *args)
            if "failed" in ran:
                tally.problems.append(f"{work} {n} at step {when}: the work failed: "
                                      f"{ran['failed']}")
                continue
            tally.kills += 1
            tally.finished_anyway += not ran["killed"]
            if work == "push":
                found = _judge_push(ends, what[0], prepared, what[1], outcomes)
                ends.drop(what[0])
            else:
                found = _judge_pull(ends, what, prepared, outcomes)
            tally.problems += [f"{work} {n} at step {when}: {p}" for p in found]
    summary = {work: (t.kills, t.finished_anyway) for work, t in tallies.items()}
    print(f"kills (and runs that finished before their step): {summary}, steps {steps}, "
          f"left: {dict(outcomes)}")
    assert [p for t in tallies.values() for p in t.problems] == [], f"seed {CRASH_SEED}"
    assert sum(t.kills for t in tallies.values()) == sum(SERVER_KILLS.values())
    assert all(t.kills - t.finished_anyway >= t.kills // 2 for t in tallies.values()), summary
