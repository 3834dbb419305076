"""Every top-level window and dialog of the program (found by reading concom_desk/ui,
tests/helpers/every_window.py) on a town-hall laptop: it fits the screen with its
buttons on it, at 100 % on 1366 x 768 and at 150 % on 1920 x 1080 (1280 x 720 for the
windows) and on 1366 x 768 (911 x 512), also when its size was remembered from a
larger screen; a screen reader reads a name for each of its controls; each Alt+letter
in it does one thing."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QTabWidget, QWidget

from tests.helpers import every_window
from tests.helpers.clock import TEST_TODAY

REPO = Path(__file__).resolve().parents[2]
OPENED = sorted(n for n in every_window.window_classes() if n not in every_window.BASES)


@pytest.fixture(scope="module")
def demo_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo town, built once for the module; each test opens a copy."""
    from concom_desk.services.demo.town import load_demo

    path = tmp_path_factory.mktemp("demo") / "demo.sqlite"
    load_demo(path, size="small", today=TEST_TODAY)
    return path


@pytest.fixture(scope="module")
def desk(demo_file: Path, qapp: object, tmp_path_factory: pytest.TempPathFactory
         ) -> Iterator[every_window.Desk]:
    copy = tmp_path_factory.mktemp("desk") / "commission.sqlite"
    shutil.copy(demo_file, copy)
    desk = every_window.open_desk(copy, TEST_TODAY)
    yield desk
    desk.window.close()
    desk.db.close()


def test_every_window_class_is_opened() -> None:
    """A dialog class added to concom_desk/ui without an opener in every_window.py is
    a window no test has fitted, named or keyed: say which."""
    assert set(OPENED) == set(every_window.OPENERS), (
        "open these in tests/helpers/every_window.py OPENERS: "
        f"{sorted(set(OPENED) - set(every_window.OPENERS))}")


SCREENS = {  # (width, height, scale): the commonest town-hall laptops
    "1366x768 at 100 %": (1366, 768, "1"),
    "1920x1080 at 150 %": (1920, 1080, "1.5"),
    "1366x768 at 150 %": (1366, 768, "1.5"),  # 911 x 512 for the windows: the least
}


@pytest.mark.slow  # the demo town opened in two programs, every window twice in each
@pytest.mark.parametrize("screen", SCREENS)
def test_every_window_fits_the_screen_with_its_buttons(
        screen: str, demo_file: Path, tmp_path: Path) -> None:
    width, height, scale = SCREENS[screen]
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{
        "name": "laptop", "x": 0, "y": 0, "width": width, "height": height,
        "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}], "windowFrameMargins": True}),
        encoding="utf-8")
    copy = tmp_path / "commission.sqlite"
    shutil.copy(demo_file, copy)
    data = tmp_path / "data"
    data.mkdir()
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
           "QT_SCALE_FACTOR": scale, "CONCOM_DESK_DATA": str(data),
           "PYTHONPATH": str(REPO)}
    run = subprocess.run([sys.executable, "-m", "tests.helpers.every_window", str(copy)],
                         env=env, capture_output=True, text=True, timeout=300, cwd=REPO)
    assert run.returncode == 0, run.stderr[-3000:]
    assert json.loads(run.stdout.splitlines()[-1]) == {}


def _name(widget: QWidget) -> str:
    face = QAccessible.queryAccessibleInterface(widget)
    return face.text(QAccessible.Text.Name).strip() if face is not None else ""


def _called(widget: QWidget) -> str:
    """The widget as the code calls it ("EnforcementTab.search"), for the failure."""
    owner = widget.parentWidget()
    while owner is not None:
        for attribute, value in vars(owner).items():
            if value is widget:
                return f"{type(owner).__name__}.{attribute}"
        owner = owner.parentWidget()
    return f"a {type(widget).__name__} in a {type(widget.parentWidget()).__name__}"


def _alt_letters(window: QWidget) -> dict[str, list[str]]:
    """Each Alt+letter the window shows underlined, and what carries it."""
    texts = [b.text() for b in window.findChildren(QAbstractButton) if b.isVisibleTo(window)]
    texts += [label.text() for label in window.findChildren(QLabel)
              if label.buddy() is not None and label.isVisibleTo(window)]
    texts += [g.title() for g in window.findChildren(QGroupBox)
              if g.isCheckable() and g.isVisibleTo(window)]
    for tabs in window.findChildren(QTabWidget):
        if tabs.isVisibleTo(window):
            texts += [tabs.tabText(i) for i in range(tabs.count())]
    if hasattr(window, "menuBar"):
        texts += [action.text() for action in window.menuBar().actions()]
    letters: dict[str, list[str]] = {}
    for text in texts:
        found = re.search(r"&([^&])", text.replace("&&", ""))
        if found:
            letters.setdefault(found.group(1).lower(), []).append(text)
    return letters


def _each_page(window: QWidget) -> Iterator[dict[str, list[str]]]:
    """The Alt+letters with each page of the window's outer tabs in front (the main
    window's sections: a letter works only on the page shown)."""
    outer = [t for t in window.findChildren(QTabWidget) if t.window() is window
             and not any(isinstance(a, QTabWidget) for a in _ancestors(t))]
    yield _alt_letters(window)
    for tabs in outer:
        shown = tabs.currentIndex()
        for page in range(tabs.count()):
            tabs.setCurrentIndex(page)
            yield _alt_letters(window)
        tabs.setCurrentIndex(shown)


def _ancestors(widget: QWidget) -> Iterator[QWidget]:
    parent = widget.parentWidget()
    while parent is not None:
        yield parent
        parent = parent.parentWidget()


@pytest.mark.parametrize("name", OPENED)
def test_every_control_has_a_name_and_every_alt_letter_one_meaning(
        name: str, desk: every_window.Desk) -> None:
    window = every_window.shown(desk, name)
    try:
        unnamed = [_called(w) for w in every_window.focusable(window) if not _name(w)]
        twice = {k: v for letters in _each_page(window) for k, v in letters.items()
                 if len(v) > 1}
    finally:
        every_window.close(window, desk)
    assert (unnamed, twice) == ([], {})
