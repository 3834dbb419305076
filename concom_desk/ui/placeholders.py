"""Stand-ins for the tabs not built yet: the Hearing calendar and Enforcement until
they are first opened (each is built on first sight, after the database is open, so
start-up pays only for the tabs a commissioner looks at), and Filings until the
window has first painted."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

SECTIONS = ("Hearing calendar", "Enforcement")


class PlaceholderTab(QWidget):
    def __init__(self, name: str, message: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.message = QLabel(message or f"The {name.lower()} opens once the records are "
                                         "loaded…")
        # A plain label, no alignment or focus set: the stand-ins are up before the
        # window's first paint, which must not wait for PySide6's Qt namespace (see
        # ui/first_paint.py); the tabs take no keyboard focus while the records open.
        self.message.setWordWrap(True)
        self.message.setAccessibleName(f"{name}: opening")
        layout = QVBoxLayout(self)
        layout.addWidget(self.message)
        layout.addStretch(1)
