"""The hostile-input corpus: each case runs the real command and asserts what the
clerk sees (one line, no traceback), that the database is byte for byte as it
was (sha256) and still sound (`check`), and, for documents, that the output
scan finds nothing active in what was made."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from concom_desk.cli import main
from concom_desk.services.demo.town import load_demo
from tests.helpers.hostile_files import sha256


@dataclass(frozen=True)
class Ran:
    code: int
    out: str
    err: str

    @property
    def line(self) -> str:
        """The one line of complaint (asserted to be exactly one, no traceback)."""
        lines = [line for line in self.err.splitlines() if line.strip()]
        assert len(lines) == 1, self.err
        assert "Traceback" not in self.err
        return lines[0]


@pytest.fixture(scope="session")
def demo_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("demo") / "town.sqlite"
    load_demo(path, "small")
    return path


@pytest.fixture
def town(demo_master: Path, tmp_path: Path) -> Path:
    """A copy of the small demo town, for one test to attack."""
    path = tmp_path / "records" / "town.sqlite"
    path.parent.mkdir()
    shutil.copyfile(demo_master, path)
    return path


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]):  # type: ignore[no-untyped-def]
    def running(*args: str | Path) -> Ran:
        try:
            code = main([str(a) for a in args])
        except SystemExit as exit_:  # the parser refuses an argument: one line, status 2
            code = int(exit_.code or 0)
        captured = capsys.readouterr()
        return Ran(code, captured.out, captured.err)

    return running


@pytest.fixture
def unchanged(town: Path, run):  # type: ignore[no-untyped-def]
    """Call after the attack: the town's database is the same bytes and sound."""
    before = sha256(town)

    def still_the_same() -> None:
        assert sha256(town) == before
        checked = run("check", "--db", town)
        assert checked.code == 0, checked.out + checked.err

    return still_the_same
