"""The minutes of a meeting, opened from the meeting in the calendar: the roll call
(present, remote, absent), each item of the record with a box for its summary and
one for the documents and exhibits used, the times called to order and adjourned,
and the state — draft, or approved (then locked: a correction is an amendment).

What the record already says (hearings opened, continued or closed, the votes by
roll call) is shown, not typed: it comes from the calendar (MGL c.30A §22(a))."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSize, Signal
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.plain_dates import long_date, weekday_date
from concom_desk.errors import OperationFailed, RecordChanged, UserError
from concom_desk.services.minutes.document import state_label, write_minutes
from concom_desk.services.minutes.meeting_record import export_meeting_record
from concom_desk.services.minutes.sets import (
    MinutesChanges,
    approval_choices,
    approve_minutes,
    missing_summaries,
    open_minutes,
    save_minutes,
    start_amendment,
)
from concom_desk.services.minutes.sheet import MinutesSheet
from concom_desk.ui import colours
from concom_desk.ui.calendar.dialog_parts import ErrorLine
from concom_desk.ui.calendar.minutes_approval import AmendDialog, ApproveDialog
from concom_desk.ui.calendar.minutes_item import ItemEntry
from concom_desk.ui.calendar.roll_call import RollCallTable
from concom_desk.ui.document_actions import open_document
from concom_desk.ui.record_changed import Rereading, ask_to_reload, reread_words
from concom_desk.ui.window_memory import remember


def _field_words(names: list[str]) -> str:
    words = {"called_to_order": "called to order at", "adjourned_at": "adjourned at",
             "attendance": "roll call", "summaries": "summaries", "exhibits": "exhibits"}
    return ", ".join(words.get(name, name.replace("_", " ")) for name in names)


class _LockedTyping(QObject):
    """Typing into a locked set is refused with one line offering the amendment."""

    def __init__(self, view: MinutesDialog) -> None:
        super().__init__(view)
        self._view = view

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if event.type() == QEvent.Type.KeyPress and self._view.sheet.approved:
            self._view.refuse_locked()
            return True
        return False


class MinutesDialog(QDialog):
    changed = Signal()  # the minutes were saved, approved or amended

    def __init__(self, database: Any, meeting_id: int, today: date,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._db = database
        self._today = today
        self.last_document: Path | None = None
        self.active_dialog: QDialog | None = None
        self.sheet: MinutesSheet = open_minutes(database, meeting_id, today)

        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.state = QLabel()
        self.state.setAccessibleName("State of the minutes")
        self.state.setWordWrap(True)
        self.called = QLineEdit()
        self.called.setAccessibleName("Called to order at")
        self.adjourned = QLineEdit()
        self.adjourned.setAccessibleName("Adjourned at")
        self.adjourned.setPlaceholderText("e.g. 21:15")
        # Wide enough for the example whole ("e.g. 21:15" was cut to "e.g. 21…").
        wide = (self.fontMetrics().horizontalAdvance(self.adjourned.placeholderText())
                + 2 * self.fontMetrics().averageCharWidth())
        for box in (self.called, self.adjourned):
            box.setMaxLength(5)
            box.setMaximumWidth(wide)
        self.roll = RollCallTable()
        self.items = QListWidget()
        self.items.setAccessibleName("Items of the minutes")
        self.items.setWordWrap(True)
        self.entry = ItemEntry()  # the item chosen: the record, its summary and exhibits
        self.documents = QLabel()
        self.documents.setWordWrap(True)
        self.documents.setAccessibleName("Documents made for the meeting")
        self.error = ErrorLine()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.buttons: dict[str, QPushButton] = {}
        self._locked_typing = _LockedTyping(self)
        for editor in (self.called, self.adjourned, *self.entry.editors()):
            editor.installEventFilter(self._locked_typing)

        self.setLayout(self._layout())
        self.items.currentRowChanged.connect(self._show_item)
        self._show_sheet()
        # Read again keeping the clerk's typing when another desk saved the set first.
        self.question: QMessageBox | None = None
        self._rereading = Rereading(self.changes, self.show_changes, self._read_again,
                                    frozenset({"read_version"}))
        remember(self, "minutes-view", QSize(1040, 700))

    # -- building ------------------------------------------------------------------
    def _layout(self) -> QVBoxLayout:
        times = QFormLayout()
        times.addRow("Called to &order at:", self.called)
        times.addRow("A&djourned at:", self.adjourned)
        members = QGroupBox("Roll call")
        member_box = QVBoxLayout(members)
        member_box.addLayout(times)
        member_box.addWidget(self.roll)
        split = QSplitter()
        split.addWidget(members)
        split.addWidget(self.items)
        split.addWidget(self.entry)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 2)
        split.setStretchFactor(2, 4)
        split.setSizes([340, 300, 440])  # the roll call whole: name and attendance
        row = QHBoxLayout()
        for key, text, slot in (
                ("save", "&Save draft", self.save),
                ("approve", "&Approve…", self.ask_approval),
                ("amend", "A&mend…", self.ask_amendment),
                ("word", "&Word document", self.make_document),
                ("record", "Meeting &record…", self.choose_export_folder),
                ("request", "Records re&quest…", self.log_records_request)):
            button = QPushButton(text)
            button.clicked.connect(slot)
            self.buttons[key] = button
            row.addWidget(button)
        row.addStretch(1)
        close = QPushButton("Close")
        close.clicked.connect(self.accept)
        row.addWidget(close)
        layout = QVBoxLayout()
        layout.addWidget(self.heading)
        layout.addWidget(self.state)
        layout.addWidget(split, 1)
        layout.addWidget(self.documents)
        layout.addWidget(self.error)
        layout.addWidget(self.status)
        layout.addLayout(row)
        return layout

    # -- showing -------------------------------------------------------------------
    def _show_sheet(self) -> None:
        sheet = self.sheet
        self.setWindowTitle(f"Minutes — {long_date(sheet.day)}")
        kind = "Regular" if sheet.kind == "regular" else "Special"
        self.heading.setText(f"<b>{kind} meeting, {weekday_date(sheet.day)}</b>, "
                             f"{sheet.place}")
        self.state.setText(self._state_words())
        self.state.setStyleSheet(colours.style(colours.DONE if sheet.approved else colours.WARNING,
                                               "font-weight: bold;"))
        self.called.setText(sheet.called_to_order)
        self.adjourned.setText(sheet.adjourned_at)
        self.roll.show_lines(sheet.roll_call, locked=sheet.approved)
        self.entry.start(sheet.items, locked=sheet.approved)
        self.items.blockSignals(True)
        self.items.clear()
        for number, item in enumerate(sheet.items, start=1):
            self.items.addItem(f"{number}. {item.heading}")
        self.items.blockSignals(False)
        for editor in (self.called, self.adjourned):
            editor.setReadOnly(sheet.approved)
        self.buttons["save"].setEnabled(not sheet.approved)
        self.buttons["approve"].setEnabled(not sheet.approved)
        self.buttons["amend"].setEnabled(sheet.approved and not sheet.later_versions)
        made = "; ".join(sheet.documents) or "none yet"
        self.documents.setText(f"Documents made for the meeting: {made}")
        if sheet.items:
            self.items.setCurrentRow(0)

    def _state_words(self) -> str:
        sheet = self.sheet
        words = state_label(sheet)
        if sheet.approved and sheet.approved_by is not None:
            words += (f" at the meeting of {long_date(sheet.approved_at_meeting)} "
                      f"({sheet.approved_by.motion}; {sheet.approved_by.tally()}). "
                      "Locked: a correction is made by an amendment (Amend…).")
            if sheet.later_versions:
                words += f" Amendment: version {max(sheet.later_versions)}."
        elif sheet.amends_version:
            words += f" — corrects version {sheet.amends_version}: {sheet.amendment_reason}"
        return words

    def _show_item(self, row: int) -> None:
        self.entry.keep()
        if 0 <= row < len(self.sheet.items):
            self.entry.show_item(self.sheet.items[row])

    def say(self, text: str) -> None:
        self.error.say("")
        self.status.setText(text)

    def fail(self, text: str) -> None:
        self.status.setText("")
        self.error.say(text)

    def refuse_locked(self) -> None:
        self.fail(f"These minutes were approved on {long_date(self.sheet.approved_on)} and "
                  "are locked: nothing in them can change. To correct them, start an "
                  "amendment with Amend… (the approved set is kept as it is).")

    # -- acting --------------------------------------------------------------------
    def changes(self) -> MinutesChanges:
        summaries, exhibits = self.entry.words()
        return MinutesChanges(called_to_order=self.called.text(),
                              adjourned_at=self.adjourned.text(),
                              attendance=self.roll.attendance(),
                              summaries=summaries, exhibits=exhibits,
                              read_version=self.sheet.edit_version)

    def show_changes(self, changes: MinutesChanges) -> None:
        """Put `changes` in the boxes: the times, the roll call and every item's words."""
        self.called.setText(changes.called_to_order)
        self.adjourned.setText(changes.adjourned_at)
        self.roll.show_attendance(dict(changes.attendance))
        self.entry.put(dict(changes.summaries), dict(changes.exhibits))
        self._show_item(max(self.items.currentRow(), 0))

    def _read_again(self) -> MinutesChanges:
        row = self.items.currentRow()
        self.sheet = open_minutes(self._db, self.sheet.meeting_id, self._today)
        self._show_sheet()
        self.items.setCurrentRow(max(row, 0))
        return self.changes()

    def reload_keeping_changes(self) -> None:
        """Read the set again and put what the clerk changed back on top of it."""
        self.question = None
        try:
            theirs, mine = self._rereading.reload()
        except UserError as exc:
            self.fail(str(exc))
            return
        self.say(reread_words(theirs, mine, _field_words))

    def save(self) -> bool:
        if self.sheet.approved:
            self.refuse_locked()
            return False
        try:
            self.sheet = save_minutes(self._db, self.sheet.minutes_id, self.changes())
        except RecordChanged as exc:  # another desk saved the set since it was read
            self.fail(f"Not saved: {exc}")
            self.question = ask_to_reload(self, str(exc), self.reload_keeping_changes,
                                          lambda: setattr(self, "question", None))
            return False
        except UserError as exc:
            self.fail(str(exc))
            return False
        row = self.items.currentRow()
        self._show_sheet()
        self._rereading.as_read = self.changes()  # saved: this is what was read now
        self.items.setCurrentRow(max(row, 0))
        self.say("Draft saved.")
        self.changed.emit()
        return True

    def make_document(self) -> None:
        if not self.sheet.approved and not self.save():
            return
        try:
            made = write_minutes(self._db, self.sheet, self._today)
        except (UserError, OperationFailed) as exc:
            self.fail(str(exc))
            return
        self.last_document = made.path
        self.say(f"Saved {made.path.name}. {open_document(self, made.path)}")

    def choose_export_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Export the meeting record into",
                                                  str(Path.home()))
        if folder:
            self.export_record(Path(folder))

    def export_record(self, folder: Path) -> Path | None:
        if not self.sheet.approved and not self.save():
            return None
        try:
            written = export_meeting_record(self._db, self.sheet.meeting_id, folder,
                                            self._today)
        except (UserError, OperationFailed) as exc:
            self.fail(str(exc))
            return None
        self.say(written.describe().replace("\n  note:", " Note:"))
        return written.path

    def log_records_request(self) -> None:
        """The request log, a new request tied to this meeting."""
        from concom_desk.ui.calendar.public_records_desk import PublicRecordsDesk

        dialog = PublicRecordsDesk(self._db, self._today, self, meeting_id=self.sheet.meeting_id)
        dialog.asked.setText(f"Minutes of {long_date(self.sheet.day)}, draft or approved")
        dialog.open()
        self.active_dialog = dialog

    def ask_approval(self) -> None:
        if not self.save():
            return
        choices = approval_choices(self._db, self.sheet.minutes_id)
        if not choices:
            self.fail(f"No carried vote of a later meeting on these minutes yet (minutes are "
                      f"approved only by a vote on them). At the "
                      f"meeting that approves them, record the vote (Record vote…, e.g. "
                      f"\"Approve the minutes of {long_date(self.sheet.day)}\"), then "
                      "Approve… here.")
            return
        dialog = ApproveDialog(choices, self, without_summary=missing_summaries(self.sheet))
        dialog.chosen.connect(self.approve)
        dialog.open()
        self.active_dialog = dialog

    def approve(self, vote_id: int) -> None:
        try:
            approve_minutes(self._db, self.sheet.minutes_id, vote_id)
        except UserError as exc:
            self.fail(str(exc))
            return
        self.sheet = open_minutes(self._db, self.sheet.meeting_id, self._today)
        self._show_sheet()
        self._rereading.as_read = self.changes()
        self.say(f"Approved {long_date(self.sheet.approved_on)}; the minutes are now locked.")
        self.changed.emit()

    def ask_amendment(self) -> None:
        dialog = AmendDialog(self)
        dialog.reason_given.connect(self.amend)
        dialog.open()
        self.active_dialog = dialog

    def amend(self, reason: str) -> bool:
        try:
            self.sheet = start_amendment(self._db, self.sheet.minutes_id, reason)
        except UserError as exc:
            self.fail(str(exc))
            return False
        self._show_sheet()
        self._rereading.as_read = self.changes()  # the new set, as started
        self.say(f"Amendment started (version {self.sheet.version}): correct the draft, then "
                 "approve it at a meeting. The approved set is kept as it was.")
        self.changed.emit()
        return True
