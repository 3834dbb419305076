"""Slow work off the GUI thread: a function run in a QThread, with progress,
cancel, and its result (or the user-facing error) delivered back as signals
on the GUI thread. The worker never touches a widget."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QThread, Signal

from concom_desk.errors import OperationFailed, UserError

log = logging.getLogger(__name__)

# The job receives a progress callback: progress(done, total, what) -> keep going?
Job = Callable[[Callable[[int, int, str], bool]], Any]


class BackgroundTask(QThread):
    progressed = Signal(int, int, str)
    succeeded = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, job: Job, cancelled_types: tuple[type[BaseException], ...] = (),
                 parent: Any = None) -> None:
        super().__init__(parent)
        self._job = job
        self._cancel = threading.Event()
        self._cancelled_types = cancelled_types

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancel_requested(self) -> bool:
        return self._cancel.is_set()

    def _progress(self, done: int, total: int, what: str) -> bool:
        self.progressed.emit(done, total, what)
        return not self._cancel.is_set()

    def run(self) -> None:
        try:
            result = self._job(self._progress)
        except self._cancelled_types:
            self.cancelled.emit()
        except (UserError, OperationFailed) as exc:
            self.failed.emit(str(exc))
        except Exception as exc:  # a bug: logged with its traceback, told in one line
            log.exception("background task failed")
            self.failed.emit(f"unexpected error: {exc}")
        else:
            # Finished before the cancel was noticed: the work is done, say so.
            self.succeeded.emit(result)
