"""The calendar tab reads the month shown, in the background: turning the months
faster than they are read shows the last month asked for, never an older one."""

from __future__ import annotations

import threading
from datetime import date, datetime
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from concom_desk.ui.calendar import calendar_tab as calendar_module
from concom_desk.ui.calendar.calendar_tab import CalendarTab
from concom_desk.ui.calendar.month_read import grid_days
from tests.helpers.calendar_db import Commission
from tests.helpers.loading import all_loaded
from tests.services.calendar.test_hearing_services import MAR3, book_three

HELD = 10  # seconds a held read waits at most, should the test fail before letting it go


def test_grid_days_are_the_six_weeks_the_month_shows() -> None:
    # March 2027 begins on a Monday: the grid starts Sunday Feb 28 and runs 42 days.
    assert grid_days(2027, 3) == (date(2027, 2, 28), date(2027, 4, 10))
    # November 2026 begins on a Sunday: the grid starts on the 1st itself.
    assert grid_days(2026, 11) == (date(2026, 11, 1), date(2026, 12, 12))


def test_turning_the_months_quickly_shows_the_last_month_asked_for(
        qtbot: QtBot, commission: Commission, monkeypatch: pytest.MonkeyPatch) -> None:
    book_three(commission)
    let_go = threading.Event()
    real_read = calendar_module.read_month
    asked: list[date] = []

    february = grid_days(2027, 2)[0]

    def read_month(db: Any, start: date, end: date, today: date, counted: Any = None,
                   check: Any = None) -> Any:
        assert threading.current_thread() is not threading.main_thread()  # a worker's
        asked.append(start)
        # February's read, the tab's first, is the slow one. Held by its month, not
        # by the order the reads arrive in: the pool may start March's thread first.
        if start == february:
            let_go.wait(HELD)
        return real_read(db, start, end, today, counted, check)

    monkeypatch.setattr(calendar_module, "read_month", read_month)
    tab = CalendarTab(commission.db, now=lambda: datetime(2027, 2, 18, 9, 0))
    qtbot.addWidget(tab)
    tab.show()  # February's read starts once the tab is painted
    qtbot.waitUntil(lambda: asked == [february], timeout=HELD * 1000)
    assert tab.loader.loading and not tab.busy.isHidden()  # February still being read
    tab.go_to_day(MAR3)  # the clerk turns to March before February is on screen
    qtbot.waitUntil(lambda: tab.loader.loads_shown == 1, timeout=HELD * 1000)
    assert sorted(asked) == [february, grid_days(2027, 3)[0]]
    assert ("meeting", "Meeting 7:00 pm · 3 hearings") in tab.month.tags_on(MAR3)
    assert tab.day_title.text() == "Wednesday, March 3, 2027"
    march = tab.snapshot
    let_go.set()
    all_loaded(qtbot)
    assert tab.snapshot is march  # February's late answer was thrown away
    assert tab.loader.loads_shown == 1
    assert tab.busy.isHidden()


def test_the_next_month_is_counted_behind_the_month_shown(
        qtbot: QtBot, commission: Commission, monkeypatch: pytest.MonkeyPatch) -> None:
    # Received Mon Apr 5 2027: its first clocks fall in April, on March's grid (to Apr 10),
    # never on February's (to Mar 13). Counted while February is shown, on a worker.
    from concom_desk.services.calendar import loading
    from tests.ui.conftest import add_filing

    april = add_filing(commission.db, kind="noi", file_no="UCC 2027-011", town="upton",
                       applicant="Ann Lee", address="5 Bay Road", received=date(2027, 4, 5))
    counted_on: dict[int, bool] = {}
    real = loading._counted

    def counted_now(filing: Any, *rest: Any) -> Any:
        counted_on[filing.id] = threading.current_thread() is threading.main_thread()
        return real(filing, *rest)

    monkeypatch.setattr(loading, "_counted", counted_now)
    tab = CalendarTab(commission.db, now=lambda: datetime(2027, 2, 18, 9, 0))
    qtbot.addWidget(tab)
    tab.show()
    qtbot.waitUntil(lambda: tab.loader.loads_shown == 1 and april in counted_on,
                    timeout=HELD * 1000)
    assert counted_on[april] is False  # behind the window
    qtbot.waitUntil(lambda: not tab._counting_ahead, timeout=HELD * 1000)
    counted_on.clear()
    tab.go_to_day(date(2027, 3, 31))  # March's grid shows it: nothing left to count
    qtbot.waitUntil(lambda: tab.loader.loads_shown == 2 and not tab.loader.loading,
                    timeout=HELD * 1000)
    assert april not in counted_on
    assert any(words.startswith("Abutter notices") for _kind, words
               in tab.month.tags_on(date(2027, 4, 5)))
    all_loaded(qtbot)
