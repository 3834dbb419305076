"""Help → About: the version, where the database, the data folder and the log are,
the license and the changes, all from the files that ship with the program."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from concom_desk import __version__
from concom_desk.paths import changelog_file, license_file
from concom_desk.ui import help_actions


def test_about_shows_version_places_license_and_changes(
        qtbot: QtBot, tmp_path: Path, isolated_data_dir: Path) -> None:
    parent = QWidget()
    parent.db_path = tmp_path / "Upton & Co" / "concom-desk.sqlite"  # type: ignore[attr-defined]
    qtbot.addWidget(parent)
    dialog = help_actions.about(parent)
    about = dialog.about.toPlainText()
    assert f"ConCom Desk {__version__}" in about
    assert f"Database: {parent.db_path}" in about  # type: ignore[attr-defined]
    assert f"Data folder: {isolated_data_dir}" in about
    assert f"Log file: {isolated_data_dir / 'concom-desk.log'}" in about
    assert [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())] == [
        "&About", "&License", "&Changes"]
    assert dialog.license.toPlainText() == license_file().read_text(encoding="utf-8")
    assert dialog.license.toPlainText().startswith("MIT License")
    first_version = next(line for line in changelog_file().read_text(encoding="utf-8")
                         .splitlines() if line.startswith("## "))
    assert first_version.removeprefix("## ") in dialog.changes.toPlainText()
    assert "##" not in dialog.changes.toPlainText()  # shown formatted, not as Markdown source
    dialog.close()
