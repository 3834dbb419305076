"""Type-ahead on the Filings tab as the clerk feels it: the tab shown with every filing
of the large demo town, real key presses into the search box one after another (each
search narrowing the one before, as typing does), timed from the key press to the
grid repainted with the rows that match. Then each query rubbed out letter by letter
(Backspace: each search widening the one before), and whole filing numbers pasted
(Ctrl+V) into the emptied box. Against a floor measured in the same run, interleaved
keystroke by keystroke: the same rows matched by a bare Python scan of their search
keys (no widget, no model), which a filter without an index has to do.

    python bench/typing_bench.py [--db PATH] [--rounds 5]

Prints medians per keystroke and the ratio ours / floor, and the worst keystroke, for
typing, rubbing out and pasting; the goal is every keystroke under 50 ms on the 4x
town (bench/scale.py builds it).
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

    from concom_desk.services.filings.desk_lists import load_lists
    from concom_desk.store import open_database
    from concom_desk.ui.filings.filings_tab import FilingsTab
    from concom_desk.ui.heap import settle

    app = QApplication(sys.argv[:1])
    db = open_database(db_path, lock=False)
    records = load_lists(db, date.today())  # with its search index, as the window reads
    db.close()
    tab = FilingsTab(date.today())
    tab.resize(1300, 800)
    tab.set_rows(records.filings, records.search_index)
    settle()  # as the window does once the records show (ui/heap.py)
    tab.show()
    QTest.qWaitForWindowExposed(tab)
    keys = [row.search_key for row in records.filings]
    pasted = [row.file_no for row in records.filings[:: max(1, len(keys) // 7)]][:6]

    def floor(text: str) -> float:
        words = text.lower().split()
        started = time.perf_counter()
        [key for key in keys if all(word in key for word in words)]
        return time.perf_counter() - started

    from PySide6.QtCore import QEvent, QObject, Qt

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

    def settled(wanted: str) -> None:
        """The filter for `wanted` shown and the grid painted after it."""
        while tab.search_applied != wanted:  # the filter as shown, not just typed
            app.processEvents()
        seen = paints.count
        tab.table.viewport().update()  # no second paint if the filter's is still due
        while paints.count == seen:
            app.processEvents()

    def ours(key: Qt.Key | str, wanted: str,
             modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> float:
        started = time.perf_counter()
        QTest.keyClick(tab.search, key, modifier)
        settled(wanted)
        return time.perf_counter() - started

    def cleared() -> None:  # not timed: the next keystroke starts from an empty box
        tab.search.clear()
        settled("")

    runs: dict[str, tuple[list[float], list[float]]] = {
        "typing": ([], []), "Backspace": ([], []), "pasting": ([], [])}
    searches: dict[str, list[str]] = {name: [] for name in runs}  # what each key left
    clipboard = QApplication.clipboard()
    for _round in range(args.rounds):
        for query in QUERIES:
            cleared()
            for n in range(1, len(query) + 1):
                runs["typing"][0].append(ours(query[n - 1], query[:n]))
                runs["typing"][1].append(floor(query[:n]))
                searches["typing"].append(query[:n])
            for n in range(len(query) - 1, -1, -1):
                runs["Backspace"][0].append(ours(Qt.Key.Key_Backspace, query[:n]))
                runs["Backspace"][1].append(floor(query[:n]))
                searches["Backspace"].append(query[:n])
        for number in pasted:
            cleared()
            clipboard.setText(number)
            runs["pasting"][0].append(ours(Qt.Key.Key_V, number,
                                           Qt.KeyboardModifier.ControlModifier))
            runs["pasting"][1].append(floor(number))
            searches["pasting"].append(number)
    tab.deleteLater()
    app.processEvents()
    every = [ms for ours_runs, _floor in runs.values() for ms in ours_runs]
    slowest = max((ms, name, text) for name, (ours_runs, _floor) in runs.items()
                  for ms, text in zip(ours_runs, searches[name], strict=True))
    print(f"database: {db_path}, {len(records.filings):,} filings, "
          f"{len(every)} keystrokes")
    for name, (ours_runs, floor_runs) in runs.items():
        ours_ms = statistics.median(ours_runs) * 1000
        floor_ms = statistics.median(floor_runs) * 1000
        print(f"{name:9} floor (Python scan of the search keys): median {floor_ms:6.1f} ms; "
              f"Filings tab, key press to repaint: median {ours_ms:6.1f} ms, "
              f"worst {max(ours_runs) * 1000:6.1f} ms  ratio {ours_ms / floor_ms:.2f}")
    print(f"every keystroke: median {statistics.median(every) * 1000:.1f} ms, worst "
          f"{max(every) * 1000:.1f} ms ({slowest[1]}, leaving {slowest[2]!r}) "
          f"(goal: every keystroke under 50 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
