"""Two desks writing at once on one server: the trail's chain is serialized, never
forked; a desk killed in the middle of a save loses nothing it had committed, and the
chain goes on sound from the last committed entry."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
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


def _someone_waits_for_the_chain(address: ServerAddress) -> None:
    """Until a desk's transaction is queued on the chain's lock (asked of the server)."""
    from sqlalchemy import text

    from concom_desk.store.audit import Actor
    from concom_desk.store.server.engine import make_server_engine

    engine = make_server_engine(address, Actor(address.user))
    deadline = time.monotonic() + 60
    try:
        with engine.connect() as connection:
            while time.monotonic() < deadline:
                waiting = connection.execute(text(
                    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' "
                    "AND NOT granted")).scalar()
                connection.rollback()
                if waiting:
                    return
    finally:
        engine.dispose()
    raise AssertionError("no desk came to wait for the chain's lock")


def test_two_saves_crossing_the_same_records_queue_rather_than_deadlock(
        server_address: ServerAddress) -> None:
    set_up_schema(server_address)
    first, second = (open_server_database(server_address, initials=who) for who in ("AA", "BB"))
    try:
        with first.session() as session:
            session.add_all([Filing(kind="noi", file_no=f"X-{n}", town="upton",
                                    received=date(2027, 5, 3)) for n in (1, 2)])
        started, failures = threading.Event(), []

        def other_desk() -> None:
            try:
                started.wait()
                with second.session() as session:  # filing 2, then filing 1
                    session.get(Filing, 2).notes = "BB was here"
                    session.flush()
                    session.get(Filing, 1).notes = "BB was here"
            except BaseException as exc:  # told to the test
                failures.append(exc)

        desk = threading.Thread(target=other_desk)
        desk.start()
        with first.session() as session:  # filing 1, then (once the other waits) filing 2
            session.get(Filing, 1).notes = "AA was here"
            session.flush()
            started.set()
            _someone_waits_for_the_chain(server_address)
            session.get(Filing, 2).notes = "AA was here"
        desk.join()
        assert failures == []
        with first.read_session() as session:
            trail = session.execute(select(AuditEntry.initials, AuditEntry.record_id)
                                    .where(AuditEntry.action == "update")
                                    .order_by(AuditEntry.id)).all()
            notes = session.scalars(select(Filing.notes).order_by(Filing.id)).all()
        assert trail == [("AA", 1), ("AA", 2), ("BB", 2), ("BB", 1)]
        assert notes == ["BB was here", "BB was here"]  # the later save, whole
    finally:
        first.close()
        second.close()
