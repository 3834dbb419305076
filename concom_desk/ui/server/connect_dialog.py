"""File → Connect to server…: where the town hall's server is, who is logging in, and
whether the password is kept in this computer's keyring.

Test connection tries the address in the background and says what it found; Connect
opens the server's records and hands them to whoever opened the dialog (`connected`),
which puts them in the window. Nothing is remembered until a connection has worked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from concom_desk.errors import UserError
from concom_desk.services.safekeeping import server_connection as servers
from concom_desk.ui.background import Progress, run_in_background

if TYPE_CHECKING:
    from concom_desk.services.database import Database

NO_TLS_WARNING = ("Without TLS the password and the records cross the network as plain "
                  "text, readable by anyone on it. Untick it only on the town hall's own "
                  "network, when the server has no certificate.")


class ConnectDialog(QDialog):
    connected = Signal(object)  # the server's records (a Database), opened

    def __init__(self, parent: QWidget | None = None,
                 address: servers.ServerAddress | None = None) -> None:
        super().__init__(parent)
        # Why the password could not be kept (a computer with no keyring), to be told.
        self.kept_password_problem: str | None = None
        self.setObjectName("connect-to-server")
        self.setWindowTitle("Connect to server")
        self.host = QLineEdit()
        self.host.setPlaceholderText("townhall or 10.0.0.5")
        self.port = QSpinBox()
        self.port.setRange(1, 65535)
        self.port.setValue(servers.DEFAULT_PORT)
        self.database = QLineEdit("concom")
        self.user = QLineEdit()
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.keep_password = QCheckBox("&Keep the password in this computer's keyring")
        self.keep_password.setChecked(True)
        self.tls = QCheckBox("Use &TLS (encryption)")
        self.tls.setChecked(True)
        self.tls_warning = QLabel(NO_TLS_WARNING)
        self.tls_warning.setWordWrap(True)
        self.tls_warning.setObjectName("no-tls-warning")
        self.tls_warning.setVisible(False)
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setObjectName("connection-result")
        self.result.setAccessibleName("What the server answered")

        form = QFormLayout()
        form.addRow("&Server:", self.host)
        form.addRow("&Port:", self.port)
        form.addRow("&Database:", self.database)
        form.addRow("&User:", self.user)
        form.addRow("Pass&word:", self.password)
        for label, widget in (("Server", self.host), ("Port", self.port),
                              ("Database", self.database), ("User", self.user),
                              ("Password", self.password)):
            widget.setAccessibleName(label)
        self.test_button = QPushButton("Test co&nnection")
        self.test_button.setAutoDefault(False)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.connect_button = self.buttons.addButton(
            "&Connect", QDialogButtonBox.ButtonRole.AcceptRole)
        self.connect_button.setDefault(True)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.keep_password)
        layout.addWidget(self.tls)
        layout.addWidget(self.tls_warning)
        layout.addWidget(self.test_button)
        layout.addWidget(self.result)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 64)

        self.tls.toggled.connect(lambda on: self.tls_warning.setVisible(not on))
        self.test_button.clicked.connect(self.test_connection)
        self.buttons.accepted.connect(self.connect_to_server)
        self.buttons.rejected.connect(self.reject)
        for field in (self.host, self.database, self.user):
            field.textChanged.connect(self._update)
        if address is not None:
            self._fill(address)
        self._update()

    def _fill(self, address: servers.ServerAddress) -> None:
        if servers.stored_password(address):
            self.password.setPlaceholderText("kept in this computer's keyring")
        self.host.setText(address.host)
        self.port.setValue(address.port)
        self.database.setText(address.database)
        self.user.setText(address.user)
        self.tls.setChecked(address.sslmode != "disable")

    def _update(self) -> None:
        filled = all(f.text().strip() for f in (self.host, self.database, self.user))
        self.test_button.setEnabled(filled)
        self.connect_button.setEnabled(filled)

    def address(self) -> servers.ServerAddress:
        return servers.address_from_fields(self.host.text(), self.port.value(),
                                           self.database.text(), self.user.text(),
                                           self.tls.isChecked())

    def _typed_password(self) -> str | None:
        return self.password.text() or None

    def _begin(self, what: str) -> servers.ServerAddress | None:
        try:
            address = self.address()
        except UserError as exc:
            self.result.setText(str(exc)[0].upper() + str(exc)[1:] + ".")
            return None
        self.result.setText(what)
        self.test_button.setEnabled(False)
        self.connect_button.setEnabled(False)
        return address

    def _ended(self, message: str) -> None:
        self._update()
        self.result.setText(message[0].upper() + message[1:] + ("" if message.endswith(".")
                                                                 else "."))

    def test_connection(self) -> None:
        address = self._begin("Trying the server…")
        if address is None:
            return
        password = self._typed_password()

        def work(_progress: Progress) -> str:
            return servers.try_connection(address, password)

        run_in_background(self, "Testing the connection", work, self._ended, self._ended)

    def connect_to_server(self) -> None:
        address = self._begin("Connecting…")
        if address is None:
            return
        password = self._typed_password()

        def work(_progress: Progress) -> Any:
            return servers.connect(address, password)

        run_in_background(self, "Connecting to the server", work,
                          lambda db: self._opened(address, password, db), self._ended)

    def _opened(self, address: servers.ServerAddress, password: str | None,
                db: Database) -> None:
        """It worked: keep the password if asked (said when this computer cannot),
        and hand the records over."""
        self._update()
        if password and self.keep_password.isChecked():
            why_not = servers.keep_password(address, password)
            if why_not:
                self.kept_password_problem = why_not
        self.connected.emit(db)
        self.accept()
