"""Help → About: which version this is, where its database and data folder are, the
license it is given under and what each version changed (CHANGELOG.md, shown as
formatted text). Everything is read from the files that ship with the program."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from concom_desk.paths import changelog_file, license_file


def _shipped_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return (f"The file {path} is not on this computer; installing ConCom Desk again "
                "puts it back.")


class AboutDialog(QDialog):
    def __init__(self, about_html: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About ConCom Desk")
        self.tabs = QTabWidget()
        self.about = QTextBrowser()
        self.about.setHtml(about_html)
        self.license = QTextBrowser()
        self.license.setPlainText(_shipped_text(license_file()))
        self.changes = QTextBrowser()
        self.changes.setMarkdown(_shipped_text(changelog_file()))
        self.changes.setOpenExternalLinks(False)
        for page, title in ((self.about, "&About"), (self.license, "&License"),
                            (self.changes, "&Changes")):
            page.setOpenLinks(False)
            page.setAccessibleName(title.replace("&", ""))
            self.tabs.addTab(page, title)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(buttons)
        self.resize(640, 520)
