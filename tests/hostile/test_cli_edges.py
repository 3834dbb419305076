"""Round three of the command line: an empty --out or --db, bytes that are not text,
a --db that is a pipe, each refused in one line; the working copy a killed restore
left is swept at the next start and by `check`, and the copy of the database kept
aside is written under a working name until whole."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from concom_desk.paths import default_db_path
from concom_desk.store.restore_staging import STAGING_PREFIX, RestoreStaging


def a_filing(db: Path) -> str:
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT file_no FROM filing WHERE status != 'void' "
                                  "ORDER BY id LIMIT 1").fetchone()[0]


def test_an_empty_out_is_refused(town: Path, run, unchanged) -> None:
    ran = run("ical", "--db", town, "--out", "")
    assert ran.code == 2
    assert ran.line == ("concom-desk: error: --out is empty or names no file; give the file "
                        "(or folder) to write, e.g. --out calendar.ics")
    unchanged()


def test_a_file_number_that_is_not_text_is_refused(town: Path, run, unchanged) -> None:
    # what Python makes of the bytes FF FE given on a UTF-8 command line
    ran = run("render", "--db", town, "--filing", "\udcff\udcfe", "--template", "permit")
    assert ran.code == 2
    assert ran.line == ("concom-desk: error: --filing: the value holds bytes that are not "
                        "readable text (not UTF-8); type it again in plain characters")
    unchanged()


def test_an_empty_db_is_refused_and_nothing_is_made(run) -> None:
    ran = run("render", "--db", "", "--filing", "2026-1", "--template", "permit")
    assert ran.code == 2
    assert "--db is empty" in ran.line
    assert not default_db_path().exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("command", [["demo"], ["render", "--filing", "1", "--template",
                                                "permit"], ["dep-copies", "--filing", "1"]])
def test_a_pipe_given_as_db_is_refused_without_waiting(command: list[str], tmp_path: Path,
                                                       run) -> None:
    pipe = tmp_path / "records.sqlite"
    os.mkfifo(pipe)
    ran = run(*command, "--db", pipe)
    assert ran.code == 2
    assert ran.line == (f"concom-desk: error: {pipe} is not an ordinary file (a pipe or a "
                        "device), not a database file; give --db the database file")


def _killed_restore_left(folder: Path) -> Path:
    """What a restore killed with kill -9 leaves: its working folder, claim unheld."""
    working = RestoreStaging(folder)
    left = working.path
    (left / "town.sqlite").write_bytes(b"a full copy of the records")
    working._claim.close()  # the process is gone: the OS dropped its lock
    working._claim = None
    return left


def test_check_sweeps_a_killed_restores_working_copy(town: Path, run) -> None:
    left = _killed_restore_left(town.parent)
    ran = run("check", "--db", town)
    assert ran.code == 0, ran.out
    assert f"Removed {left.name}, the hidden working copy of a restore" in ran.out
    assert not left.exists()


def test_the_next_start_sweeps_it_but_not_a_running_restores(town: Path) -> None:
    from concom_desk.store import open_database

    left = _killed_restore_left(town.parent)
    with RestoreStaging(town.parent) as running:
        open_database(town).close()
        assert running.is_dir()  # a restore at work keeps its folder
    assert not left.exists()
    assert not [p for p in town.parent.iterdir() if p.name.startswith(STAGING_PREFIX)]


def test_the_copy_kept_aside_is_written_under_a_working_name(
        town: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from concom_desk.store import restore as restore_module
    from concom_desk.store.backup import make_backup

    archive = make_backup(town, tmp_path / "b.zip").path
    written_to: list[Path] = []
    real = restore_module.snapshot_database

    def noting(source: Path, dest: Path, **kwargs: bool) -> None:
        written_to.append(dest)
        real(source, dest, **kwargs)

    monkeypatch.setattr(restore_module, "snapshot_database", noting)
    done = restore_module.restore(archive, town)
    aside = [p for p in done.kept_aside if p.suffix == ".sqlite"]
    assert len(aside) == 1 and aside[0].is_file()
    # killed during the copy, only the working folder (swept later) would hold half of it
    assert [p.parent.name.startswith(STAGING_PREFIX) for p in written_to] == [True]
