"""The guide tells a clerk how to install: the installer (the onedir program) first,
what SmartScreen's "Windows protected your PC" asks of an unsigned build, with its
picture (a drawing, said to be one), and when the portable program is the right one."""

from __future__ import annotations

import re

from pytestqt.qtbot import QtBot

from tests.conftest import REPO_ROOT

GUIDE = REPO_ROOT / "docs" / "guide.md"
PACKAGING = REPO_ROOT / "docs" / "packaging.md"
PICTURE = "illustrations/smartscreen-run-anyway.png"


def install_section() -> str:
    text = GUIDE.read_text(encoding="utf-8")
    start = text.index("## Installing and upgrading (Windows)")
    return text[start:text.index("\n## ", start + 1)]


def test_the_guide_walks_through_smartscreen_with_a_drawn_picture() -> None:
    section = install_section()
    assert "Windows protected your PC" in section
    steps = [section.index(word) for word in ("**More info**", "**Run anyway**")]
    assert steps == sorted(steps)
    assert "This build is not code-signed" in section  # the release notes' words
    assert "SHA256SUMS.txt" in section and "Get-FileHash" in section
    images = re.findall(r"!\[([^\]]*)\]\(([^)]+)\)", section)
    assert [path for _, path in images] == [PICTURE]
    assert images[0][0].startswith("Drawn illustration")
    assert "not a screenshot" in section
    png = (GUIDE.parent / PICTURE).read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    # The packaging notes show the same picture, and say how it is drawn.
    packaging = PACKAGING.read_text(encoding="utf-8")
    assert PICTURE in packaging and "tools/draw_smartscreen.py" in packaging


def test_the_installer_is_the_recommended_program_and_the_portable_one_is_explained() -> None:
    section = install_section()
    assert section.index("the installer") < section.index("concom-desk-portable.exe")
    portable = section[section.index("### The portable program"):]
    assert "%TEMP%" in portable and "every" in portable and "start" in portable
    assert "64-bit" in section and "Windows 10 (version 1809 or later)" in section


def test_the_in_program_guide_shows_the_picture(qtbot: QtBot) -> None:
    """Help → User guide renders guide.md itself: the picture must load there too (the
    bundle's Qt has no SVG reader, hence a PNG)."""
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QTextDocument
    from PySide6.QtWidgets import QTextBrowser

    browser = QTextBrowser()
    qtbot.addWidget(browser)
    browser.setSource(QUrl.fromLocalFile(str(GUIDE)))
    image = browser.document().resource(QTextDocument.ResourceType.ImageResource,
                                        QUrl(PICTURE))
    assert image is not None and not image.isNull()
