"""Help → User guide shows the guide that ships with the program, in a window of its
own, or names the file that should be there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from concom_desk.ui import help_actions


def test_the_guide_opens_inside_the_program(qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    window = help_actions.user_guide(parent)
    assert window is not None and window.isVisible()
    text = window.browser.toPlainText()
    first_heading = Path(help_actions.guide_file()).read_text(encoding="utf-8").splitlines()[0]
    assert first_heading.lstrip("# ").strip() in text
    assert Path(window.browser.source().toLocalFile()) == help_actions.guide_file()
    window.close()


def test_a_missing_guide_names_the_file_that_should_be_there(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []
    monkeypatch.setattr(help_actions, "app_root", lambda: tmp_path)
    monkeypatch.setattr(QMessageBox, "information",
                        lambda _parent, title, text: said.append(f"{title}: {text}"))
    parent = QWidget()
    qtbot.addWidget(parent)
    assert help_actions.user_guide(parent) is None
    assert said == [f"User guide: The user guide is not on this computer. It should be the "
                    f"file {tmp_path / 'docs' / 'guide.md'} (with the other pages of the "
                    "guide beside it); installing ConCom Desk again puts it back."]


def test_the_contents_page_links_every_page_of_the_guide() -> None:
    contents = help_actions.guide_file()
    linked = set(re.findall(r"\]\(([\w-]+\.md)\)", contents.read_text(encoding="utf-8")))
    user_pages = {"window.md", "calendar.md", "abutters.md", "templates.md", "enforcement.md",
                  "backup.md", "towns.md", "store.md", "server.md", "editing.md", "fees.md"}
    assert linked == user_pages
    assert all((contents.parent / page).is_file() for page in linked)


def test_a_link_opens_the_linked_page_inside_the_guide(qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    window = help_actions.user_guide(parent)
    assert window is not None
    window._follow(QUrl("backup.md"))
    assert Path(window.browser.source().toLocalFile()).name == "backup.md"
    assert "Backups, restoring, checking" in window.browser.toPlainText()
    window.browser.backward()
    assert Path(window.browser.source().toLocalFile()).name == "guide.md"
    window.close()
