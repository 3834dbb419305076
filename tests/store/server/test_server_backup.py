"""Backups of a server's records through pg_dump, in the same verified zip as the SQLite
backup, and restore through pg_restore into an empty database on a real server."""

from __future__ import annotations

import json
import re
import sys
import zipfile
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from concom_desk.errors import OperationFailed, UserError
from concom_desk.store.archive import MANIFEST_NAME, verify_archive
from concom_desk.store.models import Filing
from concom_desk.store.schema import head_revision
from concom_desk.store.server import pg_tools
from concom_desk.store.server.address import ServerAddress
from concom_desk.store.server.backup import back_up_server, restore_server
from concom_desk.store.server.database import open_server_database


@pytest.fixture
def second_address(pg_cluster: Any, server_address: ServerAddress) -> Iterator[ServerAddress]:
    """Another empty database on the same server: where a backup is restored."""
    name = f"{server_address.database}_restored"
    pg_cluster.psql(f"CREATE DATABASE {name}")
    yield ServerAddress(host=server_address.host, port=server_address.port, database=name,
                        user=server_address.user)
    pg_cluster.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def add_filing(db: Any) -> None:
    with db.session() as session:
        session.add(Filing(kind="noi", file_no="2027-014", town="upton",
                           received=date(2027, 3, 2)))


def test_a_server_backup_restores_with_its_filing(server_db: Any, second_address: ServerAddress,
                                                  tmp_path: Path) -> None:
    add_filing(server_db)
    made = back_up_server(server_db)
    # Named as the SQLite backups are, in this desk's backups folder for the server.
    assert made.path.parent == server_db.path.parent / "backups"
    assert re.fullmatch(rf"{server_db.address.database}-\d{{8}}T\d{{6}}Z\.zip", made.path.name)
    manifest = verify_archive(made.path)  # every member matches its sha256
    assert manifest.database == f"database/{server_db.address.database}.pgdump"
    assert manifest.schema_revision == head_revision()  # the schema the server is at
    assert manifest.chain_head.entries == server_db.verify_audit_chain().entries

    done = restore_server(made.path, second_address)
    assert done.entries == manifest.chain_head.entries
    restored = open_server_database(second_address)
    try:
        with restored.read_session() as session:
            rows = session.execute(select(Filing.file_no, Filing.received)).all()
        assert restored.verify_audit_chain().ok
    finally:
        restored.close()
    assert rows == [("2027-014", date(2027, 3, 2))]


def test_restore_never_writes_over_records(server_db: Any, tmp_path: Path) -> None:
    add_filing(server_db)
    made = back_up_server(server_db, tmp_path)
    with pytest.raises(UserError, match="already holds tables.*nothing was changed"):
        restore_server(made.path, server_db.address)
    with server_db.read_session() as session:
        assert session.scalars(select(Filing.file_no)).all() == ["2027-014"]


def with_manifest(archive: Path, out: Path, **changes: Any) -> Path:
    """The archive again with its manifest edited (the members as they were)."""
    with zipfile.ZipFile(archive) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == MANIFEST_NAME:
                manifest = json.loads(data)
                manifest.update(changes)
                data = json.dumps(manifest).encode()
            target.writestr(info, data)
    return out


def test_a_dump_from_a_newer_schema_is_refused_before_anything_is_restored(
        server_db: Any, second_address: ServerAddress, tmp_path: Path, pg_cluster: Any) -> None:
    made = back_up_server(server_db, tmp_path / "made.zip")
    newer = with_manifest(made.path, tmp_path / "newer.zip", schema_revision="0042_from_2031")
    with pytest.raises(UserError, match=r"newer version of ConCom Desk \(schema "
                                        r"0042_from_2031\).*nothing was changed"):
        restore_server(newer, second_address)
    tables = pg_cluster.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'",
                             second_address.database)
    assert tables.strip() == "0"


def test_a_trail_that_ends_elsewhere_than_the_manifest_says_is_removed_again(
        server_db: Any, second_address: ServerAddress, tmp_path: Path, pg_cluster: Any) -> None:
    add_filing(server_db)
    made = back_up_server(server_db, tmp_path / "made.zip")
    entries = server_db.verify_audit_chain().entries
    cut = with_manifest(made.path, tmp_path / "cut.zip",
                        chain_head={"entries": entries + 3, "hash": "ab" * 32})
    with pytest.raises(OperationFailed, match="manifest recorded"):
        restore_server(cut, second_address)
    tables = pg_cluster.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'",
                             second_address.database)
    assert tables.strip() == "0"


