"""The window appears before the database is opened: showing it must not import
SQLAlchemy (its import takes longer than the window takes to paint; the launcher
opens the records behind the painted window). A fresh interpreter, so that what
other tests imported does not count."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SHOW_THE_WINDOW = """
import sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
from concom_desk.services.commission.settings import CommissionSettings
from concom_desk.ui.main_window import MainWindow
app = QApplication(sys.argv[:1])
window = MainWindow(None, Path("commission.sqlite"), CommissionSettings(name="Upton"))
window.show()
app.processEvents()
print(window.today_view.heading.text())
print(sorted(m for m in sys.modules if m.split(".")[0] == "sqlalchemy")[:3])
"""


def test_the_window_shows_without_importing_sqlalchemy(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CONCOM_DESK_DATA": str(tmp_path),
           "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", SHOW_THE_WINDOW], env=env, cwd=root,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    heading, imported = done.stdout.splitlines()[-2:]
    assert heading == "Opening commission.sqlite…"
    assert imported == "[]"
