"""`concom-desk backup | restore --db postgresql://…`: the server's records through
pg_dump and pg_restore, in words and exit codes; a file's backup without --out goes to
the backups folder beside it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from concom_desk.cli import main
from concom_desk.store.server.address import ServerAddress
from tests.helpers.pg_fixtures import set_up_schema
from tests.store.conftest import make_record


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def empty_address(pg_cluster: Any, server_address: ServerAddress) -> Iterator[ServerAddress]:
    name = f"{server_address.database}_empty"
    pg_cluster.psql(f"CREATE DATABASE {name}")
    yield ServerAddress(host=server_address.host, port=server_address.port, database=name,
                        user=server_address.user)
    pg_cluster.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def test_a_server_is_backed_up_and_restored_from_the_command_line(
        tmp_path: Path, server_address: ServerAddress, empty_address: ServerAddress,
        capsys) -> None:
    town = make_record(tmp_path / "upton.sqlite")
    assert run(capsys, "copy", "--from", str(town), "--to", server_address.url())[0] == 0
    code, said, err = run(capsys, "backup", "--db", server_address.url())
    assert (code, err) == (0, "")
    found = re.fullmatch(r"Backup written to (.+\.zip): the database, 0 documents and "
                         r"0 templates, read back and verified\.\n", said)
    assert found and Path(found[1]).is_file()
    assert Path(found[1]).parent.name == "backups"

    code, said, err = run(capsys, "restore", found[1], "--db", empty_address.url())
    assert (code, err) == (0, "")
    assert re.fullmatch(rf"Restored {re.escape(empty_address.display())} from the backup of "
                        r"\S+; its audit trail's [\d,]+ entries check out, ending where the "
                        r"backup's manifest says\.\n"
                        r"The desk roles \(clerk, commissioner, read-only\) were given their "
                        r"rights again\.\n", said)
    code, said, _ = run(capsys, "copy", "--from", empty_address.url(),
                        "--to", str(tmp_path / "back.sqlite"))
    assert code == 0


def test_restoring_a_file_backup_onto_a_server_says_how(
        tmp_path: Path, server_address: ServerAddress, capsys) -> None:
    town = make_record(tmp_path / "upton.sqlite")
    code, said, err = run(capsys, "backup", "--db", str(town))
    assert code == 0
    archive = re.match(r"Backup written to (.+\.zip):", said)[1]
    assert Path(archive).parent == tmp_path / "backups"
    code, said, err = run(capsys, "restore", archive, "--db", server_address.url())
    assert (code, said) == (2, "")
    assert "is a backup of a database file, not of a server" in err
    assert len(err.splitlines()) == 1


def test_no_pg_dump_is_one_line(server_address: ServerAddress, capsys,
                                monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from concom_desk.store.server import pg_tools

    set_up_schema(server_address)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(pg_tools, "_installed_folders", lambda: [])
    code, said, err = run(capsys, "backup", "--db", server_address.url())
    assert (code, said) == (2, "")
    assert err == ("concom-desk: error: pg_dump was not found: install PostgreSQL's client "
                   "programs on this computer, or set CONCOM_DESK_PG_DUMP to the full path "
                   "of pg_dump\n")
