"""The log file keeps its last few megabytes, and a log that cannot be turned (Windows:
the window holds it open while a command writes) never prints at the clerk."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

import pytest

from concom_desk import log_file


@pytest.fixture
def small_log(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(log_file, "MAX_BYTES", 2000)


@pytest.mark.logs_warning
@pytest.mark.usefixtures("small_log")
def test_the_log_turns_over_and_keeps_three_old_files(isolated_data_dir: Path) -> None:
    handler = log_file.start_log_file()
    assert handler is not None and log_file.start_log_file() is handler  # once per process
    try:
        for n in range(200):
            logging.getLogger("concom_desk.test").warning("entry %03d %s", n, "x" * 60)
    finally:
        log_file.stop_log_file(handler)
    names = sorted(p.name for p in isolated_data_dir.iterdir())
    assert names == ["concom-desk.log", "concom-desk.log.1", "concom-desk.log.2",
                     "concom-desk.log.3"]
    assert all(p.stat().st_size <= 2000 for p in isolated_data_dir.iterdir())
    assert "entry 199" in (isolated_data_dir / "concom-desk.log").read_text(encoding="utf-8")


@pytest.mark.logs_warning
@pytest.mark.usefixtures("small_log")
def test_a_log_held_open_elsewhere_goes_on_in_the_same_file(
        isolated_data_dir: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    def held(self: RotatingFileHandler, source: str, dest: str) -> None:
        raise PermissionError(32, "The process cannot access the file", source)

    monkeypatch.setattr(RotatingFileHandler, "rotate", held)
    handler = log_file.start_log_file()
    try:
        for n in range(100):
            logging.getLogger("concom_desk.test").warning("entry %03d %s", n, "x" * 60)
    finally:
        log_file.stop_log_file(handler)
    text = (isolated_data_dir / "concom-desk.log").read_text(encoding="utf-8")
    assert "entry 000" in text and "entry 099" in text
    assert capsys.readouterr().err == ""


def test_an_unwritable_data_folder_means_no_log(isolated_data_dir: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = isolated_data_dir / "a file, not a folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setattr(log_file, "log_folder", lambda: blocker / "inside")
    assert log_file.start_log_file() is None


# A fresh interpreter: logging.handlers (sockets, pickling) is imported when the first
# line is written, not when the log is started before the window's first paint.
FIRST_LINE = """
import logging, sys
from concom_desk import log_file
handler = log_file.start_log_file()
print("logging.handlers" in sys.modules)
logging.getLogger("concom_desk.test").warning("the first line")
print("logging.handlers" in sys.modules)
log_file.stop_log_file(handler)
"""


def test_the_rotating_file_is_made_with_the_first_line(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "CONCOM_DESK_DATA": str(tmp_path), "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", FIRST_LINE], env=env, cwd=root,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True"]
    assert "the first line" in (tmp_path / "concom-desk.log").read_text(encoding="utf-8")
