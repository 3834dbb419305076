"""Honest stand-ins for tabs whose work is not in this version yet."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

PLACEHOLDER_TEXT = {
    "Hearing calendar": (
        "The hearing calendar is not in this version of ConCom Desk yet.\n\n"
        "Until it is, enter hearing dates on each filing (Filings tab, open the filing, "
        "Edit). Every clock that follows from them — legal notice, decision, appeal — "
        "is shown in the filing's Deadlines panel and in the Today view."),
    "Enforcement": (
        "Enforcement cases are not in this version of ConCom Desk yet.\n\n"
        "Keep violation notices and enforcement orders in the paper file for now; "
        "nothing you enter elsewhere is lost when this tab arrives."),
}


class PlaceholderTab(QWidget):
    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.message = QLabel(PLACEHOLDER_TEXT[name])
        self.message.setWordWrap(True)
        self.message.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.message.setAccessibleName(f"{name}: not available yet")
        self.message.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        layout = QVBoxLayout(self)
        layout.addWidget(self.message)
        layout.addStretch(1)
