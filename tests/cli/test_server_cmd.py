"""`concom-desk server …` through the real entry point, on a throwaway PostgreSQL:
the administrator sets the server up, makes the desks' logins, and each login is then
what its role says — told in one line when anything is wrong."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import pytest

from concom_desk.cli import main
from concom_desk.store.schema import head_revision
from concom_desk.store.server.address import ServerAddress
from tests.helpers.pg_cluster import Cluster
from tests.helpers.pg_logins import as_login


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class _Pipe(io.StringIO):
    def isatty(self) -> bool:
        return False


@pytest.fixture
def names(server_address: ServerAddress, pg_cluster: Cluster) -> Iterator[dict[str, str]]:
    """Login names for this test (roles belong to the whole cluster), dropped after."""
    tag = server_address.database.rsplit("_", 1)[-1]
    made = {"clerk": f"jb{tag}", "commissioner": f"baker{tag}", "read-only": f"kiosk{tag}"}
    yield made
    for name in made.values():
        pg_cluster.psql(f'DROP ROLE IF EXISTS "{name}"')


def _run(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    status = main(list(words))
    out, err = capsys.readouterr()
    return status, out, err


def test_init_then_logins_then_each_login_is_what_its_role_says(
        server_address: ServerAddress, names: dict[str, str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", _Pipe())
    admin = server_address.url()
    status, out, err = _run(capsys, "server", "init", "--db", admin)
    assert (status, err) == (0, "")
    assert out.splitlines()[0] == (f"Set up {server_address.display()} for ConCom Desk "
                                   f"(schema {head_revision()}):")
    assert "concom_commissioner (" in out and "Next: a login for each person" in out
    assert f"server add-user jsmith --role clerk --db {admin}" in out

    status, _out, err = _run(capsys, "server", "init", "--db", admin)  # twice: refused
    assert status == 2
    assert err == (f"concom-desk: error: {server_address.display()} is already set up for "
                   f"ConCom Desk (schema {head_revision()}); nothing was changed — add desk logins "
                   "with `concom-desk server add-user`\n")

    monkeypatch.setenv("CONCOM_DESK_PASSWORD", "heron-pond-7")  # a script making logins
    for role, name in names.items():
        status, out, err = _run(capsys, "server", "add-user", name, "--role", role,
                                "--db", admin)
        assert (status, err) == (0, ""), err
        assert out.startswith(f"Made the login {name} ({role}) on {server_address.display()}")
        assert f"--db {as_login(server_address, name).url()}" in out
    monkeypatch.delenv("CONCOM_DESK_PASSWORD")

    status, out, _err = _run(capsys, "server", "users", "--db", admin)
    rows = [line.split() for line in out.splitlines()]
    assert rows[0] == ["LOGIN", "ROLE"]
    assert sorted(map(tuple, rows[1:])) == sorted((n, r) for r, n in names.items())

    # A command as each new login: it connects as a desk does and is told its role.
    said = {}
    for role, name in names.items():
        status, out, err = _run(capsys, "server", "role", "--db",
                                as_login(server_address, name).url())
        assert (status, err) == (0, "")
        said[role] = out.strip()
    assert said["read-only"] == (f"{as_login(server_address, names['read-only']).display()} "
                                 "is a read-only login: reads the records and changes nothing "
                                 "(a public-records terminal).")
    assert said["commissioner"].startswith(
        f"{as_login(server_address, names['commissioner']).display()} is a commissioner's "
        "login: reads every record, records votes and drafts minutes")

    # The records' own commands, as each login: the clerk logs a records request, the
    # terminal reads the log but may not add to it, nor may the commissioner.
    monkeypatch.setenv("CONCOM_DESK_PASSWORD", "heron-pond-7")
    desk = {role: as_login(server_address, name).url() for role, name in names.items()}
    add = ("records-requests", "--add", "Ruth Åkesson", "the minutes of March",
           "--received", "2026-11-30")
    status, out, err = _run(capsys, *add, "--db", desk["clerk"])
    assert (status, err) == (0, "") and out.startswith("Logged: Ruth Åkesson")
    status, out, err = _run(capsys, *add, "--db", desk["read-only"])
    assert (status, out) == (2, "")
    assert err == (f"concom-desk: error: this login ({names['read-only']}) can only read "
                   "the records\n")
    status, out, err = _run(capsys, *add, "--db", desk["commissioner"])
    assert (status, out) == (2, "")
    assert err == (f"concom-desk: error: your login ({names['commissioner']}) may not change "
                   "the public-records request log; ask the clerk\n")
    status, out, err = _run(capsys, "records-requests", "--json", "--db", desk["read-only"])
    assert status == 0
    assert [row["requester"] for row in json.loads(out)] == ["Ruth Åkesson"]


def test_add_user_asks_the_password_twice_at_a_terminal(
        server_address: ServerAddress, names: dict[str, str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    admin = server_address.url()
    monkeypatch.setattr("sys.stdin", _Pipe())
    assert _run(capsys, "server", "init", "--db", admin)[0] == 0
    monkeypatch.setattr("sys.stdin", _Terminal())
    typed = iter(["heron-pond-7", "heron-pond-8"])
    monkeypatch.setattr("getpass.getpass", lambda _prompt: next(typed))
    status, _out, err = _run(capsys, "server", "add-user", names["clerk"], "--role", "clerk",
                             "--db", admin)
    assert (status, err) == (2, "concom-desk: error: the two passwords differ; nothing was "
                                "changed\n")
    typed = iter(["heron-pond-7", "heron-pond-7"])
    status, out, err = _run(capsys, "server", "add-user", names["clerk"], "--role", "clerk",
                            "--db", admin)
    assert (status, err) == (0, "")
    status, out, _err = _run(capsys, "server", "users", "--db", admin, "--json")
    assert '"role": "clerk"' in out and f'"name": "{names["clerk"]}"' in out


@pytest.mark.parametrize(("words", "told"), [
    (["server", "init"], "name the server with --db postgresql://USER@HOST/DATABASE"),
    (["server", "init", "--db", "records/concom.sqlite"],
     "'records/concom.sqlite' is not a server address"),
    (["server", "init", "--db", "postgresql://admin:pw@townhall/concom"],
     "must not hold the password"),
    (["server", "add-user", "Bad Name", "--role", "clerk", "--db",
      "postgresql://admin@townhall/concom"], "should be lowercase letters"),
])
def test_bad_input_is_one_line(words: list[str], told: str,
                               capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, *words)
    assert status == 2 and out == ""
    assert err.startswith("concom-desk: error: ") and told in err and err.count("\n") == 1


def test_add_user_errors_on_the_server_are_one_line(
        server_address: ServerAddress, names: dict[str, str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    admin = server_address.url()
    monkeypatch.setattr("sys.stdin", _Pipe())
    monkeypatch.setenv("CONCOM_DESK_PASSWORD", "heron-pond-7")
    status, _out, err = _run(capsys, "server", "add-user", names["clerk"], "--role", "clerk",
                             "--db", admin)
    assert status == 2 and "is not set up for ConCom Desk yet; run `concom-desk server " \
                           "init` first" in err
    assert _run(capsys, "server", "init", "--db", admin)[0] == 0
    assert _run(capsys, "server", "add-user", names["clerk"], "--role", "clerk",
                "--db", admin)[0] == 0
    status, _out, err = _run(capsys, "server", "add-user", names["clerk"], "--role",
                             "read-only", "--db", admin)
    assert (status, err) == (2, f"concom-desk: error: there is already a login named "
                                f"'{names['clerk']}' on this server; nothing was changed\n")
    monkeypatch.setenv("CONCOM_DESK_PASSWORD", "short")
    status, _out, err = _run(capsys, "server", "add-user", names["commissioner"], "--role",
                             "commissioner", "--db", admin)
    assert (status, err) == (2, "concom-desk: error: the password must be at least 8 "
                                "characters\n")
    monkeypatch.delenv("CONCOM_DESK_PASSWORD")
    status, _out, err = _run(capsys, "server", "add-user", names["commissioner"], "--role",
                             "commissioner", "--db", admin)
    assert status == 2 and "give " in err and "at a terminal" in err
    status, out, _err = _run(capsys, "server", "users", "--db", admin)
    assert names["commissioner"] not in out  # nothing half-made
