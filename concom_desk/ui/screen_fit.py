"""A long form on a small screen: it scrolls inside its window, and the window is no
larger than the screen, so its buttons (Finish, Save) can always be pressed. A town-hall
laptop of 1366 x 768 at 150 % scaling has 911 x 512 to show a window in."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


class FormScroll(QScrollArea):
    """A scroll area that asks for the whole of its form (QScrollArea's own hint is
    capped at a fraction of the font's size): where the screen has room, nothing
    scrolls."""

    def __init__(self, form: QWidget) -> None:
        super().__init__()
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidget(form)

    def sizeHint(self) -> QSize:
        form = self.widget().sizeHint()
        return QSize(form.width() + self.verticalScrollBar().sizeHint().width(),
                     form.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(self.widget().minimumSizeHint().width(), 120)


def fit_to_screen(window: QWidget) -> None:
    """The window's whole size where the screen has room for it; where it has not, the
    screen's size (its form scrolls), moved onto the screen."""
    screen = window.screen().availableGeometry()
    border = window.frameGeometry().size() - window.size()
    window.resize(window.sizeHint().expandedTo(window.size())
                  .boundedTo(screen.size() - border))
    frame = window.frameGeometry()
    if screen.contains(frame):
        return
    frame.moveCenter(screen.center())
    frame.moveTop(max(frame.top(), screen.top()))
    frame.moveLeft(max(frame.left(), screen.left()))
    window.move(frame.topLeft())
