"""The two steps that lock and reopen a set of minutes: the carried vote of a later
meeting that approved them, and the reason an amendment corrects an approved set
(the approved one is kept as it was)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QDialog, QLabel, QLineEdit, QVBoxLayout, QWidget

from concom_desk.domain.minutes_approval import SUMMARY_CITATION
from concom_desk.services.minutes.sets import ApprovalChoice
from concom_desk.ui import colours
from concom_desk.ui.calendar.dialog_parts import ErrorLine, act_cancel


class ApproveDialog(QDialog):
    """Which carried vote on these minutes approved them; a warning first when items
    have no summary of the discussion (the set is locked once approved)."""

    chosen = Signal(int)

    def __init__(self, choices: list[ApprovalChoice], parent: QWidget | None = None,
                 without_summary: list[str] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Approve the minutes")
        self.vote = QComboBox()
        self.vote.setAccessibleName("Approving vote")
        for choice in choices:
            self.vote.addItem(choice.describe(), choice.vote_id)
        buttons, _button = act_cancel(self, "Approve", self._approve)
        layout = QVBoxLayout(self)
        self.warning = QLabel(_summary_warning(without_summary or []))
        self.warning.setWordWrap(True)
        self.warning.setStyleSheet(colours.style(colours.WARNING))
        self.warning.setVisible(bool(without_summary))
        layout.addWidget(self.warning)
        layout.addWidget(QLabel("The carried vote on these minutes that approved them:"))
        layout.addWidget(self.vote)
        layout.addWidget(buttons)

    def _approve(self) -> None:
        self.chosen.emit(int(self.vote.currentData()))
        self.accept()


def _summary_warning(headings: list[str]) -> str:
    if not headings:
        return ""
    more = len(headings) - 5
    shown = "; ".join(headings[:5]) + (f"; and {more} more" if more > 0 else "")
    return (f"{len(headings)} item{'s' if len(headings) != 1 else ''} "
            f"{'have' if len(headings) != 1 else 'has'} no summary of the discussion "
            f"({SUMMARY_CITATION}): {shown}. Approving locks the words as they stand.")


class AmendDialog(QDialog):
    """What the amendment corrects, kept with it."""

    reason_given = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Amend approved minutes")
        self.reason = QLineEdit()
        self.reason.setAccessibleName("What the amendment corrects")
        self.reason.setPlaceholderText("e.g. Ellis took part remotely; the vote was 4–1")
        self.error = ErrorLine()
        buttons, _button = act_cancel(self, "Start amendment", self._start)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("What does the amendment correct? (kept with it)"))
        layout.addWidget(self.reason)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def _start(self) -> None:
        if not self.reason.text().strip():
            self.error.say("Say what the amendment corrects.")
            return
        self.reason_given.emit(self.reason.text().strip())
        self.accept()