def test_the_password_goes_to_pg_dump_in_its_environment_only(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    seen: dict[str, Any] = {}

    def fake_run(command: list[str], **options: Any) -> Any:
        seen["command"], seen["env"] = command, options["env"]

        class Done:
            returncode, stdout, stderr = 0, "", ""
        return Done()

    program = tmp_path / "pg_dump"
    program.write_text("")
    monkeypatch.setenv("CONCOM_DESK_PG_DUMP", str(program))
    monkeypatch.setattr(pg_tools.subprocess, "run", fake_run)
    address = ServerAddress(host="townhall", database="upton", user="clerk")
    pg_tools.run_tool("pg_dump", ["--format=custom", f"--dbname={pg_tools.conninfo(address)}"],
                      "s3cret pass", "back up")
    assert seen["env"]["PGPASSWORD"] == "s3cret pass"
    assert not any("s3cret" in word for word in seen["command"])
    assert "host='townhall'" in seen["command"][-1]
    assert "sslmode='require'" in seen["command"][-1]


def test_a_complaint_in_another_code_page_is_told_not_a_fault(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A pg_dump whose message holds bytes that neither UTF-8 nor cp1252 reads (0x81, 0x9d:
    # a console's OEM code page): the clerk is told its complaint, marks in their place.
    monkeypatch.setenv("CONCOM_DESK_PG_DUMP", sys.executable)  # a program that is there
    script = ("import sys; sys.stderr.buffer.write(b'pg_dump: error: Verbindung \\x81\\x9d "
              "abgelehnt\\n'); sys.exit(1)")
    with pytest.raises(OperationFailed) as refused:
        pg_tools.run_tool("pg_dump", ["-c", script], None, "back up")
    assert str(refused.value) == ("pg_dump could not back up: Verbindung \ufffd\ufffd "
                                  "abgelehnt")


def test_no_pg_dump_is_one_line_saying_how_to_set_it(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    monkeypatch.delenv("CONCOM_DESK_PG_DUMP", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(pg_tools, "_installed_folders", lambda: [])
    with pytest.raises(UserError, match="pg_dump was not found: install PostgreSQL's client "
                                        "programs on this computer, or set "
                                        "CONCOM_DESK_PG_DUMP to the full path of pg_dump"):
        pg_tools.find_program("pg_dump")
    monkeypatch.setenv("CONCOM_DESK_PG_DUMP", str(tmp_path / "nowhere"))
    with pytest.raises(UserError, match="CONCOM_DESK_PG_DUMP names .*nowhere, which is not a "
                                        "program"):
        pg_tools.find_program("pg_dump")


def test_a_backup_holding_a_view_is_named_and_removed_again(
        server_db: Any, second_address: ServerAddress, tmp_path: Path, pg_cluster: Any) -> None:
    add_filing(server_db)
    pg_cluster.psql("CREATE VIEW owners AS SELECT name FROM party", server_db.address.database)
    made = back_up_server(server_db, tmp_path / "made.zip")
    with pytest.raises(OperationFailed, match=r"made\.zip was restored, but it holds what "
                       r"ConCom Desk does not make \(a view 'owners' that ConCom Desk does "
                       r"not make \(SELECT party\.name FROM party;\)\); the restored records "
                       r"were removed again"):
        restore_server(made.path, second_address)
    left = pg_cluster.psql("SELECT count(*) FROM pg_class c JOIN pg_namespace n ON "
                           "n.oid = c.relnamespace WHERE n.nspname = 'public' "
                           "AND c.relkind IN ('r', 'v')", second_address.database)
    assert left.strip() == "0"


def test_a_backup_whose_foreign_key_cascades_is_named_and_removed_again(
        server_db: Any, second_address: ServerAddress, tmp_path: Path, pg_cluster: Any) -> None:
    """A dump made where deleting a filing would take its payments with it: restore
    compares the constraints as `check` does, and takes nothing of it."""
    add_filing(server_db)
    pg_cluster.psql("ALTER TABLE payment DROP CONSTRAINT fk_payment_filing_id_filing; "
                    "ALTER TABLE payment ADD CONSTRAINT fk_payment_filing_id_filing FOREIGN "
                    "KEY (filing_id) REFERENCES filing(id) ON DELETE CASCADE",
                    server_db.address.database)
    made = back_up_server(server_db, tmp_path / "made.zip")
    with pytest.raises(OperationFailed, match=r"made\.zip was restored, but it holds what "
                       r"ConCom Desk does not make \(the table 'payment' defined otherwise "
                       r"than ConCom Desk makes it \(its foreign key "
                       r"'fk_payment_filing_id_filing' is FOREIGN KEY \(filing_id\) "
                       r"REFERENCES filing\(id\) ON DELETE CASCADE\)\); the restored records "
                       r"were removed again"):
        restore_server(made.path, second_address)
    left = pg_cluster.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'",
                           second_address.database)
    assert left.strip() == "0"


def test_a_backup_on_another_desk_never_sweeps_a_running_server_backup(
        server_db: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another desk's (or window's) backup sweeps the temporary folder and the backups
    folder of what killed backups left; a server backup still waiting for pg_dump holds
    working folders with nothing in them yet, and they must be claimed as in use
    (pg_dump once wrote into a folder that was gone: "could not open output file")."""
    from concom_desk.store import backup as file_backup
    from concom_desk.store.server import backup as server_backup
    from tests.store.conftest import make_record

    add_filing(server_db)
    other_desk = make_record(tmp_path / "upton.sqlite")
    real_run_tool = server_backup.run_tool

    def swept_first(name: str, *arguments: Any) -> str:
        if name == "pg_dump":
            file_backup.make_backup(other_desk, tmp_path / "backups")
        return real_run_tool(name, *arguments)

    (tmp_path / "backups").mkdir()
    monkeypatch.setattr(server_backup, "run_tool", swept_first)
    made = back_up_server(server_db, tmp_path / "backups")
    assert verify_archive(made.path).chain_head.entries == \
        server_db.verify_audit_chain().entries
    assert sorted(p.suffix for p in (tmp_path / "backups").iterdir()) == [".zip", ".zip"]
