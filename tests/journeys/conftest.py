"""Journeys: the program started the way a person starts it (`run_app`, the
entry point's launcher and its real event loop) on an empty data folder, and
walked through by a person's steps.

A journey is a generator of steps. It runs on the program's own event loop:
each `yield Wait(what, test)` hands control back to Qt until `test()` holds
(the program keeps running meanwhile, exactly as when a person waits for a
window), then the next step runs. The program must end only when the journey
closes its window; if it ends before (the old first-run wizard did, on
Finish), the journey fails saying at which step.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget

OFFSCREEN_NOISE = r"^This plugin does not support "  # offscreen: no window manager
WAIT_LIMIT_S = 20.0  # one step of a journey; the records are tiny


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/journeys/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.qt_log_ignore(OFFSCREEN_NOISE))


@dataclass
class Wait:
    """Let the program run until `test()` is true (it may return the thing waited for)."""

    what: str
    test: Callable[[], Any]


Steps = Generator[Wait, Any, None]


class Journey:
    """Runs a person's steps on the program's event loop (see the module's docstring)."""

    def __init__(self, steps: Steps) -> None:
        self._steps = steps
        self._waiting: Wait | None = None
        self._since = 0.0
        self._stepping = False
        self.done = False
        self.failure: BaseException | None = None
        self.at = "starting the program"
        self._timer = QTimer()
        self._timer.setInterval(10)
        self._timer.timeout.connect(self._tick)

    def start(self) -> None:
        self._timer.start()

    def _tick(self) -> None:
        if self._stepping or self.done:  # a step is inside a modal dialog's own loop
            return
        value: Any = None
        if self._waiting is not None:
            value = self._waiting.test()
            if not value:
                if time.monotonic() - self._since > WAIT_LIMIT_S:
                    self._stop(AssertionError(f"waited {WAIT_LIMIT_S:.0f} s for: "
                                              f"{self._waiting.what}"))
                return
        self._stepping = True
        try:
            self._waiting = self._steps.send(value)
            self.at = self._waiting.what
            self._since = time.monotonic()
        except StopIteration:
            self.done = True
            self._timer.stop()
        except BaseException as exc:  # an assertion in a step: end the program, report it
            self._stop(exc)
        finally:
            self._stepping = False

    def _stop(self, exc: BaseException) -> None:
        self.failure = exc
        self.done = True
        self._timer.stop()
        for widget in QApplication.topLevelWidgets():
            widget.close()
        QApplication.exit(1)


@pytest.fixture
def data_folder(isolated_data_dir: Path) -> Path:
    """The empty data folder the program is started on (CONCOM_DESK_DATA points here)."""
    assert not any(isolated_data_dir.iterdir())
    return isolated_data_dir


@pytest.fixture
def run_program(qapp: QApplication, data_folder: Path) -> Iterator[Callable[[Steps], int]]:
    """`run_program(steps)`: start the program as `concom-desk` (no arguments) does,
    on the empty data folder, walk the steps, and return its exit status once the
    journey closed its last window."""
    from concom_desk.cli import main  # what the `concom-desk` entry point calls

    def run(steps: Steps) -> int:
        journey = Journey(steps)
        QTimer.singleShot(0, journey.start)
        status = main([])
        if journey.failure is not None:
            raise journey.failure
        assert journey.done, (f"the program ended (exit status {status}) while the person "
                              f"was at: {journey.at}")
        return status

    yield run
    for widget in QApplication.topLevelWidgets():  # nothing of one journey in the next
        widget.close()
        widget.deleteLater()
    QApplication.processEvents()


def top_level(kind: type[QWidget]) -> Any:
    """The visible top-level window of this kind, or None."""
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, kind) and widget.isVisible():
            return widget
    return None


def filled_form(form: Any) -> Any:
    """An edit form once its filing, read behind it, is in its boxes (else None)."""
    return form if form is not None and not form.reading else None


def when_shown(kind: type[QWidget], act: Callable[[Any], None], what: str) -> None:
    """Once a modal window of this kind is up (the step that opened it is waiting in
    its loop), act on it as the person would: fill it in, press its button. A window
    that never comes fails the journey at the next wait, which it keeps from ending."""
    timer = QTimer()
    started = time.monotonic()

    def look() -> None:
        widget = QApplication.activeModalWidget()
        if isinstance(widget, kind) and widget.isVisible():
            timer.stop()
            _PENDING.discard(timer)
            act(widget)
        elif time.monotonic() - started > WAIT_LIMIT_S:
            timer.stop()
            _PENDING.discard(timer)
            _MISSED.append(what)

    timer.timeout.connect(look)
    _PENDING.add(timer)
    timer.start(10)


_PENDING: set[QTimer] = set()
_MISSED: list[str] = []


def no_window_missed() -> bool:
    """For a Wait: true once every window `when_shown` expected has been handled."""
    assert not _MISSED, f"never shown: {_MISSED}"
    return not _PENDING


def menu_action(window: Any, text: str) -> Any:
    """The main window's menu entry with this text ("&Settings…"), as the person picks it."""
    from PySide6.QtGui import QAction

    for action in window.findChildren(QAction):
        if action.text() == text:
            return action
    raise AssertionError(f"no menu entry {text!r}")
