"""`concom-desk` with no command opens the window: on the server --db names, on the
server File → Connect to server… remembered, or on the file --db names (a file given
outright wins over the remembered server)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from concom_desk.cli import main
from concom_desk.paths import default_db_path
from concom_desk.services.safekeeping import server_connection as servers

TOWN_HALL = "postgresql://clerk@townhall:5432/concom?sslmode=require"


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """What the window was asked to open (run_app's arguments), instead of opening it."""
    import concom_desk.ui.app as app

    asked: list[dict[str, Any]] = []

    def run_app(db_path: Path, demo_if_missing: bool = False, watch: Any = None,
                server: Any = None) -> int:
        asked.append({"file": db_path, "server": server and server.url()})
        return 0

    monkeypatch.setattr(app, "run_app", run_app)
    return asked


def test_a_server_given_with_db_is_opened(opened: list[dict[str, Any]]) -> None:
    assert main(["--db", TOWN_HALL]) == 0
    assert opened == [{"file": default_db_path(), "server": TOWN_HALL}]


def test_the_remembered_server_is_opened_when_no_db_is_given(
        opened: list[dict[str, Any]], tmp_path: Path) -> None:
    assert main([]) == 0
    servers.remember_server(servers.parse_address(TOWN_HALL))
    assert main([]) == 0
    own_file = tmp_path / "mine.sqlite"
    own_file.touch()
    assert main(["--db", str(own_file)]) == 0
    assert opened == [{"file": default_db_path(), "server": None},
                      {"file": default_db_path(), "server": TOWN_HALL},
                      {"file": own_file, "server": None}]


@pytest.mark.logs_warning
def test_a_remembered_server_written_wrong_opens_the_file(
        opened: list[dict[str, Any]], caplog: pytest.LogCaptureFixture) -> None:
    default_db_path().parent.mkdir(parents=True, exist_ok=True)
    (default_db_path().parent / servers.CHOICE_FILE).write_text('{"server": "townhall"}',
                                                                encoding="utf-8")
    assert main([]) == 0
    assert opened == [{"file": default_db_path(), "server": None}]
    assert "the remembered server in" in caplog.text and "'townhall'" in caplog.text


def test_a_mistyped_server_for_the_window_is_one_line(
        opened: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--db", "postgresql://townhall/concom"]) == 2
    assert opened == []
    assert capsys.readouterr().err == (
        "concom-desk: error: the server address 'postgresql://townhall/concom' names no "
        "user; write it as postgresql://user@host:5432/database\n")
