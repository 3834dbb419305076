"""Inside the program started by bench/freeze.py: a 5 ms heartbeat on the window's
thread and the clerk's actions, one after another, each reported on stdout as one
JSON line {"action", "gap_ms", "fill_ms"}.

Loaded by the entry point when CONCOM_DESK_BENCH_HOOK names this file (see
concom_desk/cli/window_cmd.py); it is handed the launcher before the event loop
starts, as the frozen build's smoke test is. Nothing here is part of the program.

`gap_ms` is the longest time between two heartbeats from the action's start until
its view is filled and a settling time after (what is handed over late counts too);
`fill_ms` is from the action's start until its view shows what was asked for.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication

BEAT_MS = 5
SETTLE_S = 0.3  # watched after the view is filled: rows handed over late, paints
GIVE_UP_S = 120.0  # an action whose view never fills ends the run with an error line

TABS = ("Today", "Filings", "Hearing calendar", "Enforcement")
TYPED = "pond"
RECORDS = 3


def say(**fields: Any) -> None:
    print(json.dumps(fields), flush=True)


class Step:
    def __init__(self, name: str, start: Callable[[], None],
                 done: Callable[[], bool], started_at: float | None = None) -> None:
        self.name, self.start, self.done, self.started_at = name, start, done, started_at


class Driver(QObject):
    def __init__(self, launcher: Any) -> None:
        super().__init__()
        self.launcher = launcher
        self.steps: list[Step] = []
        self.step: Step | None = None
        self.began = 0.0
        self.filled: float | None = None
        self.last_beat = time.perf_counter()
        self.worst = 0.0
        self.records_seen = 0
        self.connected = False
        self.beat = QTimer(self)
        self.beat.setTimerType(Qt.TimerType.PreciseTimer)
        self.beat.setInterval(BEAT_MS)
        self.beat.timeout.connect(self._tick)
        self.beat.start()
        launched = float(os.environ.get("CONCOM_DESK_BENCH_T0", time.time()))
        # Time since launch, on this process's clock.
        started = time.perf_counter() - (time.time() - launched)
        self.steps.append(Step("start", lambda: None, self._filings_shown, started))

    # -- the window, once there ----------------------------------------------------------
    @property
    def window(self) -> Any:
        return self.launcher.window

    def _filings_shown(self) -> bool:
        window = self.window
        if window is None:
            return False
        if not self.connected:
            window.lists_loaded.connect(self._records_loaded)
            self.connected = True
        if self.records_seen:
            self._plan()
            return True
        return False

    def _records_loaded(self) -> None:
        self.records_seen += 1

    def _tab(self, name: str) -> Any:
        tabs = self.window.tabs
        for index in range(tabs.count()):
            if tabs.tabText(index).replace("&", "").lower() == name.lower():
                return index
        raise SystemExit(f"no tab {name}")

    def _tab_filled(self) -> bool:
        shown = self.window.tabs.currentWidget()
        loader = getattr(shown, "loader", None)
        if loader is None:
            return type(shown).__name__ != "PlaceholderTab"
        return not loader.loading and loader.loads_shown > 0

    def _plan(self) -> None:
        window = self.window
        for round_ in (1, 2):
            for name in TABS:
                index = self._tab(name)
                self.steps.append(Step(f"tab {name} #{round_}",
                                       lambda i=index: window.tabs.setCurrentIndex(i),
                                       self._tab_filled))
        calendar = lambda: window.section("Hearing calendar")  # noqa: E731
        self.steps.append(Step("calendar shown", lambda: window.show_section("Hearing calendar"),
                               self._tab_filled))
        for turn in range(6):
            self.steps.append(Step(f"month +{turn + 1}", lambda: calendar().month.showNextMonth(),
                                   self._tab_filled))
        for turn in range(6):
            self.steps.append(Step(f"month -{turn + 1}",
                                   lambda: calendar().month.showPreviousMonth(),
                                   self._tab_filled))
        filings = lambda: window.filings_tab  # noqa: E731
        self.steps.append(Step("filings shown", lambda: window.tabs.setCurrentIndex(
            self._tab("Filings")), self._tab_filled))
        searched = lambda: filings().search_applied == filings().search.text()  # noqa: E731
        for letter in TYPED:
            self.steps.append(Step(f"type {letter}", lambda c=letter: filings().search.insert(c),
                                   searched))
        for _letter in TYPED:
            self.steps.append(Step("rub out", lambda: filings().search.backspace(), searched))
        self.steps.append(Step("records chosen", self._choose_records, lambda: True))

    def _choose_records(self) -> None:
        window = self.window
        # Read from the model's own list: the bench's choosing is no freeze of the window's.
        rows = [row for row in window.filings_tab.model.rows() if row.kind == "noi"]
        chosen = [row.id for row in rows[len(rows) // 4::max(1, len(rows) // 7)][:RECORDS]]
        windows = window.filing_windows
        for number, filing_id in enumerate(chosen, start=1):
            def opened(filing_id: int = filing_id) -> bool:
                record = windows.records.get(filing_id)
                return (record is not None and record.detail is not None
                        and record.isVisible())

            self.steps.append(Step(f"record {number} open",
                                   lambda f=filing_id: window.filings_tab.open_filing.emit(f),
                                   opened))
            self.steps.append(Step(f"record {number} close",
                                   lambda f=filing_id: windows.records[f].reject(),
                                   lambda f=filing_id: f not in windows.records))
        saved = chosen[0]
        self.form: Any = None

        def open_form() -> None:
            self.form = window.edit_filing(saved)

        def save() -> None:
            self.seen_before_save = self.records_seen
            form = self.form
            form.notes.setPlainText((form.notes.toPlainText() + " Heartbeat bench.").strip())
            form._accept()

        # Filled once the parties and properties it completes from are read (behind it).
        self.steps.append(Step("form open", open_form,
                               lambda: self.form is not None and self.form.isVisible()
                               and getattr(self.form, "choices_read", True)
                               # (its filing read behind it and in its boxes)
                               and not getattr(self.form, "reading", False)))
        self.steps.append(Step("filing saved", save,
                               lambda: self.records_seen > self.seen_before_save))

    # -- the heartbeat -------------------------------------------------------------------
    def _tick(self) -> None:
        now = time.perf_counter()
        self.worst = max(self.worst, now - self.last_beat)
        self.last_beat = now
        step = self.step
        if step is None:
            if not self.steps:
                self.beat.stop()
                say(action="end")
                QTimer.singleShot(0, self._quit)
                return
            step = self.step = self.steps.pop(0)
            self.worst, self.filled = 0.0, None
            self.began = step.started_at if step.started_at is not None else now
            # The action's own work on this thread counts: the next beat's gap holds it.
            step.start()
            return
        if self.filled is None:
            if step.name == "start" and self.window is None:
                self.worst = 0.0  # no window yet: nothing on screen to freeze
                return
            if step.done():
                self.filled = now
            elif now - self.began > GIVE_UP_S:
                say(action=step.name, error="its view never filled")
                QTimer.singleShot(0, self._quit)
                self.beat.stop()
            return
        if now - self.filled >= SETTLE_S:
            say(action=step.name, gap_ms=round(self.worst * 1000, 1),
                fill_ms=round((self.filled - self.began) * 1000, 1))
            self.step = None

    def _quit(self) -> None:
        for widget in QApplication.topLevelWidgets():
            if widget.isVisible() and widget is not self.window:
                widget.close()
        if self.window is not None:
            self.window.close()
        QApplication.quit()


_DRIVER: list[Driver] = []


def watch(launcher: Any) -> None:
    """Handed the launcher by the entry point before its event loop starts."""
    _DRIVER.append(Driver(launcher))
    print("watching", file=sys.stderr, flush=True)
