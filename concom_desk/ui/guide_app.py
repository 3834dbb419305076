"""The user guide as a program of its own: `concom-desk guide`, which the Windows
Start menu's "ConCom Desk User guide" runs (a town-hall laptop often has nothing that
opens .md files, and the guide must not depend on the records opening)."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication, QMessageBox

from concom_desk.ui.help_actions import GuideWindow, guide_path, missing_guide_text


def show_guide() -> bool:
    """Show the guide until its window closes; False when there is no guide to show."""
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("ConCom Desk")
    path = guide_path()
    if path is None:
        QMessageBox.information(None, "User guide", missing_guide_text())
        return False
    window = GuideWindow(path)
    window.show()
    app.exec()
    return True
