"""One case, on six tabs: details, inspections, notices & orders, fines,
history, attachments. It shows plain rows read by the services; every change
goes through a service call and then `changed` tells the tab to reload."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.enforcement_case import ALLOWED, CaseStatus
from concom_desk.domain.wording import counted
from concom_desk.errors import OperationFailed, UserError
from concom_desk.services.database import Database
from concom_desk.services.enforcement.case_edit import case_draft
from concom_desk.services.enforcement.cases import attach_files, change_status
from concom_desk.services.enforcement.documents import print_order
from concom_desk.services.enforcement.fines_ledger import (
    FineLedger,
    LedgerRow,
    money,
)
from concom_desk.services.enforcement.history import HistoryEntry
from concom_desk.services.enforcement.queries import (
    AttachmentRow,
    CaseDetail,
    InspectionRow,
    OrderRow,
)
from concom_desk.services.enforcement.reads import (
    meetings_after,
    read_case,
    read_fines_ledger,
)
from concom_desk.services.inspections.photos import absolute_path
from concom_desk.ui import document_actions
from concom_desk.ui.background import busy
from concom_desk.ui.enforcement.dialogs import ComplaintDialog, RecordDialog
from concom_desk.ui.enforcement.fields import date_edit, date_of
from concom_desk.ui.enforcement.ledger_dialogs import (
    FineDialog,
    PaymentDialog,
    RatifyDialog,
    VoidDialog,
    WaiverDialog,
)
from concom_desk.ui.enforcement.rows_model import Column, RowsModel, day_text


def _table(model: RowsModel, name: str, stretch: int | None = None) -> QTableView:
    """A read-only grid, called `name` to a screen reader; `stretch` is the column of
    long text that takes the width."""
    view = QTableView()
    view.setAccessibleName(name)
    view.setModel(model)
    view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QTableView.SelectionMode.SingleSelection)
    view.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
    header = view.horizontalHeader()
    if stretch is None:
        header.setStretchLastSection(True)
    else:
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    view.verticalHeader().setVisible(False)
    view.setWordWrap(True)
    return view


def _selected(view: QTableView, model: RowsModel):  # type: ignore[no-untyped-def]
    rows = view.selectionModel().selectedRows()
    return model.row_at(rows[0].row()) if rows else None


class CaseForm(QWidget):
    changed = Signal()
    record_requested = Signal(str, int)
    message = Signal(str)

    def __init__(self, database: Database, today: Callable[[], date],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.database = database
        self.today = today
        self.case_id: int | None = None
        self.detail: CaseDetail | None = None
        # Opening a saved document or a photo hands it to the system's default program
        # and returns what happened in words (or says nothing could open it, offering the
        # folder); tests replace this to see what would be opened.
        self.open_file: Callable[[Path], object] = lambda path: document_actions.open_document(
            self, path)
        # Dialogs are shown through this hook so tests can drive them without exec().
        self.show_dialog: Callable[[RecordDialog], object] = lambda dialog: dialog.open()
        self.tabs = QTabWidget()
        self.tabs.addTab(self._details_tab(), "Details")
        self.inspections = RowsModel[InspectionRow]([
            Column("Date", lambda r: day_text(r.inspected_on),
                   lambda r: r.inspected_on.isoformat()),
            Column("Inspected by", lambda r: r.inspector),
            Column("Follow-up by", lambda r: day_text(r.follow_up_by)),
            Column("Photos", lambda r: str(r.photos)),
            Column("Findings", lambda r: r.findings),
        ], self)
        self.tabs.addTab(_table(self.inspections, "Inspections", stretch=4), "Inspections")
        self.tabs.addTab(self._orders_tab(), "Notices && orders")
        self.tabs.addTab(self._fines_tab(), "Fines")
        self.history = RowsModel[HistoryEntry]([
            Column("Date", lambda e: day_text(e.day)),
            Column("What happened", lambda e: e.text),
            Column("Entered", lambda e: e.entered),
        ], self)
        self.history_view = _table(self.history, "History", stretch=1)
        self.tabs.addTab(self.history_view, "History")
        self.tabs.addTab(self._attachments_tab(), "Attachments")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel("Choose a case")
        self.title.setStyleSheet("font-weight: bold; font-size: 14px;")
        layout.addWidget(self.title)
        layout.addWidget(self.tabs)
        self.setEnabled(False)

    # -- tabs -------------------------------------------------------------------------
    def _details_tab(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        self.facts: dict[str, QLabel] = {}
        for key in ("Case", "Status", "Opened", "How it came in", "Property", "Alleged violator",
                    "Description", "Resource areas", "Permit involved"):
            label = QLabel()
            # What the clerk typed is shown as typed: "<a href=...>" in a description
            # or an "other" area is words, never a link or markup.
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.facts[key] = label
            form.addRow(key, label)
        self.open_permit = QPushButton("Open the permit")
        self.open_permit.clicked.connect(self._request_permit)
        self.next_status = QComboBox()
        self.next_status.setAccessibleName("Next status")
        self.move_button = QPushButton("Change status")
        self.move_button.clicked.connect(self._move)
        row = QHBoxLayout()
        row.addWidget(self.next_status, 1)
        row.addWidget(self.move_button)
        form.addRow("", self.open_permit)
        form.addRow("Next step", row)
        self.edit_button = QPushButton("Edit details…")
        self.edit_button.setAccessibleName("Edit the case's details")
        self.edit_button.clicked.connect(self.edit_details)
        self.void_button = QPushButton("Void (entered in error)…")
        self.void_button.clicked.connect(self.void)
        buttons = QHBoxLayout()
        buttons.addWidget(self.edit_button)
        buttons.addWidget(self.void_button)
        buttons.addStretch(1)
        form.addRow("", buttons)
        return page

    def _orders_tab(self) -> QWidget:
        self.orders = RowsModel[OrderRow]([
            Column("No.", lambda r: r.order_no),
            Column("Kind", lambda r: "Violation notice" if r.kind == "violation_notice"
                   else "Enforcement order"),
            Column("Issued", lambda r: day_text(r.issued_on), lambda r: r.issued_on.isoformat()),
            Column("Signed by", lambda r: r.signed_by),
            Column("Ratification", lambda r: r.ratification, alert=lambda r: r.overdue),
            Column("Restore by", lambda r: day_text(r.restore_by)),
            Column("NOI by", lambda r: day_text(r.file_noi_by)),
        ], self)
        self.orders_view = _table(self.orders, "Orders")
        self.print_button = QPushButton("Make document")
        self.print_button.clicked.connect(self._print_order)
        # The same order on MassDEP's Enforcement Order form (under the Act).
        self.wpa_print_button = QPushButton("Make on MassDEP's form")
        self.wpa_print_button.clicked.connect(self._print_wpa_order)
        self.ratify_button = QPushButton("Record ratification…")
        self.ratify_button.clicked.connect(self._ratify)
        return self._with_buttons(self.orders_view, self.print_button, self.wpa_print_button,
                                  self.ratify_button)

    def _fines_tab(self) -> QWidget:
        self.as_of = date_edit(self.today())
        self.as_of.setAccessibleName("Amounts owed as of")
        self.as_of.dateChanged.connect(self._load_fines)
        self.max_accrued = QLabel()
        self.max_accrued.setWordWrap(True)
        self.totals = QLabel()
        self.ledger = RowsModel[LedgerRow]([
            Column("Offense", lambda r: day_text(r.offense_on)),
            Column("Kind", lambda r: r.kind),
            Column("Ticket", lambda r: r.ticket_no),
            Column("Assessed", lambda r: money(r.assessed_cents)),
            Column("Paid", lambda r: money(r.paid_cents)),
            Column("Waived", lambda r: money(r.waived_cents)),
            Column("Owed", lambda r: money(r.outstanding_cents)),
        ], self)
        page = QWidget()
        layout = QVBoxLayout(page)
        top = QHBoxLayout()
        top.addWidget(QLabel("As of"))
        top.addWidget(self.as_of)
        top.addStretch(1)
        layout.addLayout(top)
        layout.addWidget(self.max_accrued)
        self.ledger_view = _table(self.ledger, "Fines and payments")
        layout.addWidget(self.ledger_view)
        layout.addWidget(self.totals)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for text, action in (("Assess fine…", self.assess), ("Record payment…", self.pay),
                             ("Waive…", self.waive)):
            button = QPushButton(text)
            button.clicked.connect(action)
            buttons.addWidget(button)
        layout.addLayout(buttons)
        return page

    def _attachments_tab(self) -> QWidget:
        self.attachments = RowsModel[AttachmentRow]([
            Column("Added", lambda r: day_text(r.added_on)),
            Column("Kind", lambda r: r.kind),
            Column("File", lambda r: r.original_name),
            Column("Kept as", lambda r: r.path),
        ], self)
        self.attachments_view = _table(self.attachments, "Attachments")
        self.attachments_view.doubleClicked.connect(self._open_attachment)
        add = QPushButton("Add files…")
        add.clicked.connect(self._add_files)
        return self._with_buttons(self.attachments_view, add)

    @staticmethod
    def _with_buttons(view: QWidget, *buttons: QPushButton) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addWidget(view)
        row = QHBoxLayout()
        row.addStretch(1)
        for button in buttons:
            row.addWidget(button)
        layout.addLayout(row)
        return page

    # -- loading ----------------------------------------------------------------------
    def show_case(self, case_id: int | None) -> None:
        self.case_id = case_id
        self.setEnabled(case_id is not None)
        if case_id is None:
            self.detail = None
            self.title.setText("Choose a case")
            for model in (self.inspections, self.orders, self.history, self.attachments,
                          self.ledger):
                model.set_rows([])
            return
        today = self.today()
        detail, history = read_case(self.database, case_id, today)
        self.detail = detail
        self.title.setText(f"{detail.case_no} — {detail.address}")
        how = (f"Complaint from {detail.complainant}"
               + (f" ({detail.complainant_contact})" if detail.complainant_contact else "")
               if detail.source == "complaint" else "The commission's own observation")
        values = {
            "Case": detail.case_no, "Status": detail.status_label,
            "Opened": day_text(detail.opened_on), "How it came in": how,
            "Property": detail.address + (f" (map/lot {detail.map_lot})" if detail.map_lot
                                          else ""),
            "Alleged violator": ", ".join([detail.violator, *detail.violator_address]),
            "Description": detail.description, "Resource areas": detail.resource_areas,
            "Permit involved": detail.filing_no or "none",
        }
        for key, value in values.items():
            self.facts[key].setText(value)
        self.open_permit.setEnabled(detail.filing_id is not None)
        self.next_status.clear()
        # Older records say only "referred"; they move on as a Town Counsel referral.
        current = "referred_counsel" if detail.status == "referred" else detail.status
        if current in CaseStatus._value2member_map_:
            for status in ALLOWED[CaseStatus(current)]:
                self.next_status.addItem(status.label, status.value)
        self.move_button.setEnabled(self.next_status.count() > 0)
        self.inspections.set_rows(detail.inspections)
        self.orders.set_rows(detail.orders)
        self.history.set_rows(history)
        self.attachments.set_rows(detail.attachments)
        self.history_view.resizeRowsToContents()
        self._load_fines()

    def _load_fines(self) -> None:
        if self.case_id is None:
            return
        ledger: FineLedger = read_fines_ledger(self.database, self.case_id, date_of(self.as_of))
        self.ledger.set_rows(ledger.rows)
        if ledger.max_accrued_cents is None:
            self.max_accrued.setText(ledger.max_accrued_note)
        else:
            self.max_accrued.setText(f"Most the bylaw allows so far: "
                                     f"{money(ledger.max_accrued_cents)} — "
                                     f"{ledger.max_accrued_note}")
        t = ledger.totals
        self.totals.setText(f"Assessed {money(t['assessed'])} · paid {money(t['paid'])} · "
                            f"waived {money(t['waived'])} · owed {money(t['outstanding'])}")

    # -- actions ----------------------------------------------------------------------
    def _run(self, action: Callable[[], object], done: str) -> bool:
        try:
            with busy():
                action()
        except (UserError, OperationFailed) as exc:
            self.message.emit(str(exc))
            return False
        self.message.emit(done)
        self.changed.emit()
        return True

    def _move(self) -> None:
        if self.case_id is None or self.next_status.currentData() is None:
            return
        target = CaseStatus(self.next_status.currentData())
        case_id = self.case_id
        self._run(lambda: change_status(self.database, case_id, target, self.today()),
                  f"Status changed to {target.label}.")

    def _request_permit(self) -> None:
        if self.detail is not None and self.detail.filing_id is not None:
            self.record_requested.emit("filing", self.detail.filing_id)

    def _print_order(self) -> None:
        self._make_order_document(None)

    def _print_wpa_order(self) -> None:
        from concom_desk.services.enforcement.documents import WPA_ORDER

        self._make_order_document(WPA_ORDER)

    def _make_order_document(self, template: str | None) -> None:
        order = _selected(self.orders_view, self.orders)
        if order is None:
            self.message.emit("Choose the notice or order to print.")
            return
        paths: list[Path] = []
        if self._run(lambda: paths.append(print_order(self.database, order.order_id,
                                                      self.today(), template)),
                     f"{order.order_no} made."):
            opened = self.open_file(paths[0])
            self.message.emit(f"{order.order_no}: {document_actions.saved_words(paths[0])}"
                              + (f" {opened}" if isinstance(opened, str) else ""))

    def _ratify(self) -> None:
        order = _selected(self.orders_view, self.orders)
        if order is None or not order.emergency:
            self.message.emit("Choose an emergency order to record its ratification.")
            return
        # A meeting not held yet has not voted: the ratification is its vote, recorded on
        # the day or after.
        meetings = [(meeting_id, day) for meeting_id, day
                    in meetings_after(self.database, order.issued_on) if day <= self.today()]
        self._open(RatifyDialog(self.database, order.order_id, order.order_no, meetings, self,
                                today=self.today()),
                   f"{order.order_no} ratified.")

    def _open(self, dialog: RecordDialog, done: str) -> RecordDialog:
        def saved(_record_id: int) -> None:
            self.message.emit(done)
            self.changed.emit()
        dialog.saved.connect(saved)
        self.show_dialog(dialog)
        return dialog

    def edit_details(self) -> RecordDialog | None:
        """The complaint form filled in with the case as saved, to correct it."""
        if self.detail is None:
            return None
        if self.detail.status == "void":
            self.message.emit(f"Case {self.detail.case_no} is void; it cannot be edited.")
            return None
        case_id, case_no = self.detail.case_id, self.detail.case_no
        try:
            draft = case_draft(self.database, case_id)
        except UserError as exc:
            self.message.emit(str(exc))
            return None
        return self._open(ComplaintDialog(self.database, self.today(), self, case_id=case_id,
                                          draft=draft), f"Case {case_no}: details saved.")

    def void(self) -> RecordDialog | None:
        if self.detail is None:
            return None
        return self._open(VoidDialog(self.database, self.detail.case_id, self.detail.case_no,
                                     self), f"Case {self.detail.case_no} voided.")

    def assess(self) -> RecordDialog | None:
        if self.case_id is None:
            return None
        return self._open(FineDialog(self.database, self.case_id, self.today(), self),
                          "Fine assessed.")

    def pay(self) -> RecordDialog | None:
        fine = _selected(self.ledger_view, self.ledger)
        if fine is None or fine.outstanding_cents <= 0:
            self.message.emit("Choose a fine with something still owed.")
            return None
        return self._open(PaymentDialog(self.database, fine.fine_id, fine.outstanding_cents,
                                        self.today(), self), "Payment recorded.")

    def waive(self) -> RecordDialog | None:
        fine = _selected(self.ledger_view, self.ledger)
        if fine is None or fine.outstanding_cents <= 0:
            self.message.emit("Choose a fine with something still owed.")
            return None
        return self._open(WaiverDialog(self.database, fine.fine_id, fine.outstanding_cents,
                                       self.today(), self), "Fine waived.")

    def _add_files(self) -> None:
        if self.case_id is None:
            return
        names, _ = QFileDialog.getOpenFileNames(self, "Add photos or documents to the case")
        if names:
            case_id = self.case_id
            self._run(lambda: attach_files(self.database, case_id, [Path(n) for n in names],
                                           self.today()), f"{counted(len(names), 'file')} added.")

    def _open_attachment(self) -> None:
        row = _selected(self.attachments_view, self.attachments)
        if row is not None:
            path = absolute_path(self.database.path, row.path)
            if path.is_file() and path.is_relative_to(self.database.path.parent):
                opened = self.open_file(path)
                if isinstance(opened, str):
                    self.message.emit(opened)
