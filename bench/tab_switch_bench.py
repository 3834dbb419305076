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

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from large_demo import large_demo_db  # noqa: E402


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
    window.records_loaded.connect(lambda: loaded.update(records=True))
    window.reload()
    while not loaded["records"]:
        app.processEvents()
    from concom_desk.ui.warm_up import warm_up

    warm_up().wait()  # as the program does behind the window once the records show

    ticks: list[float] = []
    beat = QTimer()
    beat.setInterval(1)
    beat.timeout.connect(lambda: ticks.append(time.perf_counter()))
    beat.start()

    def step(action) -> tuple[float, float]:  # type: ignore[no-untyped-def]
        """(longest freeze, time until the rows are on screen), in ms."""
        app.processEvents()
        ticks.clear()
        began = time.perf_counter()
        ticks.append(began)
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
        gaps = [b - a for a, b in zip(ticks, ticks[1:], strict=False)]
        return max(gaps, default=0) * 1000, filled

    def show(name: str):  # type: ignore[no-untyped-def]
        return lambda: window.show_section(name)

    def next_month() -> None:
        window.calendar_tab.month.showNextMonth()  # type: ignore[attr-defined]

    steps = [("Hearing calendar", show("Hearing calendar")), ("next month", next_month),
             ("Enforcement", show("Enforcement")),
             ("Today", lambda: window.tabs.setCurrentWidget(window.today_view)),
             ("Filings", lambda: window.tabs.setCurrentWidget(window.filings_tab))]
    profiling = {action: cProfile.Profile() for name, action in steps if name == args.profile}
    stalls: dict[str, list[float]] = {}
    fills: dict[str, list[float]] = {}
    first: dict[str, tuple[float, float]] = {}
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
    print(f"{'tab':18}{'first: freeze':>15}{'filled':>9}{'again: freeze':>16}{'filled':>9}  (ms)")
    for name, _action in steps:
        print(f"{name:18}{first[name][0]:15.0f}{first[name][1]:9.0f}"
              f"{statistics.median(stalls[name]):16.0f}{statistics.median(fills[name]):9.0f}")
    worst = max(max(s) for s in stalls.values())
    worst = max(worst, max(s for s, _ in first.values()))
    print(f"worst freeze of the window: {worst:.0f} ms (goal: under 50 ms)")
    window.hide()  # not closed: closing would make the closing backup of the bench town
    db.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
