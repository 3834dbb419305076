"""A start timed from outside, for the cold-start benches (bench/startup_bench.py,
bench/frozen_bench.py) and tests/ui/test_fast_start.py: kept out of ui/app.py, which
imports it only when CONCOM_DESK_EXIT_AFTER_PAINT asks for it."""

from __future__ import annotations

import os
import time

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

from concom_desk.ui.main_window import MainWindow


class _QuitOnFirstPaint(QObject):
    def __init__(self, window: MainWindow, then_records: bool) -> None:
        super().__init__(window)
        self.then_records = then_records
        if then_records:
            window.lists_loaded.connect(lambda: self._records_shown(window))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            print("painted", flush=True)  # the benchmark stops its clock on this line
            print(f"cpu {time.process_time():.4f}", flush=True)  # and reads the CPU used
            QTimer.singleShot(0, lambda: self._tabs_shown(watched))
        return False

    def _tabs_shown(self, window: MainWindow) -> None:
        window.build_tabs()  # as the window does just after its first paint
        window.repaint()
        print("tabs", flush=True)  # Today and Filings built and painted
        if not self.then_records:
            QTimer.singleShot(0, QApplication.quit)

    def _records_shown(self, window: MainWindow) -> None:
        window.repaint()  # the rows just set, painted now
        print("records", flush=True)
        QTimer.singleShot(0, QApplication.quit)


def quit_after_first_paint(window: MainWindow) -> None:
    """For the cold-start benches (bench/startup_bench.py, bench/frozen_bench.py): with
    CONCOM_DESK_EXIT_AFTER_PAINT set, the program prints "painted" once its main window
    has painted and quits, so a cold start can be timed from outside exactly as the
    bare-window floor (packaging/bare_window.py) is, then "tabs" once the Today and
    Filings tabs are built and painted; set to "records", it goes on until the records
    are painted too, and prints "records" then."""
    asked = os.environ.get("CONCOM_DESK_EXIT_AFTER_PAINT")
    if asked:
        window._quit_on_paint = _QuitOnFirstPaint(window, asked == "records")  # type: ignore[attr-defined]
        window.installEventFilter(window._quit_on_paint)  # type: ignore[attr-defined]
