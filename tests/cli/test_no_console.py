"""The windowed Windows program has no console: `sys.stdout` and `sys.stderr` are
None. Every command still runs to its exit status (it printed nothing, which is what
a program without a console does), `--json` included, and a mistake still exits 2."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from concom_desk.cli import main
from tests.store.conftest import make_record


def no_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """Called in the test itself: pytest puts its own streams back between phases."""
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)


@pytest.mark.parametrize(("argv", "status"), [
    (["towns"], 0),
    (["towns", "--json"], 0),
    (["deadlines", "--town", "upton", "--kind", "noi", "--received", "2026-11-05", "--json"], 0),
    (["deadlines", "--town", "nowhere", "--kind", "noi", "--received", "2026-11-05"], 2),
    (["deadlines", "--town", "upton", "--kind", "noi", "--received", "not a date"], 2),
    (["templates", "--json"], 0),
    (["conditions", "--town", "upton", "--json"], 0),
    (["posting-deadline", "--at", "2026-11-25T19:00", "--json"], 0),
    (["fines", "--town", "upton", "--confirmed", "2026-03-02", "--as-of", "2026-03-12",
      "--json"], 0),
    (["no-such-command"], 2),
    (["--version"], 0),
    (["--help"], 0),
])
def test_commands_without_a_console_end_with_their_status(
        argv: list[str], status: int, monkeypatch: pytest.MonkeyPatch) -> None:
    no_console(monkeypatch)
    try:
        code = main(argv)
    except SystemExit as exit_:  # --version, --help and usage mistakes end through argparse
        code = exit_.code
    assert code == status


def test_records_commands_without_a_console(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    db = make_record(tmp_path / "concom-desk.sqlite")
    no_console(monkeypatch)
    assert main(["filings", "--db", str(db), "--json"]) == 0
    assert main(["check", "--db", str(db)]) == 0
    assert main(["backup", "--db", str(db), "--out", str(tmp_path / "b.zip")]) == 0
    assert (tmp_path / "b.zip").is_file()
    assert main(["export", "--db", str(db), "--format", "csv", "--out", str(tmp_path / "x")]) == 0
    assert any((tmp_path / "x").iterdir())
