"""`copy` between a commission's SQLite file and a real PostgreSQL server: the round
trip comes back identical (every table, the audit trail entry for entry), a target
that holds records is refused, and a copy that does not read back the same is rolled
back with one line saying what differed."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select, update

from concom_desk.errors import OperationFailed, UserError
from concom_desk.services.demo.town import load_demo
from concom_desk.services.safekeeping import server_copy
from concom_desk.services.safekeeping.copy_places import copy_between
from concom_desk.store import open_database
from concom_desk.store.models import AuditEntry, Base, CommissionSettings, Filing
from concom_desk.store.server.address import ServerAddress
from concom_desk.store.server.database import open_server_database
from tests.helpers.pg_fixtures import set_up_schema

TODAY = date(2026, 11, 29)
LOGO = b"\x89PNG\r\n\x1a\n logo bytes \x00\xff"


@pytest.fixture(scope="module")
def town_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small demo town, with what the demo alone does not hold: a logo (bytes kept
    as base64 text) and a filing whose original is a later row (a link the server
    checks as each row goes in)."""
    path = tmp_path_factory.mktemp("town") / "upton.sqlite"
    load_demo(path, "small", today=TODAY)
    with open_database(path, initials="JB") as db, db.session() as session:
        session.execute(update(CommissionSettings).values(letterhead_logo=LOGO))
        last = session.scalar(select(func.max(Filing.id)))
        session.execute(update(Filing).where(Filing.id == 1).values(original_id=last))
    return path


def url(address: ServerAddress) -> str:
    return address.url()


def every_row(db: Any) -> dict[str, list[tuple[Any, ...]]]:
    """Each table's rows as the program reads them, in id order."""
    with db.engine.connect() as connection:
        return {table.name: [tuple(row) for row in connection.execute(
                    select(table).order_by(table.c.id))]
                for table in Base.metadata.sorted_tables}


def test_a_town_goes_to_the_server_and_back_identical(town_file: Path, tmp_path: Path,
                                                      server_address: ServerAddress) -> None:
    there = copy_between(str(town_file), url(server_address))
    back_file = tmp_path / "back.sqlite"
    back = copy_between(url(server_address), str(back_file))

    with open_database(town_file, lock=False) as original:
        before = every_row(original)
    with open_database(back_file) as returned:
        after = every_row(returned)
        chain = returned.verify_audit_chain()
    server = open_server_database(server_address)
    try:
        on_server = every_row(server)
        server_chain = server.verify_audit_chain()
    finally:
        server.close()

    assert after == before  # every table, every column, every id
    assert on_server == before
    trail = before["audit_entry"]
    assert len(trail) > 1000
    assert there.report.rows["filing"] == len(before["filing"]) == back.report.rows["filing"]
    assert there.report.audit_entries == len(trail) == back.report.audit_entries
    # The trail went across verbatim: no entry written by the copy itself, chain whole.
    assert chain.ok and chain.entries == len(trail)
    assert server_chain.ok and server_chain.entries == len(trail)
    assert on_server["commission_settings"][0] == before["commission_settings"][0]
    assert LOGO in before["commission_settings"][0]


def test_the_server_numbers_the_next_filing_after_the_copied_ones(
        town_file: Path, server_address: ServerAddress) -> None:
    copy_between(str(town_file), url(server_address))
    server = open_server_database(server_address, initials="JB")
    try:
        with server.session() as session:
            highest = session.scalar(select(func.max(Filing.id)))
            filing = Filing(kind="noi", file_no="2027-900", town="upton",
                            received=date(2027, 1, 4))
            session.add(filing)
            session.flush()
            assert filing.id == highest + 1
    finally:
        server.close()


def test_the_file_made_from_the_server_has_its_trail_triggers_back(
        town_file: Path, tmp_path: Path, server_address: ServerAddress) -> None:
    copy_between(str(town_file), url(server_address))
    back_file = tmp_path / "back.sqlite"
    copy_between(url(server_address), str(back_file))
    with open_database(back_file, initials="KM") as db:
        entries = db.verify_audit_chain().entries
        with db.session() as session:
            session.execute(update(Filing).where(Filing.id == 2).values(notes="Dock moved"))
        assert db.verify_audit_chain().entries == entries + 1
        with db.read_session() as session:
            newest = session.scalars(select(AuditEntry).order_by(AuditEntry.id.desc())).first()
    assert (newest.table_name, newest.record_id, newest.initials) == ("filing", 2, "KM")


def test_a_server_that_holds_records_is_refused_untouched(
        town_file: Path, server_address: ServerAddress) -> None:
    set_up_schema(server_address)
    server = open_server_database(server_address, initials="JB")
    try:
        with server.session() as session:
            session.add(Filing(kind="rda", file_no="2027-001", town="upton",
                               received=date(2027, 1, 4)))
        with pytest.raises(UserError, match=r"already holds records \(filing\).*nothing "
                                            "was changed"):
            copy_between(str(town_file), url(server_address))
        with server.read_session() as session:
            assert session.scalars(select(Filing.file_no)).all() == ["2027-001"]
    finally:
        server.close()


def test_a_file_that_holds_records_is_refused(town_file: Path, tmp_path: Path,
                                              server_address: ServerAddress) -> None:
    copy_between(str(town_file), url(server_address))
    with pytest.raises(UserError, match="already holds records"):
        copy_between(url(server_address), str(town_file))


