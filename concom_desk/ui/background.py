"""Slow work (opening a big database, backup, restore, export) off the GUI thread.

The work is a plain function of one argument, a `Progress` it may report to and
ask whether the user pressed Cancel. It runs on Qt's thread pool; its result,
or its failure in plain words, comes back through signals, which Qt delivers on
the GUI thread, so no widget is ever touched from the worker.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget
from shiboken6 import isValid

from concom_desk.errors import OperationFailed, UserError

log = logging.getLogger(__name__)


class Cancelled(Exception):
    """Raised inside the work when the user pressed Cancel."""


class _Signals(QObject):
    progress = Signal(int, str)
    succeeded = Signal(object)
    failed = Signal(str)
    cancelled = Signal()


class Progress:
    """What the work sees: report how far it got, and stop when asked."""

    def __init__(self, signals: _Signals) -> None:
        self._signals = signals
        self._cancel = threading.Event()

    def report(self, percent: int, text: str = "") -> None:
        self.check()
        self._signals.progress.emit(percent, text)

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def check(self) -> None:
        if self._cancel.is_set():
            raise Cancelled


class BackgroundTask(QRunnable):
    def __init__(self, work: Callable[[Progress], Any]) -> None:
        super().__init__()
        self.setAutoDelete(False)  # the Python side keeps it until it has reported
        self.signals = _Signals()
        self.progress = Progress(self.signals)
        self._work = work
        self._ended = threading.Event()

    def start(self) -> None:
        """Run on Qt's thread pool (dialogs that show their own progress bar)."""
        _pool().start(self)

    def wait(self) -> None:
        """Block until the work has returned (a dialog closing while it runs)."""
        self._ended.wait()

    def run(self) -> None:
        try:
            self._run()
        finally:
            self._ended.set()

    def _run(self) -> None:
        try:
            # Work that returned is done, even if Cancel came too late to stop it: say so.
            result = self._work(self.progress)
        except Cancelled:
            self.signals.cancelled.emit()
        except (UserError, OperationFailed) as exc:
            self.signals.failed.emit(str(exc))
        except Exception:  # a bug: keep the details for the log the clerk can send
            log.exception("background work failed")
            self.signals.failed.emit(
                "Something went wrong that the program did not expect. Nothing was changed. "
                "The details are in the log file in your data folder (Help → About)."
            )
        else:
            self.signals.succeeded.emit(result)


_RUNNING: set[BackgroundTask] = set()

# The work is reading and writing files, not computing: on a two-core town laptop Qt's
# default pool (one thread a core) lets one job stuck on a slow or locked file hold up
# every other load the window asks for. Room for a few more keeps the window answering.
_POOL_THREADS = 8


def _pool() -> QThreadPool:
    pool = QThreadPool.globalInstance()
    if pool.maxThreadCount() < _POOL_THREADS:
        pool.setMaxThreadCount(_POOL_THREADS)
    return pool


pool = _pool  # the views' own loaders (view_loader.py) share it


@contextmanager
def busy() -> Iterator[None]:
    """Work done on the window's own thread that may take a moment (a document
    written from its template): the pointer is busy meanwhile."""
    from PySide6.QtCore import Qt  # not at import: before the first paint (first_paint.py)

    QApplication.setOverrideCursor(Qt.CursorShape.BusyCursor)
    try:
        yield
    finally:
        QApplication.restoreOverrideCursor()


def run_in_background(
    parent: QWidget | None,
    title: str,
    work: Callable[[Progress], Any],
    on_success: Callable[[Any], None],
    on_failure: Callable[[str], None] | None = None,
    on_cancel: Callable[[], None] | None = None,
    quiet: bool = False,
) -> BackgroundTask:
    """Run `work` on the thread pool behind a progress dialog with a Cancel button.

    `quiet` work (refreshing lists after a save) shows no dialog at all: it only
    reads, the window stays usable, and a dialog flashing up after every save
    would be noise."""
    task = BackgroundTask(work)
    dialog = QProgressDialog(title, "Cancel", 0, 100, parent)
    dialog.setWindowTitle(title)
    dialog.setAccessibleName(title)
    from PySide6.QtCore import Qt  # not at import: before the first paint (first_paint.py)

    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    # Quick work finishes before any dialog flashes up; quiet work never shows one.
    # Longer than 0.3 s, the wait is shown: the pointer at once, the dialog then.
    dialog.setMinimumDuration(10**9 if quiet else 300)
    if not quiet:
        QApplication.setOverrideCursor(Qt.CursorShape.BusyCursor)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    dialog.setValue(0)

    def finish() -> bool:
        """Whether the window that asked is still there to be told."""
        _RUNNING.discard(task)
        if not quiet:
            QApplication.restoreOverrideCursor()
        if not isValid(dialog):  # its window was closed meanwhile: nobody to tell
            return False
        dialog.reset()
        dialog.hide()
        dialog.deleteLater()
        return True

    def show_progress(percent: int, text: str) -> None:
        if isValid(dialog):
            dialog.setValue(max(0, min(percent, 100)))
            if text:
                dialog.setLabelText(text)

    def asked_to_cancel() -> None:
        task.progress.cancel()
        dialog.setLabelText("Stopping after the current step…")

    def succeeded(result: Any) -> None:
        if finish():
            on_success(result)

    def failed(message: str) -> None:
        if finish() and on_failure is not None:
            on_failure(message)

    def cancelled() -> None:
        if finish() and on_cancel is not None:
            on_cancel()

    task.signals.progress.connect(show_progress)
    task.signals.succeeded.connect(succeeded)
    task.signals.failed.connect(failed)
    task.signals.cancelled.connect(cancelled)
    dialog.canceled.connect(asked_to_cancel)
    _RUNNING.add(task)
    _pool().start(task)
    return task


def in_background(work: Callable[[Progress], Any], on_success: Callable[[Any], None],
                  on_failure: Callable[[str], None] | None = None) -> BackgroundTask:
    """`work` on the thread pool with no dialog and no Cancel (a read of a few rows
    after a save, a search index): its result handed to `on_success`, or its failure
    in plain words to `on_failure`, on the GUI thread."""
    task = BackgroundTask(work)

    def ended() -> None:
        _RUNNING.discard(task)

    def succeeded(result: Any) -> None:
        ended()
        on_success(result)

    def failed(message: str) -> None:
        ended()
        if on_failure is not None:
            on_failure(message)

    task.signals.succeeded.connect(succeeded)
    task.signals.failed.connect(failed)
    task.signals.cancelled.connect(ended)
    _RUNNING.add(task)
    _pool().start(task)
    return task
