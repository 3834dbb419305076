"""A long form on a small screen: it scrolls inside its window, and the window is no
larger than the screen, so its buttons (Finish, Save) can always be pressed. A town-hall
laptop of 1366 x 768 at 150 % scaling has 911 x 512 to show a window in."""

from __future__ import annotations

from PySide6 import QtCore  # its Qt namespace looked at when used (ui/first_paint.py)
from PySide6.QtCore import QEvent, QObject, QSize, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFrame,
    QMainWindow,
    QScrollArea,
    QTabWidget,
    QWidget,
)
from shiboken6 import isValid


class FormScroll(QScrollArea):
    """A scroll area that asks for the whole of its form (QScrollArea's own hint is
    capped at a fraction of the font's size): where the screen has room, nothing
    scrolls."""

    def __init__(self, form: QWidget) -> None:
        super().__init__()
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidget(form)
        # Tab goes from field to field (the area scrolls to each), not to the area.
        self.setFocusPolicy(QtCore.Qt.FocusPolicy.NoFocus)
        # A form of tabs scrolls whole, its tab bar with it: a tab chosen opens at its
        # top, not as far down as the one before was scrolled.
        if isinstance(form, QTabWidget):
            form.currentChanged.connect(lambda _tab: self.verticalScrollBar().setValue(0))

    def sizeHint(self) -> QSize:
        form = self.widget().sizeHint()
        return QSize(form.width() + self.verticalScrollBar().sizeHint().width(),
                     form.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(self.widget().minimumSizeHint().width(), 120)


def fit_to_screen(window: QWidget) -> None:
    """The window's whole size where the screen has room for it; where it has not, the
    screen's size (its form scrolls), moved onto the screen."""
    window.resize(window.sizeHint().expandedTo(window.size()))
    keep_on_screen(window)


def grow_to_content(window: QWidget) -> None:
    """As tall as its contents want at its width, where Qt opened it shorter (at most
    two thirds of the screen; never less than the layout's minimum, except where the
    dialog set a minimum width of its own, which lets Qt squeeze it): check boxes and
    wrapped notes drawn a few pixels high, one over the other, at 150 %."""
    layout = window.layout()
    if layout is None:
        return
    width = window.width()
    wanted = (layout.totalHeightForWidth(width) if layout.hasHeightForWidth()
              else layout.totalSizeHint().height())
    if wanted > window.height():
        window.resize(width, wanted)


def keep_on_screen(window: QWidget) -> None:
    """No larger than the screen's available area (the taskbar left out), a size
    remembered from a larger screen or another scaling included; moved to the middle
    of that area when any of it lies off it, its title bar never above it."""
    screen = window.screen().availableGeometry()
    border = window.frameGeometry().size() - window.size()
    # QWidget's own resize and move: a dialog may name a control "move" (a radio button).
    QWidget.resize(window, window.size().boundedTo(screen.size() - border))
    frame = window.frameGeometry()
    if screen.contains(frame):
        return
    frame.moveCenter(screen.center())
    frame.moveTop(max(frame.top(), screen.top()))
    frame.moveLeft(max(frame.left(), screen.left()))
    QWidget.move(window, frame.topLeft())


class _OnScreen(QObject):
    """Every window and dialog the program shows is kept on the screen (see
    `keep_windows_on_screen`)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if (event.type() == QEvent.Type.Show and isinstance(watched, QWidget)
                and watched.isWindow() and isinstance(watched, QDialog | QMainWindow)):
            # A window holding a long form opens as large as its form where the screen
            # has room (Qt opens a window at most two thirds of the screen: the form's
            # lower fields hidden, a laptop at 150 % scrolling sideways).
            if watched.findChild(FormScroll) is not None:
                fit_to_screen(watched)
            elif isinstance(watched, QDialog):
                grow_to_content(watched)
            keep_on_screen(watched)
            # Once shown, the window manager's frame is known: looked at again.
            QTimer.singleShot(0, lambda: isValid(watched) and keep_on_screen(watched))
        return False


def keep_windows_on_screen(app: QApplication) -> QObject:
    """From now on, each window and dialog opens on the screen with its buttons on it:
    one watcher for them all, so a dialog added later needs nothing of its own. The
    watcher is returned, for the caller to remove when its event loop ends."""
    watcher = _OnScreen(app)
    app.installEventFilter(watcher)
    return watcher
