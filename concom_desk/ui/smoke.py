"""The window part of the smoke test: Qt, its platform plugin, the main window
with its records loaded, and both sections built on the smoke database."""

from __future__ import annotations

import os
from pathlib import Path


def build_main_window_offscreen(db_path: Path) -> str:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from concom_desk.services.commission import CommissionSettings
    from concom_desk.store import open_database
    from concom_desk.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    db = open_database(db_path, initials="ST")
    window = MainWindow(db, db_path, CommissionSettings(name="Smoke Test Commission"))
    window.show()
    loop = QEventLoop()
    window.records_loaded.connect(loop.quit)
    QTimer.singleShot(60_000, loop.quit)
    window.reload()
    loop.exec()
    shown = window.filings_tab.count_label.text()
    sections = [type(window.show_section(name)).__name__
                for name in ("Hearing calendar", "Enforcement")]
    app.processEvents()
    window.close()
    return (f"main window on the {app.platformName()} platform: {shown}; "
            f"sections {', '.join(sections)}")
