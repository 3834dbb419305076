"""Record a vote: the motion, who is present (a checkbox per member in office), how
each voted, and the outcome counted as the clerk goes (quorum = a majority of the
members in office; a motion carries with more yes than no among those voting)."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from concom_desk.domain.executive_minutes import release_motion
from concom_desk.domain.plain_dates import long_date
from concom_desk.domain.votes import Outcome, VoteChoice, majority_of
from concom_desk.errors import UserError
from concom_desk.services.calendar.entries import MeetingEntry
from concom_desk.services.calendar.votes import members_for_meeting, preview_vote, record_vote
from concom_desk.services.database import Database
from concom_desk.services.minutes.executive import record_release_vote, withheld_sessions
from concom_desk.ui.calendar.dialog_parts import ErrorLine, act_cancel, stack
from concom_desk.ui.calendar.executive_session_dialog import ExecutiveSessionDialog

CHOICE_WORDS = {VoteChoice.YES: "Yes", VoteChoice.NO: "No", VoteChoice.ABSTAIN: "Abstain",
                VoteChoice.RECUSED: "Recused"}


class VoteDialog(QDialog):
    recorded = Signal(str)  # the outcome in words

    def __init__(self, database: Database, meeting: MeetingEntry,
                 filing_id: int | None = None, parent: QWidget | None = None,
                 today: date | None = None) -> None:
        super().__init__(parent)
        self._today = today
        self.setWindowTitle("Record a vote")
        self._db = database
        self._meeting = meeting
        self.motion = QLineEdit()
        self.motion.setPlaceholderText("e.g. To issue an Order of Conditions with the "
                                       "special conditions discussed")
        self.filing_box = QComboBox()
        self.filing_box.setAccessibleName("About")
        self.filing_box.addItem("(other business)", None)
        for hearing in meeting.hearings:
            self.filing_box.addItem(hearing.title(), hearing.filing_id)
        if filing_id is None and len(meeting.hearings) == 1:
            # A meeting's one hearing is what its vote is about: "(other business)" by
            # default would file the permit vote away from the filing.
            filing_id = meeting.hearings[0].filing_id
        if filing_id is not None and self.filing_box.findData(filing_id) >= 0:
            self.filing_box.setCurrentIndex(self.filing_box.findData(filing_id))
        self.present: dict[int, QCheckBox] = {}
        self.choices: dict[int, QComboBox] = {}
        members = QGroupBox("Members present and their votes")
        grid = QGridLayout(members)
        for row, member in enumerate(members_for_meeting(database, meeting.meeting_id)):
            box = QCheckBox(member.name if member.in_office
                            else f"{member.name} (not in office on this date)")
            box.setEnabled(member.in_office)
            choice = QComboBox()
            choice.setAccessibleName(f"Vote of {member.name}")
            for value, word in CHOICE_WORDS.items():
                choice.addItem(word, value)
            choice.setEnabled(False)
            box.toggled.connect(choice.setEnabled)
            box.toggled.connect(self.refresh)
            choice.currentIndexChanged.connect(self.refresh)
            grid.addWidget(box, row, 0)
            grid.addWidget(choice, row, 1)
            if member.in_office:
                self.present[member.member_id] = box
                self.choices[member.member_id] = choice
        in_office = len(self.present)
        self.signers = QLabel(
            f"{in_office} members are in office on this date: a quorum is {majority_of(in_office)}"
            f", and a decision is signed by a majority of them ({majority_of(in_office)}).")
        self.signers.setWordWrap(True)
        self.outcome = QLabel()
        self.outcome.setWordWrap(True)
        self.error = ErrorLine()
        self.buttons, self.ok_button = act_cancel(self, "Record vote", self._record)
        # The vote to enter executive session is a roll call naming its §21(a) purpose.
        self.executive_button = QPushButton("E&xecutive session…")
        self.executive_button.clicked.connect(self.ask_executive_session)
        # A vote releasing withheld executive-session minutes (MGL c.30A §22(f)) names
        # the session; carried, they are released from this meeting's day.
        self.release_box = QComboBox()
        self.release_box.setAccessibleName("Release executive-session minutes of")
        self.release_box.addItem("(not a release vote)", None)
        for held in withheld_sessions(database):
            if held.day < meeting.day:
                self.release_box.addItem(f"the session of {long_date(held.day)}", held)
        self.release_box.currentIndexChanged.connect(self._release_chosen)
        form = QFormLayout()
        form.addRow("&Motion:", self.motion)
        form.addRow("", self.executive_button)
        if self.release_box.count() > 1:
            form.addRow("&Release executive-session minutes of:", self.release_box)
        form.addRow("&About:", self.filing_box)
        stack(self, form, members, self.signers, self.outcome, self.error, self.buttons)
        self.motion.textChanged.connect(self.refresh)
        self.refresh()

    def ask_executive_session(self) -> ExecutiveSessionDialog:
        dialog = ExecutiveSessionDialog(self)
        dialog.motion_ready.connect(self._executive_motion)
        dialog.open()
        self.executive_dialog = dialog
        return dialog

    def _executive_motion(self, motion: str) -> None:
        self._put_motion(motion)
        self.filing_box.setCurrentIndex(self.filing_box.findData(None))

    def _put_motion(self, motion: str) -> None:
        # A motion longer than the line shows its beginning (what the vote is), not
        # its last words; the whole of it is in the tooltip (refresh).
        self.motion.setText(motion)
        self.motion.setCursorPosition(0)

    def _release_chosen(self) -> None:
        held = self.release_box.currentData()
        if held is not None:
            self._put_motion(release_motion(held.day))
            self.filing_box.setCurrentIndex(self.filing_box.findData(None))

    def votes(self) -> dict[int, VoteChoice]:
        return {member_id: VoteChoice(self.choices[member_id].currentData())
                for member_id, box in self.present.items() if box.isChecked()}

    def refresh(self) -> None:
        self.error.say("")
        self.motion.setToolTip(self.motion.text())
        result = preview_vote(self._db, self._meeting.meeting_id, self.votes())
        self.outcome.setText(result.describe())
        ready = result.outcome is not Outcome.NO_QUORUM and bool(self.motion.text().strip())
        self.ok_button.setEnabled(ready)

    def _record(self) -> None:
        held = self.release_box.currentData()
        try:
            if held is not None and self.motion.text().strip() == release_motion(held.day):
                result = record_release_vote(self._db, self._meeting.meeting_id,
                                             held.entry_vote_id, self.votes(), today=self._today)
            else:
                result = record_vote(self._db, self._meeting.meeting_id, self.motion.text(),
                                     self.votes(), filing_id=self.filing_box.currentData(),
                                     today=self._today)
        except UserError as exc:
            self.error.say(str(exc))
            return
        self.recorded.emit(result.describe())
        self.accept()
