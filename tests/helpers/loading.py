"""Waiting for a view's background read (ui/view_loader.py) to reach the screen."""

from __future__ import annotations

from datetime import date
from typing import Any, TypeVar

from pytestqt.qtbot import QtBot

View = TypeVar("View")


def loaded(qtbot: QtBot, view: View, timeout: int = 30_000) -> View:
    """`view` once no read of its rows is running (its last one is on screen)."""
    qtbot.waitUntil(lambda: not view.loader.loading, timeout=timeout)  # type: ignore[attr-defined]
    return view


def show_day(qtbot: QtBot, tab: Any, day: date) -> None:
    """Select `day` on the calendar tab and wait for its month to be read."""
    tab.go_to_day(day)
    loaded(qtbot, tab)


def all_loaded(qtbot: QtBot, timeout: int = 30_000) -> None:
    """Every view's read finished (a dialog saved somewhere: whichever views read again)."""
    from concom_desk.ui import view_loader

    qtbot.waitUntil(lambda: not view_loader.running(), timeout=timeout)


def filled(qtbot: QtBot, form: View, timeout: int = 30_000) -> View:
    """An edit form once its filing, read behind it, is in its boxes."""
    qtbot.waitUntil(lambda: not form.reading, timeout=timeout)  # type: ignore[attr-defined]
    return form
