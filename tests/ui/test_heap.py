"""The collector waits while a tab reads, and runs again once every read is done, on
the window's thread; setting the long-lived objects aside collects the garbage first
(it is not kept)."""

from __future__ import annotations

import gc
import threading
import weakref
from collections.abc import Iterator

import pytest

from concom_desk.ui import heap
from concom_desk.ui.background import pool
from concom_desk.ui.heap import paused_while_reading, set_aside_long_lived


@pytest.fixture(autouse=True)
def collector_running() -> Iterator[None]:
    # A read an earlier test left running (a closed tab's) would hold the collector off.
    pool().waitForDone()
    yield
    gc.enable()  # (tests/conftest.py unfreezes after every test)


def test_the_collector_waits_until_the_last_read_is_done() -> None:
    seen: list[bool] = []

    @paused_while_reading
    def inner() -> str:
        seen.append(gc.isenabled())
        return "rows"

    @paused_while_reading
    def outer() -> str:
        rows = inner()
        seen.append(gc.isenabled())  # the inner read is done, this one is not
        return rows

    assert outer() == "rows"
    assert seen == [False, False]
    assert gc.isenabled()


def test_a_read_that_fails_lets_the_collector_run_again() -> None:
    @paused_while_reading
    def read() -> None:
        raise ValueError("the database is locked")

    with pytest.raises(ValueError, match="locked"):
        read()
    assert gc.isenabled()


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_garbage_is_collected_before_the_rest_is_set_aside() -> None:
    a, b = Node(), Node()
    a.other, b.other = b, a  # a cycle: only the collector frees it
    gone = weakref.ref(a)
    kept = Node()
    del a, b
    set_aside_long_lived()
    assert gone() is None
    assert gc.get_freeze_count() > 0
    assert kept.other is None


def test_when_the_last_read_ends_its_garbage_goes_and_its_rows_are_set_aside() -> None:
    made: list[weakref.ref[Node]] = []

    @paused_while_reading
    def read() -> list[Node]:
        a, b = Node(), Node()
        a.other, b.other = b, a  # left behind by the read: only the collector frees it
        made.append(weakref.ref(a))
        return [Node() for _ in range(1_000)]

    before = gc.get_freeze_count()
    rows = read()
    assert made[0]() is None  # collected before the rows came back
    assert gc.get_freeze_count() >= before + len(rows)  # the rows: walked no more
    assert gc.isenabled()


def test_a_read_on_another_thread_leaves_the_collecting_to_the_windows_thread(
        qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    # Collected on the reading thread, a Qt object the window dropped would be destroyed
    # there, off its own thread: the program crashed so (CI, in a dialog's test).
    collected_on: list[threading.Thread] = []
    set_aside = heap.set_aside_long_lived

    def recorded() -> None:
        collected_on.append(threading.current_thread())
        set_aside()

    monkeypatch.setattr(heap, "set_aside_long_lived", recorded)
    read = paused_while_reading(lambda: [Node() for _ in range(1_000)])
    reader = threading.Thread(target=read)
    reader.start()
    reader.join()
    assert collected_on == []
    assert not gc.isenabled()  # until the window's thread has collected
    qtbot.waitUntil(gc.isenabled)
    assert collected_on == [threading.main_thread()]


def test_the_sections_code_is_set_aside_as_soon_as_it_is_imported(qtbot) -> None:
    # The tabs' modules (and python-docx, lxml) are not walked again by the collection
    # that follows the records' first read, which may still be under way.
    from concom_desk.ui.calendar.calendar_tab import CalendarTab
    from concom_desk.ui.warm_up import warm_up

    release = threading.Event()
    records_read = threading.Thread(target=paused_while_reading(release.wait))
    records_read.start()
    try:
        assert any(o is CalendarTab for o in gc.get_objects())  # walked by a collection
        warm_up().wait()
        assert not any(o is CalendarTab for o in gc.get_objects())  # set aside
        assert not gc.isenabled()  # the records' read still under way
    finally:
        release.set()
        records_read.join()
    qtbot.waitUntil(gc.isenabled)


def test_the_opening_reads_rows_are_walked_by_no_collection(
        qtbot, town_db, monkeypatch: pytest.MonkeyPatch) -> None:
    # On a town four times the large demo, walking the opening's 40,000 rows froze the
    # window for 57 ms; set aside as they are, they cost the first collection nothing.
    from concom_desk.services.filings.rows import FilingRow
    from tests.ui.test_main_window import open_window

    walked: list[set[int]] = []  # the rows each collection walks
    set_aside = heap.set_aside_long_lived

    def seen() -> None:
        walked.append({id(o) for o in gc.get_objects() if isinstance(o, FilingRow)})
        set_aside()

    monkeypatch.setattr(heap, "set_aside_long_lived", seen)
    window = open_window(qtbot, town_db)
    qtbot.waitUntil(gc.isenabled)
    shown = {id(row) for row in window.filings_tab.model.rows()}  # alive since read
    assert shown and walked
    assert not shown & set().union(*walked)
