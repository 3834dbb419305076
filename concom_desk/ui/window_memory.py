"""Windows remember their size, place and splitters between sessions, and dialogs the
clerk's last choices (where the mailings are saved, who signs them).

Kept in an .ini file in the data folder, beside the database (not in the Windows
registry): it travels with the data folder, is removed with it, and a clerk can
delete it to get the first-run sizes back. Only the window layout and the desk's
habits are kept here; nothing about the records.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, QSize
from PySide6.QtWidgets import QSplitter, QWidget

from concom_desk.paths import data_dir

FILE_NAME = "window-sizes.ini"


def _store() -> QSettings:
    return QSettings(str(data_dir() / FILE_NAME), QSettings.Format.IniFormat)


def sensible_size(widget: QWidget, width_share: float = 0.85, height_share: float = 0.85,
                  at_most: QSize | None = None) -> QSize:
    """A share of the screen the window opens on, so a first window is neither a postage
    stamp on a 1366x768 laptop nor bigger than the screen; `at_most` for dialogs."""
    screen = widget.screen()
    area = screen.availableGeometry().size() if screen is not None else QSize(1366, 768)
    size = QSize(int(area.width() * width_share), int(area.height() * height_share))
    return size.boundedTo(at_most) if at_most is not None else size


class _Keeper(QObject):
    """Writes the window's geometry when it is hidden or closed."""

    def __init__(self, window: QWidget, name: str) -> None:
        super().__init__(window)
        self._window = window
        self._name = name

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self._window and event.type() in (QEvent.Type.Hide, QEvent.Type.Close):
            store = _store()
            store.setValue(f"{self._name}/geometry", self._window.saveGeometry())
            store.sync()
        return False


def remember(window: QWidget, name: str, first_size: QSize | None = None) -> None:
    """Open `window` at its remembered size and place (or `first_size`, or a sensible
    share of the screen the first time), and remember them when it closes."""
    saved = _store().value(f"{name}/geometry")
    if not (isinstance(saved, QByteArray) and not saved.isEmpty()
            and window.restoreGeometry(saved)):
        window.resize(first_size or sensible_size(window))
    window.installEventFilter(_Keeper(window, name))


def remember_splitter(splitter: QSplitter, name: str) -> None:
    """Put the splitter where the clerk last left it, and keep each move."""
    saved = _store().value(f"splitters/{name}")
    if isinstance(saved, QByteArray) and not saved.isEmpty():
        splitter.restoreState(saved)

    def keep(_position: int, _index: int) -> None:
        store = _store()
        store.setValue(f"splitters/{name}", splitter.saveState())
        store.sync()

    splitter.splitterMoved.connect(keep)


def last_choice(name: str) -> str:
    """What the clerk chose the last time in the dialog field `name`, or ""."""
    saved = _store().value(f"choices/{name}")
    return saved if isinstance(saved, str) else ""


def keep_choice(name: str, value: str) -> None:
    """Remember the clerk's choice for the next time the dialog opens."""
    store = _store()
    store.setValue(f"choices/{name}", value)
    store.sync()
