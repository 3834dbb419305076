"""The window's net for its own faults: an exception no action caught is told in the
crash dialog (ui/crash_dialog.py) and logged, a refusal in words is told in one line,
and Qt's warnings go to the log file.

Qt survives an exception raised in a slot (a button's action) and only hands it to
`sys.excepthook`, whose default prints to a console the Windows program does not
have: without this, a bug would do nothing at all, silently. The dialog is imported
only when there is something to tell: the window's first paint does not wait for it.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QMessageLogContext, QTimer, QtMsgType, qInstallMessageHandler
from PySide6.QtWidgets import QApplication

from concom_desk import unexpected
from concom_desk.errors import OperationFailed, UserError

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

    from concom_desk.ui.crash_dialog import CrashDialog

FAULT_HOOK_ENV = "CONCOM_DESK_FAULT_IN_SLOT"  # a test hook: raise in a slot after start


class CrashHandlers:
    """The excepthook and Qt message handler of one run of the window; `remove()` puts
    back what was there before (tests run many windows in one process)."""

    def __init__(self, show: Callable[[str], Any] | None = None) -> None:
        self._show = show or self._show_dialog
        self._showing = False
        self.dialog: CrashDialog | None = None
        self.refusal: QMessageBox | None = None
        self._previous_hook = sys.excepthook
        sys.excepthook = self.excepthook
        self._previous_qt = qInstallMessageHandler(self.qt_message)

    def remove(self) -> None:
        sys.excepthook = self._previous_hook
        qInstallMessageHandler(self._previous_qt)

    def excepthook(self, exc_type: type[BaseException], exc: BaseException,
                   tb: TracebackType | None) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            QApplication.exit(130)
            return
        if issubclass(exc_type, UserError | OperationFailed) and unexpected.collecting() is None:
            self._tell_refusal(str(exc))
            return
        details = unexpected.report(exc_type, exc, tb, "the window")
        if unexpected.collecting() is not None:
            # The smoke test: no dialog (nobody would click it); end with a failure.
            QApplication.exit(4)
            return
        if self._showing:
            return  # a fault while the dialog is up is logged, not stacked
        self._showing = True
        try:
            self._show(details)
        finally:
            self._showing = False

    def _tell_refusal(self, line: str) -> None:
        """A refusal in words that the action did not expect — a server login's grants
        (a commissioner agreeing an agenda was posted), a read-only place — is what the
        person is to be told, not a fault: one line in a box, nothing logged as a bug."""
        from PySide6.QtWidgets import QMessageBox

        text = line[:1].upper() + line[1:]
        self.refusal = QMessageBox(QMessageBox.Icon.Warning, "ConCom Desk",
                                   text if text.endswith(".") else text + ".",
                                   QMessageBox.StandardButton.Ok, QApplication.activeWindow())
        self.refusal.setObjectName("refused")
        self.refusal.open()

    def _show_dialog(self, details: str) -> None:
        from concom_desk.ui.crash_dialog import CrashDialog

        self.dialog = CrashDialog(details, QApplication.activeWindow())
        self.dialog.exec()

    def qt_message(self, kind: QtMsgType, context: QMessageLogContext, text: str) -> None:
        """Qt's warnings into the log file (not through the logger tree, so that nothing
        else treats them twice), then on to whoever handled them before."""
        level = {QtMsgType.QtWarningMsg: logging.WARNING, QtMsgType.QtCriticalMsg:
                 logging.ERROR, QtMsgType.QtFatalMsg: logging.CRITICAL}.get(kind)
        if level is not None:
            record = logging.LogRecord("qt", level, str(context.file or ""),
                                       int(context.line or 0), text, None, None)
            for handler in logging.getLogger("concom_desk").handlers:
                handler.handle(record)
        if self._previous_qt is not None:
            self._previous_qt(kind, context, text)
        elif sys.stderr is not None:
            sys.stderr.write(text + "\n")  # what Qt does without a handler


def force_fault_if_asked() -> None:
    """The test hook: with CONCOM_DESK_FAULT_IN_SLOT set, a slot raises shortly after
    the window comes up, so the dialog and the log can be seen in a real program."""
    if os.environ.get(FAULT_HOOK_ENV):
        QTimer.singleShot(1500, _raise_forced_fault)


def _raise_forced_fault() -> None:
    raise RuntimeError(f"a fault forced by {FAULT_HOOK_ENV} (a test of the crash dialog)")
