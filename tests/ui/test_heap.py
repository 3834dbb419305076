"""One collector policy: it is never switched off, and the window's thread collects and
sets aside what is alive at known moments (after a whole read is shown, after the
sections' code is loaded). So no read, however stuck, can leave the collector off (one
once left it off for a whole run: 200,433 objects piled up in a test)."""

from __future__ import annotations

import gc
import threading
import weakref
from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QWidget

from concom_desk.services.filings import desk_lists
from concom_desk.services.filings.rows import FilingRow
from concom_desk.ui.background import pool
from concom_desk.ui.heap import settle
from concom_desk.ui.main_window import MainWindow
from concom_desk.ui.view_loader import ViewLoader
from tests.ui.conftest import SETTINGS, TODAY

HELD = 20  # seconds a stuck read waits at most, should the test fail before letting it go


@pytest.fixture(autouse=True)
def collector_running() -> Iterator[None]:
    pool().waitForDone()
    yield
    gc.enable()  # (tests/conftest.py unfreezes after every test)


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_the_collector_stays_on_while_reads_are_stuck(qtbot, town_db, monkeypatch) -> None:
    """A whole read of the lists and a tab's read, both stuck: the collector is on in
    them, on the window's thread meanwhile, and after they return."""
    stuck = threading.Event()
    inside: list[bool] = []
    reading = desk_lists.load_lists

    def stuck_read(db, today, filing_ids=None):  # noqa: ANN001, ANN202
        inside.append(gc.isenabled())
        stuck.wait(HELD)
        return reading(db, today, filing_ids)

    window = MainWindow(town_db, town_db.path, SETTINGS, TODAY)
    qtbot.addWidget(window)
    window.show()
    view = QWidget()
    qtbot.addWidget(view)
    loader = ViewLoader(view)

    def tab_read(_progress: object) -> str:
        inside.append(gc.isenabled())
        stuck.wait(HELD)
        return "rows"

    monkeypatch.setattr(desk_lists, "load_lists", stuck_read)
    try:
        window.reload()
        loader.load(tab_read, lambda _rows: None)
        qtbot.waitUntil(lambda: len(inside) == 2, timeout=HELD * 1000)
        garbage = Node()
        garbage.other = Node()
        garbage.other.other = garbage
        gone = weakref.ref(garbage)
        del garbage
        assert gc.isenabled()
        gc.collect()  # a collection runs while both reads are stuck
        assert gone() is None
        assert inside == [True, True]
        assert gc.isenabled()
    finally:
        with qtbot.waitSignal(window.lists_loaded, timeout=HELD * 1000):
            stuck.set()
    qtbot.waitUntil(lambda: loader.loads_shown == 1)
    assert gc.isenabled()


def test_settling_collects_the_garbage_then_sets_the_rest_aside() -> None:
    a, b = Node(), Node()
    a.other, b.other = b, a  # a cycle: only the collector frees it
    gone = weakref.ref(a)
    kept = Node()
    del a, b
    settle()
    assert gone() is None
    assert gc.get_freeze_count() > 0
    assert kept.other is None
    assert gc.isenabled()


def test_only_the_window_s_thread_collects() -> None:
    refused: list[str] = []

    def elsewhere() -> None:
        try:
            settle()
        except RuntimeError as exc:
            refused.append(str(exc))

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join()
    assert refused == ["the collector is run on the window's thread only"]


def test_the_town_s_rows_are_set_aside_once_shown(qtbot, town_db) -> None:
    window = MainWindow(town_db, town_db.path, SETTINGS, TODAY)
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.lists_loaded, timeout=HELD * 1000):
        window.reload()
    rows = window.filings_tab.model.rows()
    assert rows

    def set_aside() -> bool:
        walked = {id(o) for o in gc.get_objects() if isinstance(o, FilingRow)}
        return not walked & {id(r) for r in rows}

    qtbot.waitUntil(set_aside)  # a collection now walks none of them
    assert gc.isenabled()
