"""Type-ahead on the Filings tab as the clerk feels it: the tab shown with every filing
of the large demo town, real key presses into the search box one after another (each
search narrowing the one before, as typing does), timed from the key press to the
grid repainted with the rows that match. Against a floor measured in the same run,
interleaved keystroke by keystroke: the same rows matched by a bare Python scan of
their search keys (no widget, no model), which any filter has to do.

    python bench/typing_bench.py [--db PATH] [--rounds 5]

Prints medians per keystroke and the ratio ours / floor, and the worst keystroke;
the goal is under 50 ms a keystroke on the 4x town (bench/scale.py builds it).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from large_demo import large_demo_db  # noqa: E402

QUERIES = ("pond", "smith", "14-2", "se 0", "main st", "2019-")


def main() -> int:
    parser = argparse.ArgumentParser(description="type-ahead, key press to repaint")
    parser.add_argument("--db", help="database (default: the large demo town)")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    db_path = large_demo_db(args.db)
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from concom_desk.services.filings.editing import load_records
    from concom_desk.store import open_database
    from concom_desk.ui.filings.filings_tab import FilingsTab

    app = QApplication(sys.argv[:1])
    db = open_database(db_path, lock=False)
    records = load_records(db, date.today())
    db.close()
    tab = FilingsTab(date.today())
    tab.resize(1300, 800)
    tab.set_rows(records.filings)
    tab.show()
    QTest.qWaitForWindowExposed(tab)
    keys = [row.search_key for row in records.filings]

    def floor(text: str) -> float:
        words = text.lower().split()
        started = time.perf_counter()
        [key for key in keys if all(word in key for word in words)]
        return time.perf_counter() - started

    from PySide6.QtCore import QEvent, QObject

    class Paints(QObject):
        """Counts the grid's paints: a keystroke is done when the grid has painted
        after its filter (the paint runs inside processEvents, so it is timed)."""

        count = 0

        def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.Paint:
                self.count += 1
            return False

    paints = Paints()
    tab.table.viewport().installEventFilter(paints)

    def ours(char: str, wanted: str) -> float:
        started = time.perf_counter()
        QTest.keyClick(tab.search, char)
        while tab.search_applied != wanted:  # the filter as shown, not just typed
            app.processEvents()
        seen = paints.count
        tab.table.viewport().update()  # no second paint if the filter's is still due
        while paints.count == seen:
            app.processEvents()
        return time.perf_counter() - started

    ours_runs: list[float] = []
    floor_runs: list[float] = []
    for _round in range(args.rounds):
        for query in QUERIES:
            tab.search.clear()
            while tab.search_applied != "":
                app.processEvents()
            for n in range(1, len(query) + 1):
                ours_runs.append(ours(query[n - 1], query[:n]))
                floor_runs.append(floor(query[:n]))
    tab.deleteLater()
    app.processEvents()
    ours_ms = statistics.median(ours_runs) * 1000
    floor_ms = statistics.median(floor_runs) * 1000
    print(f"database: {db_path}, {len(records.filings):,} filings, "
          f"{len(ours_runs)} keystrokes")
    print(f"floor (Python scan of the search keys): median {floor_ms:6.1f} ms per keystroke")
    print(f"Filings tab, key press to repaint     : median {ours_ms:6.1f} ms, "
          f"worst {max(ours_runs) * 1000:.1f} ms  ratio {ours_ms / floor_ms:.2f} "
          f"(goal: under 50 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
