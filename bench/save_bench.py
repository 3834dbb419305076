"""Saving one filing in the real main window on the large demo town (or 4x it): how
long the window froze, and how long until the Filings tab's row shows the filing's
new deadline.

    python bench/save_bench.py [--factor 1|4] [--rounds 5]

Each round moves one NOI's received date a day (saved by the filing service on the
window's thread, as the form saves) and then does one of two things:
- "reload": what the window did after every save before change sets: read every
  filing and deadline again (`MainWindow.reload`, still what other desks' saves get);
- "change set": what a save does now (`FilingWindows._saved`: the saved filing's
  change set, read and put in place of its row).
Rounds alternate, so a slow moment of the machine hits both alike.

A timer ticks every 5 ms on the window's thread: the longest gap between two ticks,
from the save to a quiet moment after the row shows, is the freeze. The floor, in
the same run: the save alone (what any way of showing it pays first), and the
longest gap of the same timer while the window sits idle (the machine's own noise).
The town is copied first: the bench saves into the copy, never the shared one.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from scale import town  # noqa: E402

TICK_MS = 5
SETTLE_S = 0.3  # a stall just after the row shows still counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--factor", type=int, default=1, help="1: the large demo; 4: 4x it")
    parser.add_argument("--db", help="database (default: the demo town of --factor)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of each way")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    source = Path(args.db) if args.db else town(args.factor)
    scratch = Path(tempfile.mkdtemp(prefix="concom-save-bench-"))
    try:
        copy = scratch / source.name
        shutil.copy(source, copy)
        return run(copy, args.rounds)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def run(db_path: Path, rounds: int) -> int:
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from concom_desk.services.commission.settings import load_settings
    from concom_desk.services.filings.desk_lists import load_lists
    from concom_desk.services.filings.editing import save_filing
    from concom_desk.services.filings.filing_record import filing_detail
    from concom_desk.store import open_database
    from concom_desk.ui.main_window import MainWindow
    from concom_desk.ui.warm_up import warm_up

    app = QApplication(sys.argv[:1])
    db = open_database(db_path, lock=False)
    settings = load_settings(db)
    today = date.today()
    window = MainWindow(db, db_path, settings, today)
    window.resize(1300, 800)
    window.show()
    loaded = {"records": 0}
    window.lists_loaded.connect(lambda: loaded.update(records=loaded["records"] + 1))
    window.reload()
    while not loaded["records"]:
        app.processEvents()
    warm_up().wait()  # as the program does behind the window once the records show
    window.tabs.setCurrentWidget(window.filings_tab)

    # A filing before its hearing whose next deadline counts from the day it was
    # received: tried by saving it a day earlier (and back), in the copy.
    def moves(candidate: int) -> bool:
        form = filing_detail(db, candidate, today).form
        before = filing_detail(db, candidate, today).row.next_deadline
        save_filing(db, replace(form, received=form.received - timedelta(days=1)))
        after = filing_detail(db, candidate, today).row.next_deadline
        save_filing(db, replace(filing_detail(db, candidate, today).form,
                                received=form.received))
        return before != after

    filing_id = next(
        r.id for r in load_lists(db, today).filings
        if r.status == "received" and r.next_deadline is not None and moves(r.id))

    ticks: list[float] = []
    beat = QTimer()
    beat.setInterval(TICK_MS)
    beat.timeout.connect(lambda: ticks.append(time.perf_counter()))
    beat.start()

    where = [0]  # where the row was last found: looked at there first (the bench's own
    # scan of ten thousand rows every millisecond would be a freeze of its own)

    def shown_deadline() -> date | None:
        rows = window.filings_tab.model.rows()
        if not (where[0] < len(rows) and rows[where[0]].id == filing_id):
            where[0] = next((n for n, row in enumerate(rows) if row.id == filing_id), 0)
        return rows[where[0]].next_deadline if rows else None

    def wait_until(done, seconds: float = 600.0) -> None:  # type: ignore[no-untyped-def]
        """Run the window's events (not a busy loop: that would take the interpreter
        from the reading thread) until `done()`, looked at every millisecond."""
        loop = QEventLoop()
        ends = time.perf_counter() + seconds

        def look() -> None:
            if done() or time.perf_counter() > ends:
                loop.quit()

        poll = QTimer()
        poll.setInterval(1)
        poll.timeout.connect(look)
        poll.start()
        if not done():
            loop.exec()
        poll.stop()

    def quiet(seconds: float) -> None:
        wait_until(lambda: False, seconds)

    def worst_gap(since: float) -> float:
        times = [since, *(t for t in ticks if t >= since)]
        return max((b - a for a, b in zip(times, times[1:], strict=False)), default=0) * 1000

    shift = -1  # a day earlier, then back: never before a date that follows receipt

    def one(way: str) -> tuple[float, float, float, float]:
        """(save ms, freeze ms, freeze after the save ms, row shown ms)"""
        nonlocal shift
        quiet(0.2)
        form = filing_detail(db, filing_id, today).form
        moved = replace(form, received=form.received + timedelta(days=shift))
        shift = -shift
        was = shown_deadline()
        ticks.clear()
        began = time.perf_counter()
        save_filing(db, moved)  # on the window's thread, as the form saves
        saved = time.perf_counter()
        if way == "reload":
            window.reload()
        else:
            window.filing_windows._saved(filing_id)
        wait_until(lambda: shown_deadline() != was)
        app.processEvents()  # painted
        shown = time.perf_counter()
        quiet(SETTLE_S)
        # A whole read still under way is the reload's to pay.
        wait_until(lambda: window.statusBar().currentMessage() != "Updating the lists…")
        quiet(SETTLE_S)
        # The row shows what the record window shows (read after the clock).
        assert shown_deadline() == filing_detail(db, filing_id, today).row.next_deadline
        return ((saved - began) * 1000, worst_gap(began), worst_gap(saved),
                (shown - began) * 1000)

    ways = ("reload", "change set")
    found: dict[str, list[tuple[float, float, float, float]]] = {w: [] for w in ways}
    one("change set")  # the first of each pays its imports
    one("reload")
    idle: list[float] = []
    for _ in range(rounds):
        for way in ways:
            found[way].append(one(way))
        ticks.clear()
        began = time.perf_counter()
        quiet(1.0)
        idle.append(worst_gap(began))
    beat.stop()

    def median(way: str, n: int) -> float:
        return statistics.median(r[n] for r in found[way])

    save_ms = statistics.median(r[0] for w in ways for r in found[w])
    idle_ms = statistics.median(idle)
    rows = len(window.filings_tab.model.rows())
    print(f"database: {db_path.name}, {rows:,} filings; {rounds} rounds of each, medians (ms)")
    print(f"floor: the save alone {save_ms:.0f} ms; the idle window's longest tick gap "
          f"{idle_ms:.0f} ms (ticks every {TICK_MS} ms)")
    print(f"{'after a save':14}{'freeze':>9}{'(after the save)':>18}{'row shown':>11}"
          f"{'freeze/save':>13}{'row/save':>10}")
    for way in ways:
        freeze, after, row = median(way, 1), median(way, 2), median(way, 3)
        print(f"{way:14}{freeze:9.0f}{after:18.0f}{row:11.0f}"
              f"{freeze / save_ms:13.1f}{row / save_ms:10.1f}")
    print("goals: freeze under 50 ms, row shown under 200 ms")
    window.hide()  # not closed: closing would make the closing backup
    db.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
