"""Start the Qt application and show the main window."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QTabWidget


def run_app(db_path: Path, demo_if_missing: bool = False) -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    window = QMainWindow()
    window.setWindowTitle("ConCom Desk")
    tabs = QTabWidget()
    for name in ("Filings", "Hearing calendar", "Enforcement"):
        tabs.addTab(QLabel(f"{name}: not built yet."), name)
    window.setCentralWidget(tabs)
    window.show()
    return app.exec()
