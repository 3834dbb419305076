"""Work that waits until a window has painted for the first time: what the clerk
sees first is drawn before the records open and the tabs are built.

Before that paint, the window touches nothing of PySide6's `Qt` namespace
(`Qt.AlignmentFlag`, `Qt.ItemDataRole`…): the binding makes its hundred-odd enums
at the first look, 25 ms that the bare window the cold start is measured against
never pays. The main window's first frame is its menus, its tab bar and "Opening…";
the Today and Filings tabs, whose tables need the namespace, come just after.
tests/ui/test_fast_start.py checks it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

# The longest work waits for the window's first paint: a window the system does not
# paint yet (started minimised) does not hold the records back.
FIRST_PAINT_WAIT_MS = 300


class _FirstPaint(QObject):
    def __init__(self, window: QWidget, then: Callable[[], None], wait_ms: int) -> None:
        super().__init__(window)
        self.window = window
        self.then: Callable[[], None] | None = then
        window.installEventFilter(self)
        QTimer.singleShot(wait_ms, self, self.go)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, self, self.go)  # after the paint, not inside it
        return False

    def go(self) -> None:
        if self.then is not None:
            then, self.then = self.then, None
            self.window.removeEventFilter(self)
            then()


def after_first_paint(window: QWidget, then: Callable[[], None],
                      wait_ms: int = FIRST_PAINT_WAIT_MS) -> None:
    """`then()` once `window` has painted for the first time (or `wait_ms` went by
    first), once."""
    _FirstPaint(window, then, wait_ms)
