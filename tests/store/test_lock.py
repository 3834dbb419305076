"""One program at a time per database; a crashed program's lock is taken over."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from concom_desk.errors import UserError
from concom_desk.store import open_database
from concom_desk.store.audit import Actor
from concom_desk.store.lock import lock_path_for

REPO = Path(__file__).resolve().parents[2]
HOLDER = """
import sys
from concom_desk.store import open_database
db = open_database(sys.argv[1])
print("ready", flush=True)
sys.stdin.readline()
db.close()
"""


@pytest.fixture
def other_program(db_path: Path) -> Iterator[subprocess.Popen[str]]:
    """A second ConCom Desk process that has the database open until told to stop."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(db_path)], cwd=REPO, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    yield proc
    if proc.poll() is None:
        proc.kill()
    proc.wait()


def test_a_second_program_is_told_who_holds_the_database(
        db_path: Path, other_program: subprocess.Popen[str]) -> None:
    user = Actor.current().os_user
    with pytest.raises(UserError) as refused:
        open_database(db_path)
    message = str(refused.value)
    assert f"{user}@{socket.gethostname()}" in message
    assert f"process {other_program.pid}" in message
    # once the other program closes, this one opens it
    assert other_program.stdin is not None
    other_program.stdin.write("\n")
    other_program.stdin.flush()
    assert other_program.wait() == 0
    db = open_database(db_path)
    assert not db.recovered_stale_lock  # it was closed properly
    db.close()


def test_the_lock_of_a_crashed_program_is_recovered(
        db_path: Path, other_program: subprocess.Popen[str]) -> None:
    other_program.kill()  # no chance to clean up, like a power cut or a frozen laptop
    other_program.wait()
    left_behind = json.loads(lock_path_for(db_path).read_text(encoding="utf-8"))
    assert left_behind["pid"] == other_program.pid
    db = open_database(db_path)
    try:
        assert db.recovered_stale_lock
        assert json.loads(lock_path_for(db_path).read_text(encoding="utf-8"))["pid"] == \
            os.getpid()
    finally:
        db.close()


def test_closing_releases_the_lock(db_path: Path) -> None:
    open_database(db_path).close()
    again = open_database(db_path)
    again.close()
    assert lock_path_for(db_path).read_text(encoding="utf-8") == ""


def test_opening_twice_in_one_program_is_refused_plainly(db_path: Path) -> None:
    db = open_database(db_path)
    try:
        with pytest.raises(UserError, match="is open in another part of this program"):
            open_database(db_path)
    finally:
        db.close()
