"""File → Connect to server… and File → Use the file on this computer: the window
changes which records it shows, as a restore does (the open records closed, the others
put in their place), and this desk remembers the choice for its next start."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from concom_desk.errors import OperationFailed
from concom_desk.services.safekeeping import safekeeping
from concom_desk.services.safekeeping import server_connection as servers
from concom_desk.ui.background import Progress, run_in_background
from concom_desk.ui.server.connect_dialog import ConnectDialog

if TYPE_CHECKING:
    from concom_desk.services.database import Database
    from concom_desk.ui.main_window import MainWindow


def on_server(db: Database) -> bool:
    return bool(getattr(db, "is_server", False))


def connect_to_server(window: MainWindow) -> ConnectDialog:
    """The Connect dialog, filled in with the server in use or remembered."""
    current = window.db.address if on_server(window.db) else servers.remembered_server()
    dialog = ConnectDialog(window, current)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.connected.connect(lambda db: use_server(window, db, dialog.kept_password_problem))
    dialog.open()
    window.connect_dialog = dialog  # type: ignore[attr-defined]  # for the tests
    return dialog


def use_server(window: MainWindow, db: Database, password_problem: str | None = None) -> None:
    """The server's records in the window, and opened again at the next start. The
    file it leaves gets its closing backup, as when the window closes on it."""
    leaving_a_file = window.db is not None and not on_server(window.db) and window.db.writable
    window.close_database()
    if leaving_a_file:
        from concom_desk.services.safekeeping.backups import back_up_quietly

        back_up_quietly(window.db_path, window.show_problem)
    window.use_database(db)
    try:
        servers.remember_server(db.address)
    except OperationFailed as exc:
        window.show_problem(f"The server's records are open, but {exc}.")
    if password_problem:
        window.show_problem(f"The server's records are open, but {password_problem}: the "
                            "password is asked for at each start.")


def use_local_file(window: MainWindow) -> None:
    """Back to this computer's own records file, now and at the next start."""
    local = window.local_db_path
    if not on_server(window.db):
        return
    if not local.is_file():
        window.show_problem(f"This computer has no records file of its own (none at "
                            f"{local}), so there is none to go back to: the window stays "
                            "on the server.")
        return
    if not _forget(window):
        return
    window.close_database()
    window.db_path = local

    def work(progress: Progress) -> Any:
        progress.report(10, f"Opening {local.name}…")
        return safekeeping.open_and_back_up(local, back_up=False)

    run_in_background(window, "Opening the records", work, window.use_database,
                      lambda message: window.show_problem(
                          f"The file on this computer could not be opened: {message}"))


def _forget(window: MainWindow) -> bool:
    try:
        servers.forget_server()
    except OperationFailed as exc:
        window.show_problem(str(exc)[0].upper() + str(exc)[1:] + ".")
        return False
    return True


def refuse_on_server(window: MainWindow, what: str) -> bool:
    """File → Backup, Restore and Tools → Repair audit guards work on a file: on a
    server, say who does them instead (docs/server.md). True when refused."""
    if not on_server(window.db):
        return False
    box = QMessageBox(QMessageBox.Icon.Information, "ConCom Desk",
                      f"{what} is for a records file on this computer. The server's records "
                      "are kept safe on the server: whoever runs it makes its backups and "
                      "restores them (see “A town-hall server” in the user guide).",
                      QMessageBox.StandardButton.Ok, window)
    box.setObjectName("not-on-a-server")
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return True
