"""Executive-session minutes of a meeting (MGL c.30A §22(f)): typed apart from the
open minutes, withheld from every export and meeting record until a later meeting
votes to release them (Record vote… → Release executive-session minutes…), and
locked once released."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QLabel, QPlainTextEdit, QWidget

from concom_desk.domain.executive_minutes import WITHHOLDING_CITATION
from concom_desk.domain.executive_session import ENTRY_WORDS
from concom_desk.domain.plain_dates import long_date
from concom_desk.errors import UserError
from concom_desk.services.database import Database
from concom_desk.services.minutes.executive import (
    ExecutiveSession,
    save_executive_minutes,
    sessions_of_meeting,
)
from concom_desk.ui.calendar.dialog_parts import ErrorLine, act_cancel, stack


class ExecutiveMinutesDialog(QDialog):
    def __init__(self, database: Database, meeting_id: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._db = database
        self.sessions = sessions_of_meeting(database, meeting_id)
        if not self.sessions:
            raise UserError("this meeting entered no executive session: record the roll-call "
                            "vote first (Record vote… → Executive session…)")
        self.setWindowTitle("Executive-session minutes")
        self.session_box = QComboBox()
        self.session_box.setAccessibleName("Session")
        for held in self.sessions:
            # The purpose and subject after the day: what tells two sessions apart.
            self.session_box.addItem(
                f"Session of {long_date(held.day)}: {held.motion.removeprefix(ENTRY_WORDS)}"
                [:110], held.entry_vote_id)
        self.state = QLabel()
        self.state.setWordWrap(True)
        self.text = QPlainTextEdit()
        self.text.setAccessibleName("Minutes of the executive session")
        self.text.setMinimumSize(560, 220)
        explain = QLabel(f"Kept apart from the open minutes and withheld from every export "
                         f"and meeting record until released ({WITHHOLDING_CITATION}).")
        explain.setWordWrap(True)
        self.error = ErrorLine()
        self.buttons, self.ok_button = act_cancel(self, "Save minutes", self._save)
        form = QFormLayout()
        form.addRow(explain)
        form.addRow("&Session:", self.session_box)
        form.addRow(self.state)
        form.addRow("&Minutes:", self.text)
        stack(self, form, self.error, self.buttons)
        self.session_box.currentIndexChanged.connect(self._show)
        self._show()

    def current(self) -> ExecutiveSession:
        return self.sessions[self.session_box.currentIndex()]

    def _show(self) -> None:
        held = self.current()
        self.text.setPlainText(held.text)
        released = held.released_on is not None
        self.text.setReadOnly(released)
        self.ok_button.setEnabled(not released)
        if released:
            self.state.setText(f"Released by the vote of {long_date(held.released_on)}: "
                               "locked, the record as released.")
        elif held.read_version is None:
            self.state.setText("No minutes typed yet.")
        else:
            reviewed = (f"; last reviewed {long_date(held.reviewed_on)}" if held.reviewed_on
                        else "")
            self.state.setText(f"WITHHELD until a later meeting votes to release them "
                               f"(kept by {held.kept_by or 'the clerk'}{reviewed}).")

    def _save(self) -> None:
        held = self.current()
        try:
            saved = save_executive_minutes(self._db, held.entry_vote_id,
                                           self.text.toPlainText(), held.read_version)
        except UserError as exc:  # RecordChanged too: another desk saved
            self.error.say(str(exc))
            return
        self.sessions[self.session_box.currentIndex()] = saved
        self.accept()
