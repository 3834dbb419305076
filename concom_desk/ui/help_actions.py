"""Help menu: the user guide and the About box (version and where the data lives)."""

from __future__ import annotations

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMessageBox, QWidget

from concom_desk import __version__
from concom_desk.paths import app_root, data_dir


def guide_path() -> str | None:
    for candidate in (app_root() / "docs" / "window.md", app_root() / "README.md"):
        if candidate.is_file():
            return str(candidate)
    return None


def user_guide(parent: QWidget) -> None:
    path = guide_path()
    if path is None or not QDesktopServices.openUrl(QUrl.fromLocalFile(path)):
        QMessageBox.information(parent, "User guide",
                                "The user guide could not be opened on this computer. "
                                f"It is the file README.md in {app_root()}.")


def about_text(db_path: str) -> str:
    return (f"<h3>ConCom Desk {__version__}</h3>"
            "<p>Records, statutory deadlines and letters for Massachusetts conservation "
            "commissions.</p>"
            f"<p><b>Database:</b> {db_path}<br><b>Data folder:</b> {data_dir()}<br>"
            "Backups are kept in the <i>backups</i> folder beside the database; the log "
            "file to send when something goes wrong is <i>concom-desk.log</i> in the data "
            "folder.</p>")


def about(parent: QWidget) -> None:
    QMessageBox.about(parent, "About ConCom Desk", about_text(str(getattr(parent, "db_path",
                                                                          ""))))
