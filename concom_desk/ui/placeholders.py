"""Stand-ins for the tabs not built yet: the Hearing calendar and Enforcement until
they are first opened (each is built on first sight, after the database is open, so
start-up pays only for the tabs a commissioner looks at), and Filings until the
window has first painted."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

SECTIONS = ("Hearing calendar", "Enforcement")


class PlaceholderTab(QWidget):
    def __init__(self, name: str, message: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.message = QLabel(message or f"The {name.lower()} opens once the records are "
                                         "loaded…")
        self.message.setWordWrap(True)
        self.message.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.message.setAccessibleName(f"{name}: opening")
        self.message.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        layout = QVBoxLayout(self)
        layout.addWidget(self.message)
        layout.addStretch(1)
