"""`--db postgresql://…` on the commands that read or write records: the same answers
from a server as from a file, and one clear line when the server cannot be used."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from concom_desk.cli import main
from concom_desk.store.server.address import ServerAddress
from tests.helpers.pg_fixtures import set_up_schema


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def demo_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("file") / "demo.sqlite"
    assert main(["demo", "--db", str(path), "--size", "small"]) == 0
    return path


@pytest.fixture
def demo_server(server_address: ServerAddress, capsys: pytest.CaptureFixture[str]) -> str:
    set_up_schema(server_address)
    code, out, err = run(capsys, "demo", "--db", server_address.url(), "--size", "small")
    assert code == 0, err
    return server_address.url()


def test_the_filings_of_a_server_are_those_of_the_same_records_in_a_file(
        demo_file: Path, demo_server: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, from_server, err = run(capsys, "filings", "--db", demo_server, "--json")
    assert code == 0, err
    _, from_file, _ = run(capsys, "filings", "--db", str(demo_file), "--json")
    rows = json.loads(from_server)
    assert len(rows) > 50
    assert rows == json.loads(from_file)


def test_the_expiry_watch_and_enforcement_deadlines_read_the_server(
        demo_file: Path, demo_server: str, capsys: pytest.CaptureFixture[str]) -> None:
    for command in (["expiry-watch", "--today", "2026-11-30", "--json"],
                    ["enforcement-deadlines", "--from", "2026-01-01", "--to", "2026-12-31",
                     "--json"]):
        code, from_server, err = run(capsys, *command, "--db", demo_server)
        assert code == 0, err
        _, from_file, _ = run(capsys, *command, "--db", str(demo_file))
        assert json.loads(from_server) == json.loads(from_file)
        assert json.loads(from_server)  # something to compare


def test_the_calendar_of_a_server_is_exported_with_its_meetings(
        demo_server: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "commission.ics"
    code, said, err = run(capsys, "ical", "--db", demo_server, "--out", str(out))
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    meetings = text.count("BEGIN:VEVENT")
    assert meetings > 10
    assert said.startswith(f"Wrote {meetings} events")


def test_a_request_logged_on_the_server_is_in_its_log(
        demo_server: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, said, err = run(capsys, "records-requests", "--db", demo_server, "--add",
                          "Ruth Åkesson", "the minutes of March", "--received", "2026-11-30")
    assert code == 0, err
    assert said.startswith("Logged: Ruth Åkesson, the minutes of March")
    code, listed, err = run(capsys, "records-requests", "--db", demo_server, "--json")
    assert code == 0, err
    assert [(r["requester"], r["received_on"]) for r in json.loads(listed)
            if r["requester"] == "Ruth Åkesson"] == [("Ruth Åkesson", "2026-11-30")]


def test_the_export_of_a_server_has_every_table_in_words(
        demo_file: Path, demo_server: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    code, said, err = run(capsys, "export", "--db", demo_server, "--format", "csv",
                          "--out", str(tmp_path / "server"))
    assert code == 0, err
    assert run(capsys, "export", "--db", str(demo_file), "--format", "csv",
               "--out", str(tmp_path / "file"))[0] == 0
    names = sorted(p.name for p in (tmp_path / "server").iterdir())
    assert said == f"Exported {len(names)} files to {tmp_path / 'server'}.\n"
    assert names == sorted(p.name for p in (tmp_path / "file").iterdir())
    for table in ("Filing", "Party", "Meeting", "Decision", "Hearing"):  # names, dates, yes/no
        server_rows = read_csv(tmp_path / "server" / f"{table}.csv")
        assert len(server_rows) > 10, table
        assert server_rows == read_csv(tmp_path / "file" / f"{table}.csv"), table


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def test_an_unreachable_server_is_one_line(
        server_address: ServerAddress, capsys: pytest.CaptureFixture[str]) -> None:
    nowhere = ServerAddress(host=server_address.host, port=server_address.port + 1,
                            database="concom", user="clerk")
    code, out, err = run(capsys, "filings", "--db", nowhere.url())
    assert (code, out) == (2, "")
    assert err.startswith(f"concom-desk: error: cannot reach the server {nowhere.display()}")
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize(("address", "told"), [
    ("postgresql://clerk@townhall/concom?sslmode=sometimes", "sslmode 'sometimes'"),
    ("postgresql://clerk:secret@townhall/concom", "must not hold the password"),
])
def test_a_mistyped_address_is_one_line(address: str, told: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "filings", "--db", address)
    assert (code, out) == (2, "")
    assert told in err and len(err.splitlines()) == 1


def test_a_server_not_set_up_is_told_how_to_set_it_up(
        server_address: ServerAddress, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "filings", "--db", server_address.url())
    assert code == 2
    assert "holds no ConCom Desk records yet" in err and "server init" in err


def test_what_works_on_a_file_only_says_so_for_a_server() -> None:
    import argparse

    from concom_desk.cli.common import db_path_from
    from concom_desk.errors import UserError

    asked = argparse.Namespace(db="postgresql://clerk@townhall/concom", command="restore")
    with pytest.raises(UserError) as told:
        db_path_from(asked)
    assert str(told.value) == ("`concom-desk restore` works on a database file on this "
                               "computer, not on a server; give --db a file")


def test_the_help_says_a_file_or_a_server(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "filings", "--help")
    assert code == 0
    assert "postgresql://user@host:5432/database" in " ".join(out.split())


def test_at_a_terminal_a_password_the_keyring_lacks_is_asked_once(
        demo_server: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The test server trusts its socket; here it refuses until the password is given,
    as a town hall's server does over the network."""
    import getpass
    import io

    import concom_desk.store.server.database as server_database
    from concom_desk.errors import UserError

    real_open = server_database.open_server_database
    tried: list[str | None] = []

    def open_server_database(address: ServerAddress, *, initials: str = "",
                             password: str | None = None) -> object:
        tried.append(password)
        if password != "s3cret":
            raise UserError(f"the server {address.display()} refused the password for "
                            f"{address.user}")
        return real_open(address, initials=initials, password=password)

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(server_database, "open_server_database", open_server_database)
    monkeypatch.setattr(getpass, "getpass", lambda prompt: "s3cret" if prompt == (
        f"Password for {parse(demo_server).display()}: ") else "")
    monkeypatch.setattr("sys.stdin", Terminal())
    code, out, err = run(capsys, "filings", "--db", demo_server, "--json")
    assert code == 0, err
    assert tried == [None, "s3cret"] and len(json.loads(out)) > 50

    monkeypatch.setattr("sys.stdin", io.StringIO())  # a script: nobody to ask
    tried.clear()
    code, out, err = run(capsys, "filings", "--db", demo_server)
    assert (code, out, tried) == (2, "", [None])
    assert err == (f"concom-desk: error: the server {parse(demo_server).display()} refused "
                   "the password for postgres\n")


def parse(url: str) -> ServerAddress:
    from concom_desk.store.server.address import parse_address

    return parse_address(url)
