"""Records other desks saved, seen without restarting.

When the program is brought back to the front (the clerk comes back from her
email, or from the other desk's screen), the window asks the store for the audit
trail's newest entry id (`Database.trail_mark`, one indexed look-up). Every save
by any desk writes an entry, so when the mark has not moved since the last look
nothing is read; when it has, the tab in front is read again, and the other tabs
are read again when next shown. Switching windows inside the program reads nothing.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QApplication

from concom_desk.errors import OperationFailed

if TYPE_CHECKING:
    from concom_desk.ui.main_window import MainWindow

_log = logging.getLogger(__name__)


class OtherDesks(QObject):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self._window = window
        self.seen: int | None = None  # the trail's mark when the window last read
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.applicationStateChanged.connect(self._state_changed)

    def _mark(self) -> int | None:
        db = self._window.db
        if db is None or not db.is_open:
            return None
        try:
            return int(db.trail_mark())
        except OperationFailed as exc:  # busy or gone: the next return looks again
            _log.warning("could not look for other desks' saves: %s", exc)
            return None

    def reading(self) -> None:
        """The window is reading its lists now: what it reads includes every save so far."""
        self.seen = self._mark()

    def _state_changed(self, state: Qt.ApplicationState) -> None:
        if state == Qt.ApplicationState.ApplicationActive:
            self.brought_back()

    def brought_back(self) -> bool:
        """Read the tab in front again if any desk saved since the last look; True if so."""
        if self.seen is None:  # not read yet: its first read is on its way
            return False
        mark = self._mark()
        if mark is None or mark == self.seen:
            return False
        self.seen = mark
        window = self._window
        shown = window.tabs.currentWidget()
        lists = (window.today_view, window.filings_tab)
        for tab in (window.calendar_tab, window.enforcement_tab):
            if tab is not shown and hasattr(tab, "seen_changes"):
                tab.seen_changes = -1  # read again when next shown
        if shown in lists:
            window.reload()
            return True
        window.forget_lists_read()  # Today and Filings: read again when next shown
        if hasattr(shown, "refresh"):  # the hearing calendar
            shown.refresh()
        elif hasattr(shown, "reload"):  # enforcement
            shown.reload()
        return True
