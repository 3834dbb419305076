"""A copy to or from the server killed at the steps that matter (issue 32): just before
a new file takes its name, and while the printed papers are moved in after the records
are in place. The next start undoes the first and finishes the second, and says which;
nothing half-made is left under a final name, nothing hidden is left at all.
(The hundred random kills: tests/store/test_hundred_kills.py.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from concom_desk.cli import main
from concom_desk.errors import UserError
from concom_desk.paths import documents_dir
from concom_desk.services.safekeeping.copy_places import copy_between
from concom_desk.store import open_database
from concom_desk.store.copy_journal import copy_journal_path
from concom_desk.store.server.address import ServerAddress
from concom_desk.store.server.database import DESK_FILE, desk_folder, open_server_database
from tests.store.conftest import make_record
from tests.store.crash_harness import REPO_ROOT
from tests.store.kill_harness import file_tree, filing_ids, hidden_leftovers, whole_database

pytestmark = pytest.mark.slow  # each copy runs in a child process that is killed

PAPERS = {"2026-014/permit.docx": b"PK\x03\x04 permit", "2026-014/since.docx": b"PK\x03\x04 2"}


def kill_copy_at(when: str, work: str, *args: str | Path) -> None:
    """Run a copy in a child process killed just before the step `when`
    (tests/store/kill_child.py)."""
    child = subprocess.run(
        [sys.executable, "-m", "tests.store.kill_child", when, work, *map(str, args)],
        cwd=REPO_ROOT, capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)}, timeout=120, check=False)
    assert child.returncode != 0 and "steps" not in child.stdout, child.stderr[-800:]


def records_with_papers(folder: Path) -> Path:
    folder.mkdir(parents=True)
    db = make_record(folder / "office.sqlite")
    for name, data in PAPERS.items():
        (documents_dir(db) / name).parent.mkdir(parents=True, exist_ok=True)
        (documents_dir(db) / name).write_bytes(data)
    return db


@pytest.fixture
def on_server(tmp_path: Path, server_address: ServerAddress) -> tuple[ServerAddress, set[int]]:
    """The records (and their papers) copied onto the server, for a pull."""
    source = records_with_papers(tmp_path / "source")
    copy_between(str(source), server_address.url())
    return server_address, filing_ids(source)


def test_a_pull_killed_before_the_file_takes_its_name_is_undone(
        on_server: tuple[ServerAddress, set[int]], tmp_path: Path,
        isolated_data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    address, _ids = on_server
    target = tmp_path / "back" / "back.sqlite"
    target.parent.mkdir()
    kill_copy_at("os.rename~back.sqlite~1", "pull", address.url(), target, isolated_data_dir)
    assert copy_journal_path(target).exists() and not target.exists()

    # the next start: `concom-desk check` (or opening the file)
    assert main(["check", "--db", str(target)]) == 1
    said = capsys.readouterr().out.splitlines()
    assert said[0] == (f"The copy of the records from {address.display()} was stopped "
                       "before it finished (the program or the computer stopped); it was "
                       "undone: nothing of it was kept in back.sqlite. Copy again.")
    assert said[1:] == [f"There is no database at {target}.", "The database has problems."]
    assert sorted(p.name for p in target.parent.iterdir()) == ["back.sqlite.lock"]
    # and the copy made again is whole
    copy_between(address.url(), str(target))
    assert file_tree(documents_dir(target)) == PAPERS


def test_a_pull_killed_while_its_papers_go_in_is_finished(
        on_server: tuple[ServerAddress, set[int]], tmp_path: Path,
        isolated_data_dir: Path) -> None:
    address, ids = on_server
    target = tmp_path / "back" / "back.sqlite"
    target.parent.mkdir()
    kill_copy_at("os.rename~since.docx~1", "pull", address.url(), target, isolated_data_dir)
    assert whole_database(target) == "" and copy_journal_path(target).exists()

    with open_database(target) as database:  # the next start
        told = database.state.settled_copy
        assert told.startswith(f"The copy of the records from {address.display()} was "
                               "stopped just before it finished; it was finished")

    assert filing_ids(target) == ids
    assert file_tree(documents_dir(target)) == PAPERS
    assert hidden_leftovers(target.parent) == []
    assert not copy_journal_path(target).exists()


def test_a_push_killed_before_its_commit_leaves_the_server_as_it_was(
        tmp_path: Path, server_address: ServerAddress, pg_cluster: object,
        isolated_data_dir: Path) -> None:
    source = records_with_papers(tmp_path / "source")
    kill_copy_at("os.rename~.copy-journal~1", "push", source, server_address.url(),
                 isolated_data_dir)
    with pytest.raises(UserError, match="holds no ConCom Desk records yet"):
        open_server_database(server_address)  # the next start
    tables = pg_cluster.psql(  # type: ignore[attr-defined]
        "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'", server_address.database)
    assert tables.strip() == "0"
    folder = desk_folder(server_address)
    assert hidden_leftovers(folder) == [] and not documents_dir(folder / DESK_FILE).exists()


def test_a_push_killed_while_its_papers_go_in_is_finished(
        tmp_path: Path, server_address: ServerAddress, isolated_data_dir: Path) -> None:
    source = records_with_papers(tmp_path / "source")
    kill_copy_at("os.rename~since.docx~1", "push", source, server_address.url(),
                 isolated_data_dir)
    folder = desk_folder(server_address)
    assert copy_journal_path(folder / DESK_FILE).exists()

    server = open_server_database(server_address)  # the next start
    try:
        assert server.state.settled_copy.startswith(
            f"The copy of the records from {source} was stopped just before it finished; "
            "it was finished: the server holds every record")
        assert server.verify_audit_chain().ok
    finally:
        server.close()
    assert file_tree(documents_dir(folder / DESK_FILE)) == PAPERS
    assert hidden_leftovers(folder) == [] and not copy_journal_path(folder / DESK_FILE).exists()
