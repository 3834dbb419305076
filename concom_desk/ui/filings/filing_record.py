"""One filing's record: what it is, its status (changed only where the law
allows, with the reason when not), its deadlines with citations, its history
from the audit trail and its documents."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.filing_requirements import parse_date
from concom_desk.domain.laws import under_words
from concom_desk.domain.status_rules import (
    check_status_change,
    final_step_meaning,
    status_choices,
    status_name,
)
from concom_desk.services.filings.decisions import DecisionAsked, DecisionEntry
from concom_desk.services.filings.record_detail import (
    FilingDetail,
)
from concom_desk.services.filings.summary import record_summary
from concom_desk.ui import document_actions
from concom_desk.ui.filings.decision_dialog import DecisionDialog
from concom_desk.ui.filings.filing_table import KIND_LABELS
from concom_desk.ui.filings.record_changes import RecordWrites, refusal_html
from concom_desk.ui.filings.record_columns import (
    DOCUMENT_COLUMNS,
    HISTORY_COLUMNS,
    deadline_columns,
)
from concom_desk.ui.filings.status_dialogs import (
    CorrectStatusDialog,
    VoidFilingDialog,
    final_step_question,
)
from concom_desk.ui.list_table import ListTable
from concom_desk.ui.row_table import (
    RowTableModel,
)
from concom_desk.ui.screen_fit import FormScroll

# The selector's first entry: nothing is chosen until the clerk chooses, so no click
# ever lands on a next step (least of all a final one) by default.
CHOOSE = "Choose…"


# A dialog the record opens as its question (correct, void, extension acts, waiver).
AskedDialog = TypeVar("AskedDialog", bound=QDialog)


class FilingRecordDialog(QDialog):
    """Non-modal: several records can be open side by side."""

    changed = Signal(int)  # the filing id, after a save or a status change
    edit_requested = Signal(int)

    def __init__(self, load: Callable[[], FilingDetail],
                 change_status: Callable[[str, date, DecisionEntry | None], None],
                 today: date, parent: QWidget | None = None, *,
                 undo: Callable[[], str] | None = None,
                 correct: Callable[[str, str], None] | None = None,
                 void: Callable[[str], None] | None = None,
                 ask_decision: Callable[[str], DecisionAsked | None] | None = None,
                 first: FilingDetail | None = None) -> None:
        """`first`: the record already read (off the window's thread, FilingWindows);
        read with `load` when not given, and each time the record is read again."""
        super().__init__(parent)
        self._load = load
        self._change_status = change_status
        self._ask_decision = ask_decision
        self._undo, self._correct, self._void = undo, correct, void
        self._today = today
        self.detail: FilingDetail | None = None
        self.question: QWidget | None = None  # the open question or dialog, if any
        # Its changes written, and the record read again, behind the window.
        self.writes = RecordWrites(self, load)

        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setAccessibleName("Filing")
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.status_label = QLabel()
        self.status_label.setAccessibleName("Current status")

        self.new_status = QComboBox()
        self.new_status.setAccessibleName("New status")
        # As wide as a status's name, not as its longest choice ("Hearing continued
        # (not allowed now)"): that widened the record past a laptop at 150 %. The
        # list that drops down is as wide as it needs.
        self.new_status.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.new_status.setMinimumContentsLength(20)
        self.change_button = QPushButton("Change &status")
        self.change_button.setAccessibleName("Change status")
        self.change_button.clicked.connect(self._change)
        # Enter in the date field must not change the status by accident.
        self.change_button.setAutoDefault(False)
        self.status_reason = QLabel()
        self.status_reason.setWordWrap(True)
        self.status_reason.setAccessibleName("Why the status cannot change")
        self.new_status.currentIndexChanged.connect(self._explain_choice)
        self.status_date = QLineEdit(today.isoformat())
        self.status_date.setAccessibleName("Date of the status change")
        self.status_date.setPlaceholderText("YYYY-MM-DD")
        # Fixed: on a crowded row the layout would squeeze the date to "…-29".
        self.status_date.setFixedWidth(self.fontMetrics().averageCharWidth() * 14)
        self.status_date.textChanged.connect(self._explain_choice)

        # Taking a change back: each is an audited change with its reason.
        self.undo_button = QPushButton("&Undo last change")
        self.undo_button.setAccessibleName("Undo last change")
        self.undo_button.clicked.connect(self._take_back)
        self.correct_button = QPushButton("Co&rrect status…")
        self.correct_button.setAccessibleName("Correct status")
        self.correct_button.clicked.connect(self.correct_status)
        self.void_button = QPushButton("&Void filing…")
        self.void_button.setAccessibleName("Void filing")
        self.void_button.clicked.connect(self.void_filing)
        for button, action in ((self.undo_button, undo), (self.correct_button, correct),
                               (self.void_button, void)):
            button.setAutoDefault(False)
            button.setVisible(action is not None)

        self.edit_button = QPushButton("&Edit…")
        self.edit_button.setAccessibleName("Edit filing")
        self.edit_button.clicked.connect(lambda: self.edit_requested.emit(self.filing_id))
        self.edit_button.setAutoDefault(False)

        self.deadlines = RowTableModel(deadline_columns(today), self)
        self.history = RowTableModel(HISTORY_COLUMNS, self)
        self.documents = RowTableModel(DOCUMENT_COLUMNS, self)
        self.panels = QTabWidget()
        self.panels.setAccessibleName("Record details")
        self.deadline_view = self._table(self.deadlines, "Deadlines")
        self.history_view = self._table(self.history, "History")
        self.document_view = self._table(self.documents, "Documents")
        self.document_view.open_requested.connect(self._open_document)
        self.panels.addTab(self.deadline_view, "Dead&lines")
        self.panels.addTab(self.history_view, "H&istory")
        self.panels.addTab(self.document_view, "Do&cuments")
        # The resource areas with their citations and amounts, and the flood data: on a
        # tab of their own (in the summary they made the record taller than a laptop at
        # 150 %).
        self.areas_view = QLabel()
        self.areas_view.setAccessibleName("Resource areas and flood data")
        self.areas_view.setWordWrap(True)
        self.areas_view.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.areas_view.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.panels.addTab(self.areas_view, "Areas && flood &zones")

        status_row = QHBoxLayout()
        status_row.addWidget(self.status_label)
        status_row.addStretch(1)
        status_row.addWidget(QLabel("Change to:"))
        status_row.addWidget(self.new_status)
        on_label = QLabel("&on:")
        on_label.setBuddy(self.status_date)
        status_row.addWidget(on_label)
        status_row.addWidget(self.status_date)
        status_row.addWidget(self.change_button)
        # What can be done with the record, then what takes a change back, on a row of
        # their own: on one row with the status they made the record wider than a
        # laptop at 150 % (911 points), its last buttons cut off.
        self.actions_row = QHBoxLayout()  # the main window adds "Make a document…" here
        self.actions_row.addWidget(self.edit_button)
        correction_row = QHBoxLayout()
        correction_row.addLayout(self.actions_row)
        correction_row.addStretch(1)
        for button in (self.undo_button, self.correct_button, self.void_button):
            correction_row.addWidget(button)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.summary)
        layout.addLayout(status_row)
        layout.addLayout(correction_row)
        layout.addWidget(self.status_reason)
        layout.addWidget(self.panels, 1)
        layout.addWidget(close)
        self.reload(first)

    @property
    def saving(self) -> bool:
        """A change is being written behind the window (the buttons are off)."""
        return self.writes.saving

    @property
    def filing_id(self) -> int:
        assert self.detail is not None
        return self.detail.row.id

    def _table(self, model: RowTableModel, name: str) -> ListTable:
        view = ListTable()
        view.setModel(model)
        view.setAccessibleName(name)
        view.horizontalHeader().setStretchLastSection(True)
        view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        return view

    def add_panel(self, panel: QWidget, title: str) -> None:
        """A tab of the record's own tools (Payments, Inspections, MassDEP copies,
        Abutters), in a scroll area: their boxes and buttons made the record taller than
        a laptop's screen at 150 % (809 of 768 points, Close below the edge)."""
        self.panels.addTab(FormScroll(panel), title)

    def reload(self, detail: FilingDetail | None = None) -> None:
        """Show the record read again (or `detail`, just read elsewhere)."""
        if detail is None:
            detail = self._load()
        self.detail = detail
        row = detail.row
        kind = KIND_LABELS.get(row.kind, row.kind)
        self.setWindowTitle(f"{kind} {row.file_no} — {row.address or row.applicant}")
        self.heading.setText(f"<h2>{kind} {row.file_no}"
                             f"{'  ·  DEP ' + row.dep_file_no if row.dep_file_no else ''}</h2>")
        owner = f" · Owner: {row.owner}" if row.owner and row.owner != row.applicant else ""
        map_lot = f"  (map/lot {row.map_lot})" if row.map_lot else ""
        self.summary.setText("\n".join([
            f"{row.address or 'No property'}{map_lot}",
            *([f"Locus: {detail.locus} (the lot's centre, from the MassGIS parcels)"]
              if detail.locus else []),
            f"Applicant: {row.applicant}{owner}", f"Town rules: {detail.town_name}",
            f"Under {under_words(detail.form.laws, detail.form.town, detail.town_name)}",
            f"Regulations in force: {detail.regulations}",
            *record_summary(detail.form), *detail.life]))
        self.areas_view.setText("\n".join(
            ["Resource areas (Edit… to change them):",
             *(f"  • {line}" for line in detail.areas or ["none recorded"]),
             "", f"Flood data: {detail.flood or 'none recorded'}"]))
        self.status_label.setText(f"Status: <b>{status_name(row.status)}</b>")
        self.new_status.blockSignals(True)
        self.new_status.clear()
        self.new_status.addItem(CHOOSE, None)
        # Lawful next steps first; the others stay choosable, so the reason can be read.
        choices = sorted(status_choices(detail.facts, self._today), key=lambda c: c[1] is not None)
        for status, reason in choices:
            suffix = "  (not allowed now)" if reason else ""
            self.new_status.addItem(status_name(status) + suffix, status.value)
        self.new_status.setCurrentIndex(0)
        choices_view = self.new_status.view()
        metrics = choices_view.fontMetrics()
        choices_view.setMinimumWidth(  # each choice whole, with the list's margins
            max(metrics.horizontalAdvance(self.new_status.itemText(i))
                for i in range(self.new_status.count())) + 4 * metrics.averageCharWidth())
        self.new_status.blockSignals(False)
        self.status_reason.clear()
        self.enable_as_read()
        # What an undo goes back to is said in its tooltip, not on the button: a long
        # label ("… (back to Hearing closed)") widened the record past a 150 % screen.
        undo_to = f"Undo last change: {detail.undo.label}" if detail.undo else ""
        self.undo_button.setToolTip(undo_to)
        self.undo_button.setAccessibleDescription(undo_to)
        self.deadlines.set_rows(detail.deadlines)
        self.history.set_rows(detail.history)
        self.history_view.scrollToBottom()  # the latest change (an undo, say) in sight
        self.documents.set_rows(detail.documents)
        # The deadline's What, the change's description and the file's path get the
        # width left over; citations and rules are elided, whole in their tooltips.
        for view in (self.deadline_view, self.history_view, self.document_view):
            view.fit_columns(2, may_cut=(3, 4), widest_chars=26)
        if not detail.deadlines:
            self.panels.setTabText(0, "Dead&lines (none open)")
        else:
            self.panels.setTabText(0, f"Dead&lines ({len(detail.deadlines)})")
        self._explain_choice()

    def enable_as_read(self) -> None:
        """What the record as read allows (nothing while a change is being written)."""
        assert self.detail is not None
        voided = self.detail.row.status == "void"
        for widget in (self.new_status, self.status_date, self.edit_button):
            widget.setEnabled(not self.saving)
        self.undo_button.setEnabled(not self.saving and self.detail.undo is not None)
        self.correct_button.setEnabled(not self.saving and not voided)
        self.void_button.setEnabled(not self.saving and not voided)
        self._explain_choice()

    def reject(self) -> None:
        """Close or Esc: not while a change is being written (closed when done)."""
        if not self.saving:
            super().reject()

    def deadline_lines(self) -> list[tuple[str, str, str, str]]:
        """What the deadlines panel shows, row by row (date, days left, what, citation)."""
        model = self.deadlines
        return [tuple(model.index(r, c).data() for c in (0, 1, 2, 3))  # type: ignore[misc]
                for r in range(model.rowCount())]

    def _refusal(self) -> tuple[str | None, date | None]:
        """Why the chosen change is not allowed (None when it is), and its date."""
        assert self.detail is not None
        try:
            on = parse_date(self.status_date.text())
        except ValueError as exc:
            return f"Date: {exc}.", None
        if on is None:
            return "Give the date the change happened.", None
        if on > self._today:
            return "The date is in the future; record a change once it has happened.", None
        return check_status_change(self.detail.facts, self.new_status.currentData(), on), on

    def _explain_choice(self) -> None:
        """Say before anyone presses the button whether the law allows the change."""
        chosen = self.new_status.currentData() is not None
        self.change_button.setEnabled(chosen and not self.saving)
        if self.detail is None or not chosen or self.saving:
            return
        reason, _on = self._refusal()
        self.status_reason.setText(refusal_html(reason) if reason else "")

    def _change(self) -> None:
        assert self.detail is not None
        wanted = self.new_status.currentData()
        if wanted is None:
            return
        reason, on = self._refusal()
        asked = (self._ask_decision(wanted) if reason is None and on is not None
                 and self._ask_decision is not None else None)
        if asked is not None and on is not None:
            # Issuing, denying, certifying: the decision is said first, then recorded
            # with the status in one step.
            dialog = DecisionDialog(asked, wanted, on, self)
            dialog.accepted.connect(lambda: self._decided(wanted, dialog.entry()))
            dialog.rejected.connect(self._not_changed)
            self.question = dialog
            dialog.open()
            return
        self._decided(wanted, None)

    def _decided(self, wanted: str, entry: DecisionEntry | None) -> None:
        self.question = None
        reason, on = self._refusal()
        if reason is None and final_step_meaning(wanted):
            # A final step is taken only after its meaning is read; Cancel is the default.
            box = final_step_question(self.detail.row.file_no, wanted, self)  # type: ignore[union-attr]
            box.finished.connect(lambda _r: self._answered(box, wanted, entry))
            self.question = box
            box.open()
            return
        self._apply(wanted, reason, on, entry)

    def _not_changed(self) -> None:
        self.question = None
        self.status_reason.setText("Not changed.")

    def _answered(self, box: object, wanted: str, entry: DecisionEntry | None) -> None:
        self.question = None
        box.deleteLater()  # type: ignore[attr-defined]
        if box.clickedButton() is box.go_ahead:  # type: ignore[attr-defined]
            _reason, on = self._refusal()
            self._apply(wanted, None, on, entry)
        else:
            self.status_reason.setText("Not changed.")

    def _apply(self, wanted: str, reason: str | None, on: date | None,
               entry: DecisionEntry | None = None) -> None:
        if reason or on is None:
            self.status_reason.setText(refusal_html(reason or "Give the date the change "
                                                              "happened."))
            return
        change, when = self._change_status, on
        # The store re-checks, with the latest facts: its refusal is said as the law's.
        # The status as the selector names it ("COC", not "coc"), as the enforcement tab.
        self.writes.save_and_read(lambda: change(wanted, when, entry),
                                  lambda _none: f"Status changed to {status_name(wanted)}.")

    # -- taking a change back ------------------------------------------------------
    def _take_back(self) -> None:
        assert self.detail is not None and self._undo is not None
        self.writes.save_and_read(self._undo, lambda restored: (
            f"Undone: the status is {status_name(restored).lower()} again (the history "
            "keeps both changes)."))

    def correct_status(self) -> CorrectStatusDialog:
        assert self.detail is not None and self._correct is not None
        correct = self._correct
        dialog = CorrectStatusDialog(self.detail.row.file_no, self.detail.row.status,
                                     lambda status, why: correct(status, why), self)
        return self.ask(dialog, lambda: f"Status corrected to "
                         f"{status_name(dialog.status.currentData()).lower()}.")

    def void_filing(self) -> VoidFilingDialog:
        assert self.detail is not None and self._void is not None
        dialog = VoidFilingDialog(self.detail.row.file_no, self._void, self)
        return self.ask(dialog, lambda: "Voided: the filing has left Filings and Today.")

    def ask(self, dialog: AskedDialog, done: Callable[[], str]) -> AskedDialog:
        """Open `dialog` as the record's question; once it is accepted (it saved), the
        record reads itself again behind the window, says `done()` and tells the window
        what changed."""
        def accepted() -> None:  # (the dialog wrote behind the window: ui/save_behind.py)
            self.question = None
            said = done()  # (read from the dialog before it goes)
            self.changed.emit(self.filing_id)  # the lists read it meanwhile
            self.writes.read_again(lambda: self.status_reason.setText(said))

        dialog.accepted.connect(accepted)
        dialog.rejected.connect(lambda: setattr(self, "question", None))
        self.question = dialog
        dialog.open()
        return dialog

    def _open_document(self) -> None:
        index = self.document_view.currentIndex()
        if index.isValid():
            doc = self.documents.row_at(index.row())
            # Says so, and offers the folder, when nothing on this computer opens it.
            document_actions.open_document(self, Path(doc.path))
