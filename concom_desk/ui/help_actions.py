"""Help menu: the user guide and the About box (version, where the data lives, the
license and the changes).

The guide is the docs/ folder that ships with the program (beside the package in a
checkout, inside the bundle when frozen). It is shown in a window of its own rather
than handed to the system: a town-hall laptop often has nothing that opens .md files.
"""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from concom_desk import __version__
from concom_desk.log_file import log_path
from concom_desk.paths import app_root, data_dir
from concom_desk.ui.about_dialog import AboutDialog

GUIDE_PAGE = Path("docs") / "guide.md"  # the guide's contents page; the others link from it


def guide_file() -> Path:
    """Where the guide's first page belongs, found or not."""
    return app_root() / GUIDE_PAGE


def guide_path() -> Path | None:
    found = guide_file()
    return found if found.is_file() else None


def missing_guide_text() -> str:
    return (f"The user guide is not on this computer. It should be the file "
            f"{guide_file()} (with the other pages of the guide beside it); installing "
            "ConCom Desk again puts it back.")


class GuideWindow(QDialog):
    """The guide's pages, read inside the program; links between pages stay here, and
    nothing is fetched from the internet."""

    def __init__(self, first_page: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("ConCom Desk — User guide")
        self._home = QUrl.fromLocalFile(str(first_page))
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        self.browser.setAccessibleName("User guide")
        self.browser.anchorClicked.connect(self._follow)
        self.browser.setSource(self._home)
        back = QPushButton("&Back")
        back.clicked.connect(self.browser.backward)
        home = QPushButton("&Contents")
        home.clicked.connect(lambda: self.browser.setSource(self._home))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(back, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(home, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.resize(900, 680)

    def _follow(self, url: QUrl) -> None:
        target = self.browser.source().resolved(url)
        if target.isLocalFile() and Path(target.toLocalFile()).is_file():
            self.browser.setSource(target)


def user_guide(parent: QWidget) -> GuideWindow | None:
    path = guide_path()
    if path is None:
        QMessageBox.information(parent, "User guide", missing_guide_text())
        return None
    window = GuideWindow(path, parent)
    window.show()
    return window


def about_text(db_path: str) -> str:
    return (f"<h3>ConCom Desk {__version__}</h3>"
            "<p>Records, statutory deadlines and letters for Massachusetts conservation "
            "commissions. Free software under the MIT license (the License tab); it "
            "never uses the internet.</p>"
            f"<p><b>Database:</b> {html.escape(db_path)}<br>"
            f"<b>Data folder:</b> {html.escape(str(data_dir()))}<br>"
            f"<b>Log file:</b> {html.escape(str(log_path()))}</p>"
            "<p>Backups are kept in the <i>backups</i> folder beside the database; the log "
            "file is the one to send when something goes wrong.</p>")


def about(parent: QWidget) -> AboutDialog:
    server = getattr(getattr(parent, "db", None), "address", None)
    where = f"the server {server.display()}" if server else str(getattr(parent, "db_path", ""))
    dialog = AboutDialog(about_text(where), parent)
    dialog.show()
    return dialog
