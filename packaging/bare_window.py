"""The floor for the frozen benchmarks: a bare PySide6 QMainWindow with a
QTableView, frozen with the same Qt filter as the program. It quits after its
first paint when CONCOM_DESK_EXIT_AFTER_PAINT is set, exactly as the program does."""

import os
import sys
import time

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QTableView


class QuitOnPaint(QObject):
    def eventFilter(self, watched, event):  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint:
            print("painted", flush=True)
            print(f"cpu {time.process_time():.4f}", flush=True)
            QTimer.singleShot(0, QApplication.quit)
        return False


app = QApplication(sys.argv)
window = QMainWindow()
view = QTableView()
window.setCentralWidget(view)
window.resize(1200, 800)
if os.environ.get("CONCOM_DESK_EXIT_AFTER_PAINT"):
    quitter = QuitOnPaint()
    view.viewport().installEventFilter(quitter)
window.show()
sys.exit(app.exec())
