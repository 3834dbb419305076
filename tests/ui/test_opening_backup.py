"""The opening backup is made behind the open window: the records show first, the
backup follows, and one that fails is told without stopping the clerk."""

from __future__ import annotations

import threading

import pytest

from concom_desk.paths import backups_dir
from concom_desk.services.safekeeping import backups
from concom_desk.store import Database
from concom_desk.ui.app import Launcher
from tests.ui.conftest import TODAY, add_filing

HELD = 30  # seconds the held backup waits at most, should the test fail first


def test_the_records_show_before_the_opening_backup_is_made(
        qtbot, db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    add_filing(db, kind="noi", file_no="2026-41", address="12 Pond Road")
    path = db.path
    db.close()  # the launcher takes the lock itself
    let_go, started = threading.Event(), threading.Event()
    real = backups.back_up_quietly

    def held_backup(*args, **kwargs):
        started.set()
        let_go.wait(HELD)
        return real(*args, **kwargs)

    monkeypatch.setattr(backups, "back_up_quietly", held_backup)
    launcher = Launcher(path, demo_if_missing=False, today=TODAY)
    launcher.start()
    window = launcher.window
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.lists_loaded, timeout=HELD * 1000):
        pass
    assert [r.file_no for r in window.filings_tab.model.rows()] == ["2026-41"]
    qtbot.waitUntil(started.is_set, timeout=HELD * 1000)
    folder = backups_dir(path)
    assert not list(folder.glob("*-auto-*.zip"))  # the records are up, the backup not yet
    let_go.set()
    qtbot.waitUntil(lambda: bool(list(folder.glob("*-auto-*.zip"))), timeout=HELD * 1000)
    window.close()


def test_a_failed_opening_backup_is_told_and_the_clerk_works_on(
        qtbot, db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    path = db.path
    db.close()

    def no_room(_db_path, warn=None):
        if warn is not None:
            warn("The automatic backup could not be made: the disk is full")
        return None

    monkeypatch.setattr(backups, "back_up_quietly", no_room)
    told: list[str] = []
    launcher = Launcher(path, demo_if_missing=False, today=TODAY)
    launcher.start()
    window = launcher.window
    qtbot.addWidget(window)
    window.show_problem = told.append  # the message box, as the clerk would see it
    qtbot.waitUntil(lambda: bool(told), timeout=HELD * 1000)
    assert told == ["The automatic backup could not be made: the disk is full"]
    assert window.tabs.isEnabled()
    window.close()


def test_the_sections_code_is_loaded_behind_the_window(qtbot) -> None:  # an application
    import sys

    from concom_desk.ui.warm_up import SECTION_MODULES, warm_up

    task = warm_up()
    task.wait()  # returns once the imports have run, on the pool's thread
    assert all(name in sys.modules for name in SECTION_MODULES)
