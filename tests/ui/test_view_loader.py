"""A view's reads run in the background, one at a time: a newer read cancels the one
before, and whatever the older one still returns is never shown."""

from __future__ import annotations

import threading
from datetime import datetime, time
from typing import Any

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from concom_desk.ui.background import Progress
from concom_desk.ui.main_window import MainWindow
from concom_desk.ui.view_loader import BusyLine, ViewLoader
from tests.helpers.clock import TEST_TODAY
from tests.helpers.loading import all_loaded, loaded
from tests.ui.conftest import SETTINGS, TODAY

HELD = 10  # seconds a held read waits at most, should the test fail before letting it go


def test_a_newer_read_wins_and_the_older_result_is_dropped(qtbot: QtBot) -> None:
    view = QWidget()
    qtbot.addWidget(view)
    view.show()  # on screen: each read starts at once
    busy = BusyLine("Reading…", view)
    loader = ViewLoader(view, busy)
    shown: list[str] = []
    let_go = threading.Event()
    cancelled_seen = threading.Event()

    def slow(progress: Progress) -> str:
        let_go.wait(HELD)
        if progress.cancelled:
            cancelled_seen.set()
        return "January"

    loader.load(slow, shown.append)
    assert loader.loading and not busy.isHidden()
    with qtbot.waitSignal(loader.loaded, timeout=HELD * 1000):
        loader.load(lambda _progress: "February", shown.append)
    assert shown == ["February"]
    assert busy.isHidden() and not loader.loading
    let_go.set()
    all_loaded(qtbot)  # the January read has returned by now...
    assert cancelled_seen.is_set()  # ...told it was no longer wanted
    assert shown == ["February"]  # ...and its rows never reached the view
    assert loader.loads_shown == 1


def test_a_views_first_read_starts_once_the_view_is_painted(qtbot: QtBot) -> None:
    view = QWidget()
    qtbot.addWidget(view)
    view.resize(200, 100)
    loader = ViewLoader(view, BusyLine("Reading…", view))
    started = threading.Event()
    shown: list[str] = []

    def first(_progress: Progress) -> str:
        started.set()
        return "first"

    loader.load(first, shown.append)
    assert loader.loading and not started.is_set()  # not before the view is painted
    with qtbot.waitExposed(view):
        view.show()
    qtbot.waitUntil(lambda: not loader.loading)
    assert started.is_set() and shown == ["first"]


def test_a_first_read_asked_again_before_it_began_never_runs(qtbot: QtBot) -> None:
    view = QWidget()  # never shown: the reads start after a short wait instead
    qtbot.addWidget(view)
    loader = ViewLoader(view)
    ran: list[str] = []

    def read(name: str) -> Any:
        def run(_progress: Progress) -> str:
            ran.append(name)
            return name
        return run

    shown: list[str] = []
    loader.load(read("January"), shown.append)
    loader.load(read("February"), shown.append)
    qtbot.waitUntil(lambda: not loader.loading)
    all_loaded(qtbot)
    assert ran == ["February"] and shown == ["February"]


def test_a_failed_read_is_told_in_words(qtbot: QtBot) -> None:
    from concom_desk.errors import UserError

    view = QWidget()
    qtbot.addWidget(view)
    loader = ViewLoader(view)

    def broken(_progress: Progress) -> None:
        raise UserError("the database is locked by another program")

    with qtbot.waitSignal(loader.failed, timeout=10_000) as failed:
        loader.load(broken, lambda _rows: None)
    assert failed.args == ["the database is locked by another program"]
    assert not loader.loading


def test_switching_tabs_reads_again_only_after_a_save(qtbot: QtBot, town_db: Any) -> None:
    window = MainWindow(town_db, town_db.path, SETTINGS, TODAY)
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        window.reload()
    calendar = loaded(qtbot, window.show_section("Hearing calendar"))
    enforcement = loaded(qtbot, window.show_section("Enforcement"))
    assert (calendar.loader.loads_shown, enforcement.loader.loads_shown) == (1, 1)
    lists_read: list[int] = []
    window.lists_loaded.connect(lambda: lists_read.append(1))
    for _round in range(3):  # back and forth: nothing changed, nothing is read again
        window.tabs.setCurrentWidget(window.filings_tab)
        window.tabs.setCurrentWidget(calendar)
        window.tabs.setCurrentWidget(window.today_view)
        window.tabs.setCurrentWidget(enforcement)
    all_loaded(qtbot)
    assert (calendar.loader.loads_shown, enforcement.loader.loads_shown) == (1, 1)
    assert lists_read == []

    from concom_desk.services.calendar.meetings import add_meeting

    tonight = TEST_TODAY  # the window's calendar opens on the laptop's today
    add_meeting(town_db, datetime.combine(tonight, time(19, 0)), "Town Hall")
    window.tabs.setCurrentWidget(calendar)  # a save since: read once, shown once
    loaded(qtbot, calendar)
    assert calendar.loader.loads_shown == 2
    assert calendar.snapshot.meetings_on(tonight)
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        window.tabs.setCurrentWidget(window.today_view)
    window.tabs.setCurrentWidget(calendar)
    all_loaded(qtbot)
    assert calendar.loader.loads_shown == 2
