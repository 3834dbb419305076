"""Two desks writing at once on one server: the trail's chain is serialized, never
forked; a desk killed in the middle of a save loses nothing it had committed, and the
chain goes on sound from the last committed entry."""

from __future__ import annotations

import subprocess
import sys
import threading
from datetime import date
from pathlib import Path

from sqlalchemy import select

from concom_desk.store.models import AuditEntry, Filing
from concom_desk.store.server.address import ServerAddress
from concom_desk.store.server.database import open_server_database
from concom_desk.store.server.health import check_server
from tests.helpers.pg_fixtures import set_up_schema

EACH = 200
ROOT = Path(__file__).resolve().parents[3]


def _write(address: ServerAddress, initials: str, start: threading.Barrier,
           failures: list[BaseException]) -> None:
    try:
        db = open_server_database(address, initials=initials)  # its own connections
        try:
            start.wait()
            for number in range(EACH):
                with db.session() as session:
                    session.add(Filing(kind="noi", file_no=f"{initials}-{number:03d}",
                                       town="upton", received=date(2027, 5, 3)))
        finally:
            db.close()
    except BaseException as exc:  # told to the test, not lost in the thread
        failures.append(exc)


def test_two_desks_saving_at_once_never_fork_the_chain(server_address: ServerAddress) -> None:
    set_up_schema(server_address)
    start, failures = threading.Barrier(2), []
    desks = [threading.Thread(target=_write, args=(server_address, initials, start,
                                                   failures)) for initials in ("AA", "BB")]
    for desk in desks:
        desk.start()
    for desk in desks:
        desk.join()
    assert failures == []
    db = open_server_database(server_address)
    try:
        with db.read_session() as session:
            entries = session.execute(select(AuditEntry.initials, AuditEntry.prev_hash)
                                      .order_by(AuditEntry.id)).all()
        assert len(entries) == 2 * EACH
        assert len({prev for _who, prev in entries}) == 2 * EACH  # no two on one parent
        turns = sum(1 for a, b in zip(entries, entries[1:], strict=False) if a[0] != b[0])
        assert turns > 1  # the two really wrote while the other was writing
        assert db.verify_audit_chain().ok
    finally:
        db.close()
    assert check_server(server_address).sound


def test_a_desk_killed_mid_save_loses_nothing_committed(server_address: ServerAddress) -> None:
    set_up_schema(server_address)
    writer = subprocess.Popen(
        [sys.executable, "-m", "tests.store.server.trail_writer", server_address.url(), "20"],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    said = []
    for line in writer.stdout:
        said.append(line.strip())
        if line.strip() == "holding":
            break
    assert said[-2:] == ["committed 20", "holding"]
    writer.kill()  # kill -9, with its transaction open and the chain's lock held
    writer.wait()
    writer.stdout.close()
    writer.stdin.close()

    db = open_server_database(server_address, initials="JB")
    try:
        with db.session() as session:  # waits for the server to drop the dead one's lock
            session.add(Filing(kind="rda", file_no="2027-101", town="upton",
                               received=date(2027, 5, 4)))
        with db.read_session() as session:
            numbers = session.scalars(select(Filing.file_no).order_by(Filing.id)).all()
            entries = session.execute(select(AuditEntry.initials).order_by(AuditEntry.id)
                                      ).scalars().all()
        assert numbers == [f"K-{n:03d}" for n in range(1, 21)] + ["2027-101"]
        assert entries == ["KW"] * 20 + ["JB"]
        assert db.verify_audit_chain().ok
    finally:
        db.close()
    assert check_server(server_address).sound
