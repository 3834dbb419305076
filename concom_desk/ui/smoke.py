"""The window part of the smoke test: Qt, its platform plugin and the main
window's widgets all load in the frozen program."""

from __future__ import annotations

import os


def build_main_window_offscreen() -> str:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication.instance() or QApplication([])
    window = QMainWindow()
    window.setWindowTitle("ConCom Desk — smoke test")
    window.show()
    app.processEvents()
    window.close()
    return f"main window shown on the {app.platformName()} platform"
