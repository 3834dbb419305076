"""When the program itself goes wrong: the clerk is told in plain words, the details go
to the log file, and the window stays open (ui/crash_handlers.py catches the fault).

The records are safe by construction, and the dialog says so: every change is one
database transaction, written whole or not at all, so a failure in the middle of an
action leaves nothing half-saved.
"""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from concom_desk.log_file import log_folder, log_path

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
        self.details_view.setAccessibleName("What went wrong, for the log")
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
