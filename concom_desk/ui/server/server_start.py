"""Starting on a town-hall server (remembered from File → Connect to server…, or
`concom-desk --db postgresql://…`): the window comes up at once and the connection is
made behind it.

When the server asks for a password the keyring does not hold, a small dialog asks
for it. When the server cannot be reached (the network is down, the server is off),
the clerk is told in one message and chooses: try again, or work on the records file
on this computer meanwhile. Never a crash, never a window with nothing in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from concom_desk.services.safekeeping import server_connection as servers
from concom_desk.ui.background import Progress, run_in_background
from concom_desk.ui.server.password_dialog import PasswordDialog

if TYPE_CHECKING:
    from concom_desk.services.database import Database
    from concom_desk.ui.app import Launcher


class ServerStart(QObject):
    def __init__(self, launcher: Launcher, address: servers.ServerAddress) -> None:
        super().__init__()
        self.launcher = launcher
        self.address = address
        self.typed_once = False  # a password typed at this start was refused: say so
        self.box: QMessageBox | None = None  # the message when it cannot be reached
        self.password_dialog: PasswordDialog | None = None

    def begin(self, password: str | None = None, keep: bool = False) -> None:
        where = self.address.display()
        window = self.launcher.show_empty_window(f"Connecting to the server {where}…")

        def work(progress: Progress) -> Any:
            progress.report(10, f"Connecting to the server {where}…")
            return servers.connect(self.address, password)

        run_in_background(window, "Connecting to the server", work,
                          lambda db: self._connected(db, password, keep), self._failed,
                          lambda: self._cannot_reach("the connection was cancelled"))

    def _connected(self, db: Database, password: str | None, keep: bool) -> None:
        self.launcher.opened(db)
        if password and keep and self.launcher.window is not None:
            why_not = servers.keep_password(self.address, password)
            if why_not:
                self.launcher.window.show_problem(
                    f"The server's records are open, but {why_not}: the password is asked "
                    "for at each start.")

    def _failed(self, message: str) -> None:
        if servers.password_refused(self.address, message):
            self._ask_password(refused=self.typed_once
                               or servers.stored_password(self.address) is not None)
        else:
            self._cannot_reach(message)

    def _ask_password(self, refused: bool) -> None:
        dialog = PasswordDialog(self.address.display(), self.address.user, refused,
                                self.launcher.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.given.connect(self._typed)
        dialog.rejected.connect(lambda: self._cannot_reach(
            f"no password was given for {self.address.display()}"))
        self.password_dialog = dialog
        dialog.open()

    def _typed(self, password: str, keep: bool) -> None:
        self.typed_once = True
        self.begin(password, keep)

    def _cannot_reach(self, message: str) -> None:
        local = self.launcher.db_path
        instead = ("work on the records file on this computer meanwhile" if local.exists()
                   else "set up a records file on this computer instead")
        box = QMessageBox(QMessageBox.Icon.Warning, "The server cannot be reached",
                          f"{message[0].upper()}{message[1:].rstrip('.')}.\n\nTry again once "
                          f"the server is back, or {instead}. ConCom Desk tries the server "
                          "again at its next start; File → Connect to server… reaches it at "
                          "any time.", QMessageBox.StandardButton.NoButton,
                          self.launcher.window)
        box.setObjectName("server-unreachable")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.retry_button = box.addButton("&Try again", QMessageBox.ButtonRole.AcceptRole)
        self.local_button = box.addButton("Work on the &file on this computer",
                                          QMessageBox.ButtonRole.RejectRole)
        self.retry_button.clicked.connect(lambda: self.begin())
        self.local_button.clicked.connect(self._use_local_file)
        self.box = box
        box.open()

    def _use_local_file(self) -> None:
        launcher = self.launcher
        launcher.server = None
        if not launcher.db_path.exists() and launcher.window is not None:
            # The first-run wizard comes before any window: this one goes, and closing
            # it must not end the program on the way.
            QApplication.setQuitOnLastWindowClosed(False)
            launcher.window.hide()
            launcher.window.deleteLater()
            launcher.window = None
        launcher.start()
