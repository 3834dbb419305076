"""A view's data read off the GUI thread, one read at a time, the newest one winning.

A tab builds its widgets at once and asks its `ViewLoader` for its rows; the window
stays live while they are read. Asking again (the clerk turned to the next month
before this one was read, a save came in) cancels the read before and throws away
whatever it still returns, so a view never shows rows older than the last it asked
for. While a read runs, the view's busy line says so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QWidget

from concom_desk.ui.background import BackgroundTask, Progress, pool
from concom_desk.ui.first_paint import after_first_paint

# The reads still running, superseded or not: kept alive until they have reported.
_RUNNING: set[BackgroundTask] = set()

class BusyLine(QWidget):
    """The view's own "Reading…" line: its words and a moving bar (a busy bar draws no
    text of its own in most styles), shown while a read runs, hidden otherwise."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel(text)
        bar = QProgressBar()
        bar.setRange(0, 0)  # no percentage to give: a bar that moves
        bar.setTextVisible(False)
        bar.setMaximumWidth(160)
        bar.setMaximumHeight(self.fontMetrics().height())
        bar.setAccessibleName(text)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(bar)
        layout.addStretch(1)
        self.hide()


# The longest a view's first read waits for the view to be painted (a view built but
# not shown, as in a test, is never painted); the wait starts when the view is built.
FIRST_PAINT_WAIT_MS = 50


class ViewLoader(QObject):
    """`load(work, show)`: run `work` (a function of a `Progress`) on the thread pool
    and hand its result to `show` on the GUI thread, unless a newer load came first.
    `loaded` is emitted after each result shown, `failed(message)` after a read that
    went wrong (the view says it in its own status line).

    The view's first read starts once the view (the loader's parent) has been painted:
    a tab shown for the first time has its widgets laid out and drawn, some hundred
    calls into Python each waiting for the interpreter while a read holds it, and
    the read began in the same instant would make that first sight freeze twice as
    long. The read loses a paint's few hundredths of a second."""

    loaded = Signal()
    failed = Signal(str)

    def __init__(self, parent: QObject, busy: BusyLine | None = None) -> None:
        super().__init__(parent)
        self._busy = busy
        self._current: BackgroundTask | None = None
        self._relays: set[_Relay] = set()
        self.loads_shown = 0  # how many results reached the view (tests read it)
        self._painted = False  # the view has been painted once (or waited for long enough)
        self._unstarted: list[BackgroundTask] = []  # the first read, until then (or none)
        # The reads asked for and not yet reported. A view closed meanwhile waits for
        # none of them (its relays went with it): told from here, the loader being gone.
        self._asked: set[BackgroundTask] = set()
        asked = self._asked
        self.destroyed.connect(lambda: _no_longer_awaited(asked))
        view = parent if isinstance(parent, QWidget) else None
        if view is None or view.isVisible():
            self._painted = True
        else:
            after_first_paint(view, self._painted_now, FIRST_PAINT_WAIT_MS)

    @property
    def loading(self) -> bool:
        return self._current is not None

    def load(self, work: Callable[[Progress], Any], show: Callable[[Any], None]) -> None:
        if self._current is not None:
            self._current.progress.cancel()  # its result, if any, is dropped
        task = BackgroundTask(work)
        self._current = task
        _RUNNING.add(task)
        self._asked.add(task)
        if self._busy is not None:
            self._busy.show()
        # Held here as well as by its Qt parent: a relay the garbage collector took
        # would leave its read's answer undelivered and the view waiting for ever.
        self._relays.add(_Relay(self, task, show))
        if self._painted:
            pool().start(task)
            return
        if self._unstarted:  # superseded before it began: it never runs
            self._drop(self._unstarted.pop())
        self._unstarted.append(task)

    def _painted_now(self) -> None:
        self._painted = True
        while self._unstarted:
            pool().start(self._unstarted.pop())

    def _drop(self, task: BackgroundTask) -> None:
        _RUNNING.discard(task)
        self._asked.discard(task)
        for relay in [r for r in self._relays if r._task is task]:
            relay._done()

    def _ended(self, task: BackgroundTask) -> bool:
        """Whether `task` was still the read the view waits for."""
        _RUNNING.discard(task)
        self._asked.discard(task)
        if task is not self._current:
            return False
        self._current = None
        if self._busy is not None:
            self._busy.hide()
        return True


def _no_longer_awaited(tasks: set[BackgroundTask]) -> None:
    """The reads of a closed view: whatever they still return is for no one."""
    for task in tasks:
        _RUNNING.discard(task)
    tasks.clear()


class _Relay(QObject):
    """One read's results, taken in on the GUI thread. A child of the loader: a view
    closed while its read runs takes the relay, and so the connections, with it."""

    def __init__(self, loader: ViewLoader, task: BackgroundTask,
                 show: Callable[[Any], None]) -> None:
        super().__init__(loader)
        self._loader, self._task, self._show = loader, task, show
        task.signals.succeeded.connect(self.succeeded)
        task.signals.failed.connect(self.failed)
        task.signals.cancelled.connect(self.cancelled)

    def _done(self) -> bool:
        self._loader._relays.discard(self)
        self.deleteLater()
        return self._loader._ended(self._task)

    def succeeded(self, result: Any) -> None:
        if self._done():
            self._show(result)
            self._loader.loads_shown += 1
            self._loader.loaded.emit()

    def failed(self, message: str) -> None:
        if self._done():
            self._loader.failed.emit(message)

    def cancelled(self) -> None:
        self._done()


def running() -> int:
    """How many reads are still running, superseded ones included."""
    return len(_RUNNING)