def test_an_empty_file_is_replaced_whole_by_the_copy(town_file: Path, tmp_path: Path,
                                                    server_address: ServerAddress) -> None:
    """A file made and left empty (its -wal beside it) takes the copy in one rename:
    no journal file of the empty one is read into the records."""
    copy_between(str(town_file), url(server_address))
    empty = tmp_path / "empty.sqlite"
    open_database(empty).close()
    copy_between(url(server_address), str(empty))
    with open_database(town_file, lock=False) as original:
        before = every_row(original)["filing"]
    with open_database(empty) as copied:
        assert every_row(copied)["filing"] == before
        assert copied.verify_audit_chain().ok
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def _spoil_first_filing(monkeypatch: pytest.MonkeyPatch) -> None:
    """One value changed on its way into the target: what a faulty driver or a disk
    error would do; the read-back must catch it."""
    write = server_copy._write

    def spoiled(writing: Any, table: Any, names: list[str], rows: list[dict]) -> None:
        if table.name == "filing" and rows:
            rows = [dict(rows[0], work_description="Not the applicant's work"), *rows[1:]]
        write(writing, table, names, rows)

    monkeypatch.setattr(server_copy, "_write", spoiled)


def test_a_copy_that_reads_back_different_is_rolled_back_on_the_server(
        town_file: Path, server_address: ServerAddress, pg_cluster: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    _spoil_first_filing(monkeypatch)
    with pytest.raises(OperationFailed, match="the contents of filing differ.*nothing was kept"):
        copy_between(str(town_file), url(server_address))
    # The tables went in with the rows, in one transaction: the server is as before,
    # not one table (nor row, nor trail entry) kept.
    tables = pg_cluster.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'",
                             server_address.database)
    assert tables.strip() == "0"


def test_a_copy_that_fails_on_a_set_up_server_leaves_it_empty(
        town_file: Path, server_address: ServerAddress,
        monkeypatch: pytest.MonkeyPatch) -> None:
    set_up_schema(server_address)
    _spoil_first_filing(monkeypatch)
    with pytest.raises(OperationFailed, match="the contents of filing differ"):
        copy_between(str(town_file), url(server_address))
    server = open_server_database(server_address)
    try:
        rows = every_row(server)
    finally:
        server.close()
    assert all(not found for found in rows.values())  # not one row kept, the trail neither


def test_a_new_file_that_reads_back_different_is_deleted(
        town_file: Path, tmp_path: Path, server_address: ServerAddress,
        monkeypatch: pytest.MonkeyPatch) -> None:
    copy_between(str(town_file), url(server_address))
    _spoil_first_filing(monkeypatch)
    back_file = tmp_path / "back.sqlite"
    with pytest.raises(OperationFailed, match="the contents of filing differ"):
        copy_between(url(server_address), str(back_file))
    assert sorted(tmp_path.iterdir()) == []


def test_a_server_at_another_schema_is_named(town_file: Path,
                                             server_address: ServerAddress,
                                             pg_cluster: Any) -> None:
    set_up_schema(server_address)
    pg_cluster.psql("UPDATE alembic_version SET version_num = '0009_minutes'",
                    server_address.database)
    with pytest.raises(UserError, match="older than this program's"):
        copy_between(str(town_file), url(server_address))


def test_copying_a_place_onto_itself_is_refused(town_file: Path) -> None:
    with pytest.raises(UserError, match="same place"):
        copy_between(str(town_file), str(town_file))


def test_an_edit_made_on_the_server_comes_back_in_a_sound_file(
        town_file: Path, tmp_path: Path, server_address: ServerAddress) -> None:
    """The server's own trail entries (written by PostgreSQL) and the file's, in one
    chain: the file made from the server passes every part of `check`, the replay of
    each record against its last entry included."""
    from concom_desk.store.health import check
    from concom_desk.store.server.health import check_server

    copy_between(str(town_file), url(server_address))
    server = open_server_database(server_address, initials="MR")
    try:
        with server.session() as session:
            session.execute(update(Filing).where(Filing.id == 3).values(notes="Site walk"))
        entries = server.verify_audit_chain().entries
    finally:
        server.close()
    assert check_server(server_address).sound
    back_file = tmp_path / "back.sqlite"
    back = copy_between(url(server_address), str(back_file))
    assert back.report.audit_entries == entries
    report = check(back_file)
    assert report.sound, report.lines
    with open_database(back_file, lock=False) as db, db.read_session() as session:
        newest = session.scalars(select(AuditEntry).order_by(AuditEntry.id.desc())).first()
        assert (newest.table_name, newest.record_id, newest.initials) == ("filing", 3, "MR")
        assert session.get(Filing, 3).notes == "Site walk"


def test_a_clerk_login_cannot_copy_into_the_server(town_file: Path, pg_cluster: Any,
                                                   server_address: ServerAddress) -> None:
    """Only the owner of the tables (who set the server up) may turn the trail off for
    the copy; a desk login is told so, and the server keeps nothing."""
    from concom_desk.store.audit import Actor
    from concom_desk.store.server.engine import make_server_engine
    from concom_desk.store.server.roles import add_desk_user, grant_roles

    set_up_schema(server_address)
    name = f"copyclerk_{server_address.database}"
    engine = make_server_engine(server_address, Actor(server_address.user))
    try:
        with engine.begin() as connection:
            grant_roles(connection)
            add_desk_user(connection, name, "clerk", "a long desk password")
    finally:
        engine.dispose()
    clerk = ServerAddress(host=server_address.host, port=server_address.port,
                          database=server_address.database, user=name)
    try:
        with pytest.raises(UserError, match="only the role that set the server up"):
            copy_between(str(town_file), url(clerk))
        server = open_server_database(server_address)
        try:
            assert not any(every_row(server).values())
        finally:
            server.close()
    finally:
        pg_cluster.psql(f"DROP OWNED BY {name}; DROP ROLE {name}", server_address.database)
