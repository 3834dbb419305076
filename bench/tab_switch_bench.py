"""Switching tabs in the real main window on the large demo town, measured from
outside the code: a timer ticks every millisecond on the GUI thread, and the longest
gap between two ticks is how long the window froze (the goal: under 50 ms); beside
it, how long the tab took to show its rows (read in the background).

    python bench/tab_switch_bench.py [--db PATH] [--rounds 3]

The window is opened as the program opens it: the records read, then the sections'
code loaded behind it (ui/warm_up.py). Each round goes Hearing calendar → next
month → Enforcement → Today → Filings → Hearing calendar …; the first visit of a
tab builds it. Medians over the rounds and
the worst stall of all.

Beside each freeze, how much of it the window's thread spent working (its CPU time
in that gap) and the whole program (every thread): on a busy machine a freeze much
longer than the program's own CPU time is the machine running other programs, one
longer than the window thread's own is the window waiting for Python's interpreter
lock while a read runs.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import time
from datetime import date
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from large_demo import large_demo_db  # noqa: E402


class Freeze(NamedTuple):
    """The longest gap between two ticks, in ms: as the clerk waits (`wall`), and the
    CPU time the window's thread and the whole program had in it."""

    wall: float
    window: float
    program: float


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="database (default: the large demo town)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile", metavar="TAB",
                        help="print where the GUI thread spent the first visit of TAB "
                             "(a step's name, e.g. Enforcement; cProfile, GUI thread only)")
    args = parser.parse_args()
    db_path = large_demo_db(args.db)
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from concom_desk.services.commission.settings import load_settings
    from concom_desk.store import open_database
    from concom_desk.ui import view_loader
    from concom_desk.ui.main_window import MainWindow

    app = QApplication(sys.argv[:1])
    db = open_database(db_path, lock=False)
    settings = load_settings(db)
    window = MainWindow(db, db_path, settings, date.today())
    window.resize(1300, 800)
    window.show()
    loaded = {"records": False}
    window.lists_loaded.connect(lambda: loaded.update(records=True))
    window.reload()
    while not loaded["records"]:
        app.processEvents()
    from concom_desk.ui.warm_up import warm_up

    warm_up().wait()  # as the program does behind the window once the records show

    ticks: list[tuple[float, float, float]] = []  # wall clock, window thread's CPU, program's

    def tick() -> None:
        ticks.append((time.perf_counter(), time.thread_time(), time.process_time()))

    beat = QTimer()
    beat.setInterval(1)
    beat.timeout.connect(tick)
    beat.start()

    def step(action) -> tuple[Freeze, float]:  # type: ignore[no-untyped-def]
        """(longest freeze, time until the rows are on screen in ms)."""
        app.processEvents()
        ticks.clear()
        tick()
        began = ticks[0][0]
        profiler = profiling.pop(action, None)
        if profiler is not None:
            profiler.enable()
        action()
        while view_loader.running():
            app.processEvents()
        app.processEvents()  # the rows handed over are laid out and painted
        app.processEvents()
        filled = (time.perf_counter() - began) * 1000
        settled = time.perf_counter()  # a stall just after the rows show still counts
        while time.perf_counter() - settled < 0.1:
            app.processEvents()
        if profiler is not None:
            profiler.disable()
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(45)
        longest = max(zip(ticks, ticks[1:], strict=False), key=lambda g: g[1][0] - g[0][0])
        before, after = longest
        return Freeze(*((b - a) * 1000 for a, b in zip(before, after, strict=True))), filled

    def show(name: str):  # type: ignore[no-untyped-def]
        return lambda: window.show_section(name)

    def next_month() -> None:
        window.calendar_tab.month.showNextMonth()  # type: ignore[attr-defined]

    steps = [("Hearing calendar", show("Hearing calendar")), ("next month", next_month),
             ("Enforcement", show("Enforcement")),
             ("Today", lambda: window.tabs.setCurrentWidget(window.today_view)),
             ("Filings", lambda: window.tabs.setCurrentWidget(window.filings_tab))]
    profiling = {action: cProfile.Profile() for name, action in steps if name == args.profile}
    stalls: dict[str, list[Freeze]] = {}
    fills: dict[str, list[float]] = {}
    first: dict[str, tuple[Freeze, float]] = {}
    for round_number in range(args.rounds + 1):
        for name, action in steps:
            stall, filled = step(action)
            if round_number == 0:
                first[name] = (stall, filled)
            else:
                stalls.setdefault(name, []).append(stall)
                fills.setdefault(name, []).append(filled)
    beat.stop()
    print(f"database: {db_path}")
    print(f"{'tab':18}{'first: freeze':>15}{'(worked':>8}{'ran)':>6}{'filled':>8}"
          f"{'again: freeze':>15}{'(worked':>8}{'ran)':>6}{'filled':>8}  (ms)")
    for name, _action in steps:
        freeze, filled = first[name]
        again = sorted(stalls[name])[len(stalls[name]) // 2]  # the median round's freeze
        print(f"{name:18}{freeze.wall:15.0f}{freeze.window:8.0f}{freeze.program:6.0f}"
              f"{filled:8.0f}{again.wall:15.0f}{again.window:8.0f}{again.program:6.0f}"
              f"{statistics.median(fills[name]):8.0f}")
    worst = max([*(s for rounds in stalls.values() for s in rounds),
                 *(s for s, _ in first.values())])
    print(f"worst freeze of the window: {worst.wall:.0f} ms (goal: under 50 ms); in it the "
          f"window's thread worked {worst.window:.0f} ms, the program {worst.program:.0f} ms")
    window.hide()  # not closed: closing would make the closing backup of the bench town
    db.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
