"""The Hearing calendar's month is counted behind the window before its first visit
(ui/window_sections.head_start): started as a clerk starts the program, the first look
at the calendar counts nothing more and shows the month's deadlines."""

from __future__ import annotations

import threading
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from concom_desk.services.calendar.loading import load_calendar
from concom_desk.services.demo.town import load_demo
from concom_desk.ui.app import Launcher
from concom_desk.ui.calendar import calendar_tab
from concom_desk.ui.calendar.month_read import grid_days
from concom_desk.ui.calendar.month_view import deadline_words

WAIT_MS = 30_000  # at most, should the test fail first


@pytest.mark.parametrize("imports_first", [True, False])
def test_the_months_deadlines_are_counted_before_the_calendar_is_first_shown(
        qtbot: QtBot, tmp_path: Path, program_clock: date,
        monkeypatch: pytest.MonkeyPatch, imports_first: bool) -> None:
    """Whichever ends first, the sections' imports or the filings' read (the imports
    first on a large town, or when they were in already): the month waits for both."""
    from concom_desk.services.calendar import loading
    from concom_desk.ui import warm_up as warm_up_module

    path = tmp_path / "demo.sqlite"
    load_demo(path, "small", today=program_clock)
    on_the_window_thread: list[bool] = []
    real = loading._counted

    def counted(filing: Any, *rest: Any) -> Any:
        on_the_window_thread.append(threading.current_thread() is threading.main_thread())
        return real(filing, *rest)

    monkeypatch.setattr(loading, "_counted", counted)
    # The months beside the one shown are counted once it shows (tested apart): here
    # every count after the head start would be the first visit's own.
    monkeypatch.setattr(calendar_tab, "count_ahead", lambda *_args, **_kw: None)
    if imports_first:  # in before the filings are read
        monkeypatch.setattr(warm_up_module, "warm_up", lambda then=None: then and then())
    launcher = Launcher(path, demo_if_missing=False, today=program_clock)
    launcher.start()
    window = launcher.window
    assert window is not None
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.head_start_task is not None, timeout=WAIT_MS)
    assert window.filings_tab.model.rows()  # the filings came first
    assert window.head_start_task is not None
    window.head_start_task.wait()
    assert on_the_window_thread and not any(on_the_window_thread)
    on_the_window_thread.clear()
    tab = window.show_section("Hearing calendar")
    qtbot.waitUntil(lambda: tab.loader.loads_shown == 1, timeout=WAIT_MS)
    assert on_the_window_thread == []  # nothing left to count at the first visit
    # What it shows is what the month's own read, counting everything, gives.
    start, end = grid_days(tab.month.yearShown(), tab.month.monthShown())
    assert start <= program_clock <= end
    monkeypatch.setattr(loading, "_counted", real)
    cold = load_calendar(window.db, start, end, agenda_from=program_clock)
    assert tab.snapshot.deadlines == cold.deadlines
    due = [d for d in cold.deadlines if d.record_kind == "filing" and not d.met]
    assert due and all((d.kind, deadline_words(d.kind, sum(
        o.kind == d.kind for o in due if o.day == d.day), d.label)) in tab.month.tags_on(d.day)
        for d in due)
    window.close()
