"""The opening backup, made behind the open window.

On a twenty-year town the backup takes seconds; the clerk opened the program to
work, so the records show first and the backup of what was there is made in the
background, told in the status bar. It reads the database through its own SQLite
connection (the backup API), so saving meanwhile is safe: the copy is the records
as they were when it began, and the closing backup takes whatever came after.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QMainWindow

from concom_desk.ui.background import BackgroundTask, Progress, run_in_background


def back_up_behind(window: QMainWindow, db_path: Path,
                   warn: Callable[[str], None]) -> BackgroundTask:
    """Start the opening backup (only when the records changed since the last one);
    a failure is told through `warn` and never stops the clerk working."""
    warnings: list[str] = []

    def work(_progress: Progress) -> Path | None:
        from concom_desk.services.safekeeping.backups import back_up_quietly

        return back_up_quietly(db_path, warnings.append)

    def done(_made: Path | None) -> None:
        # Made: nothing to say (the status bar keeps the count of filings); failed: told.
        for warning in warnings:
            warn(warning)

    return run_in_background(window, "Making the opening backup", work, done, warn,
                             quiet=True)
