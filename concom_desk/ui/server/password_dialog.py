"""The small dialog that asks for the server's password when this computer's keyring
holds none (or the one it holds was refused): typed masked, kept if the clerk says so."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)


class PasswordDialog(QDialog):
    given = Signal(str, bool)  # the password, and whether to keep it in the keyring

    def __init__(self, where: str, user: str, refused: bool,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("server-password")
        self.setWindowTitle("Password for the server")
        said = (f"The server {where} refused the password kept for {user}. Type it again:"
                if refused else f"The password of {user} on the server {where}:")
        self.question = QLabel(said)
        self.question.setWordWrap(True)
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setAccessibleName("Password")
        self.keep = QCheckBox("&Keep the password in this computer's keyring")
        self.keep.setChecked(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("&Connect")
        self.ok_button.setEnabled(False)
        self.password.textChanged.connect(lambda text: self.ok_button.setEnabled(bool(text)))
        self.buttons.accepted.connect(self._give)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.question)
        layout.addWidget(self.password)
        layout.addWidget(self.keep)
        layout.addWidget(self.buttons)

    def _give(self) -> None:
        self.accept()
        self.given.emit(self.password.text(), self.keep.isChecked())
