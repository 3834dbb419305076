"""Thousands of void Qt calls must not bring the interpreter down: the Qt binding
in use keeps its references to None straight (see concom_desk/ui/__init__.py)."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import REPO_ROOT

# More void calls than None has references at start-up (about 5,500 on CPython 3.11).
MANY_CALLS = """
import concom_desk.ui
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication([])
label = QLabel()
for _ in range(50_000):
    label.setText("x")
print("ok")
"""


def test_many_void_calls_do_not_abort_the_program() -> None:
    done = subprocess.run([sys.executable, "-c", MANY_CALLS], cwd=REPO_ROOT, capture_output=True,
                          text=True, timeout=120, check=False,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.stdout.strip() == "ok", done.stderr[-500:]
