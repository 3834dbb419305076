"""When the program itself goes wrong: the clerk is told in plain words, the details go
to the log file, and the window stays open.

Qt survives an exception raised in a slot (a button's action) and only hands it to
`sys.excepthook`, whose default prints to a console the Windows program does not
have: without this, a bug would do nothing at all, silently. Qt's own warnings reach
the same log file through its message handler.

The records are safe by construction, and the dialog says so: every change is one
database transaction, written whole or not at all, so a failure in the middle of an
action leaves nothing half-saved.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable
from types import TracebackType
from typing import Any

from PySide6.QtCore import QMessageLogContext, QTimer, QtMsgType, qInstallMessageHandler
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from concom_desk import unexpected
from concom_desk.errors import OperationFailed, UserError
from concom_desk.log_file import log_folder, log_path

FAULT_HOOK_ENV = "CONCOM_DESK_FAULT_IN_SLOT"  # a test hook: raise in a slot after start

EXPLANATION = (
    "<p><b>Something went wrong inside ConCom Desk.</b> This is a fault in the program, "
    "not something you did.</p>"
    "<p><b>Your records are safe.</b> Every change is saved to the database whole or not "
    "at all, so nothing you saved before is lost and nothing was half-saved. The last "
    "thing you were doing may not have been finished: check it, and do it again.</p>"
    "<p>The program is still running. To get this fixed, send the details to whoever "
    "looks after ConCom Desk for your commission: <i>Copy details</i> and paste them into "
    "an e-mail, or attach the log file <i>{log_name}</i> from <i>Open log folder</i>.</p>"
)


class CrashDialog(QDialog):
    def __init__(self, details: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("ConCom Desk — something went wrong")
        self.details = details
        self.message = QLabel(EXPLANATION.format(log_name=log_path().name))
        self.message.setWordWrap(True)
        self.details_view = QPlainTextEdit(details)
        self.details_view.setReadOnly(True)
        self.details_view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.details_view.setMinimumHeight(160)
        self.copy_button = QPushButton("&Copy details")
        self.copy_button.clicked.connect(self.copy_details)
        self.folder_button = QPushButton("Open &log folder")
        self.folder_button.clicked.connect(self.open_log_folder)
        self.status = QLabel("")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.folder_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.message)
        layout.addWidget(QLabel(f"Details (also in {log_path()}):"))
        layout.addWidget(self.details_view)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        self.resize(680, 480)

    def copy_details(self) -> None:
        QGuiApplication.clipboard().setText(self.details)
        self.status.setText("The details are on the clipboard: paste them into an e-mail.")

    def open_log_folder(self) -> None:
        from concom_desk.ui.document_actions import system_open

        folder = log_folder()
        if system_open(folder):
            self.status.setText(f"Opened {folder}.")
        else:
            self.status.setText(f"The folder could not be opened here; it is {folder}.")


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
        text = line[:1].upper() + line[1:]
        self.refusal = QMessageBox(QMessageBox.Icon.Warning, "ConCom Desk",
                                   text if text.endswith(".") else text + ".",
                                   QMessageBox.StandardButton.Ok, QApplication.activeWindow())
        self.refusal.setObjectName("refused")
        self.refusal.open()

    def _show_dialog(self, details: str) -> None:
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
