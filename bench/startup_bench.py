"""Cold start to the first painted main window, ConCom Desk against a bare window.

    python bench/startup_bench.py [--db PATH] [--runs 5]

Each run is a fresh Python process started the same way (`python -c`, offscreen
Qt unless a display is set). The floor is a bare PySide6 QMainWindow holding an
empty QTableView. ConCom Desk starts as `concom-desk --db PATH` does (the
Launcher): the window is painted first; behind it the database is opened
(identity check, lock, migrations), and every filing is loaded with its
deadlines; the second figure is the time until the filings table is painted
with them. Medians of the runs; ratio = ours / floor.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from large_demo import ROOT, large_demo_db  # noqa: E402

# Each child prints seconds since the parent's start stamp at first paint (and at
# "records painted" for ConCom Desk). The stamp is passed in so both sides of the
# comparison count interpreter start-up and imports alike.
BARE = """
import sys, time
start = float(sys.argv[1])
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QTableView
app = QApplication(sys.argv[:1])
window = QMainWindow(); table = QTableView(); window.setCentralWidget(table)
class Painted(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            print(f"paint {time.time() - start:.4f}", flush=True)
            QTimer.singleShot(0, app.quit); obj.removeEventFilter(self)
        return False
watch = Painted(); window.installEventFilter(watch)
window.resize(1300, 800); window.show(); app.exec()
"""

DESK = """
import sys, time
start = float(sys.argv[1]); db_path = sys.argv[2]
sys.path.insert(0, sys.argv[3])
from pathlib import Path
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from concom_desk.ui.app import Launcher
# The same path as `concom-desk --db PATH`: window first, database and records behind it.
launcher = Launcher(Path(db_path), demo_if_missing=False)
launcher.start()
window = launcher.window
window.tabs.setCurrentWidget(window.filings_tab)
state = {"loaded": False}
class Painted(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            if obj is window and "first" not in state:
                state["first"] = True
                print(f"paint {time.time() - start:.4f}", flush=True)
            elif obj is window.filings_tab.table.viewport() and state["loaded"]:
                print(f"records {time.time() - start:.4f}", flush=True)
                obj.removeEventFilter(self); QTimer.singleShot(0, window.close)
                QTimer.singleShot(0, app.quit)
        return False
watch = Painted()
window.installEventFilter(watch)
window.filings_tab.table.viewport().installEventFilter(watch)
def loaded():
    state["loaded"] = True
    window.filings_tab.table.viewport().update()
window.records_loaded.connect(loaded)
window.resize(1300, 800)
app.exec()
"""


def run(code: str, *args: str) -> dict[str, float]:
    env = dict(os.environ)
    if not env.get("DISPLAY"):
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
    start = time.time()
    done = subprocess.run([sys.executable, "-c", code, repr(start), *args], env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    if done.returncode != 0:
        raise SystemExit(f"child failed:\n{done.stderr}")
    found = {}
    for line in done.stdout.splitlines():
        name, _, value = line.partition(" ")
        found[name] = float(value)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description="cold start of the main window")
    parser.add_argument("--db", help="database to open (default: the large demo town)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    db_path = large_demo_db(args.db)
    run(BARE)  # warm the disk cache for both sides alike
    run(DESK, str(db_path), str(ROOT))
    bare, paint, records = [], [], []
    for _ in range(args.runs):
        bare.append(run(BARE)["paint"])
        desk = run(DESK, str(db_path), str(ROOT))
        paint.append(desk["paint"])
        records.append(desk["records"])
    floor = statistics.median(bare)
    first, shown = statistics.median(paint), statistics.median(records)
    print(f"database: {db_path} ({db_path.stat().st_size / 1e6:.0f} MB), {args.runs} runs, "
          "medians")
    print(f"bare QMainWindow + QTableView, first paint : {floor * 1000:7.0f} ms (floor)")
    print(f"ConCom Desk, first paint of the window     : {first * 1000:7.0f} ms  "
          f"ratio {first / floor:.2f}")
    print(f"ConCom Desk, filings painted with deadlines: {shown * 1000:7.0f} ms  "
          f"ratio {shown / floor:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
