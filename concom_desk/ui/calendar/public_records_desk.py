"""Tools → Public records and reports: the public-records request log (each answer
due in 10 business days, MGL c.66 §10), the annual report to the town (Word with
its chart, and a workbook), and the retention report (what could be proposed for
destruction — the program destroys nothing, MGL c.66 §8)."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from concom_desk.errors import OperationFailed, UserError
from concom_desk.services.minutes.public_records_requests import (
    CITATION,
    RequestRow,
    answer_request,
    list_requests,
    log_request,
)
from concom_desk.services.reports.annual_files import (
    WrittenReport,
    make_annual_report,
    settings_fiscal,
)
from concom_desk.services.reports.retention_report import retention_report
from concom_desk.ui.background import Progress, run_in_background
from concom_desk.ui.calendar.dialog_parts import ErrorLine, date_box, pydate
from concom_desk.ui.document_actions import open_document
from concom_desk.ui.row_table import Column, RowTableModel, day_cell, fit_columns
from concom_desk.ui.window_memory import remember


class PublicRecordsDesk(QDialog):
    def __init__(self, database: Any, today: date, parent: QWidget | None = None,
                 meeting_id: int | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Public records and reports")
        self._db = database
        self._today = today
        self._meeting_id = meeting_id
        self.last_report: WrittenReport | None = None
        tabs = QTabWidget()
        tabs.addTab(self._requests_tab(), "Records &requests")
        tabs.addTab(self._report_tab(), "Annual re&port")
        tabs.addTab(self._retention_tab(), "Re&tention")
        self.tabs = tabs
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(tabs)
        layout.addWidget(close)
        self.show_requests()
        remember(self, "records-desk", QSize(900, 560))

    # -- the request log -------------------------------------------------------------
    def _requests_tab(self) -> QWidget:
        self.requests = RowTableModel[RequestRow]([
            Column("Received", lambda r: day_cell(r.received_on)),
            Column("Requester", lambda r: r.requester),
            Column("Records asked for", lambda r: r.description),
            Column("Meeting", lambda r: day_cell(r.meeting_day)),
            Column("Answer", lambda r: r.standing(self._today)),
            Column("How answered", lambda r: r.response),
        ], self)
        self.request_table = QTableView()
        self.request_table.setAccessibleName("Public-records requests")
        self.request_table.setModel(self.requests)
        self.request_table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.received = date_box(self._today, "Request received on")
        self.requester = QLineEdit()
        self.requester.setAccessibleName("Requester")
        self.requester.setPlaceholderText("name, or 'anonymous'")
        self.asked = QLineEdit()
        self.asked.setAccessibleName("Records asked for")
        self.asked.setPlaceholderText("e.g. minutes of November 5, 2026, draft or approved")
        log_button = QPushButton("&Log request")
        log_button.clicked.connect(self.log)
        self.answered_on = date_box(self._today, "Answered on")
        self.response = QLineEdit()
        self.response.setAccessibleName("How it was answered")
        self.response.setPlaceholderText("e.g. records sent by e-mail")
        answer_button = QPushButton("Mark selected &answered")
        answer_button.clicked.connect(self.answer)
        self.request_error = ErrorLine()
        self.request_note = QLabel(f"Due dates: {CITATION}, not counting weekends, legal "
                                   "holidays or the town's closure days.")
        self.request_note.setWordWrap(True)
        form = QFormLayout()
        new_row = QHBoxLayout()
        new_row.addWidget(self.received)
        new_row.addWidget(self.requester, 1)
        new_row.addWidget(self.asked, 2)
        new_row.addWidget(log_button)
        answer_row = QHBoxLayout()
        answer_row.addWidget(self.answered_on)
        answer_row.addWidget(self.response, 1)
        answer_row.addWidget(answer_button)
        form.addRow("New request:", new_row)
        form.addRow("Answer:", answer_row)
        page = QWidget()
        box = QVBoxLayout(page)
        box.addWidget(self.request_table, 1)
        box.addLayout(form)
        box.addWidget(self.request_error)
        box.addWidget(self.request_note)
        return page

    def show_requests(self) -> None:
        self.requests.set_rows(list_requests(self._db))
        fit_columns(self.request_table, stretch=2)

    def log(self) -> RequestRow | None:
        try:
            row = log_request(self._db, pydate(self.received.date()), self.requester.text(),
                              self.asked.text(), self._meeting_id, today=self._today)
        except UserError as exc:
            self.request_error.say(str(exc))
            return None
        self.request_error.say("")
        self.requester.clear()
        self.asked.clear()
        self.show_requests()
        self.request_note.setText(f"Logged: {row.requester} — {row.standing(self._today)} "
                                  f"({CITATION}).")
        return row

    def answer(self) -> None:
        index = self.request_table.currentIndex()
        if not index.isValid():
            self.request_error.say("Select the request that was answered.")
            return
        row = self.requests.row_at(index.row())
        try:
            answer_request(self._db, row.request_id, pydate(self.answered_on.date()),
                           self.response.text())
        except UserError as exc:
            self.request_error.say(str(exc))
            return
        self.request_error.say("")
        self.response.clear()
        self.show_requests()

    # -- the annual report -----------------------------------------------------------
    def _report_tab(self) -> QWidget:
        self.year = QSpinBox()
        self.year.setRange(1970, 2200)
        self.year.setAccessibleName("Report year")
        self.fiscal = QCheckBox("&Fiscal year (July 1 – June 30, named for the year it ends)")
        try:
            fiscal = settings_fiscal(self._db)
        except UserError:
            fiscal = False
        self.fiscal.setChecked(fiscal)
        # The last full year: the report is made after the year closes.
        last = self._today.year - (0 if fiscal and self._today.month > 6 else 1)
        self.year.setValue(last)
        self.make_report_button = QPushButton("&Make the report…")
        self.make_report_button.clicked.connect(self.choose_report_file)
        self.report_result = QLabel("The Word document has the chart of filings per month; "
                                    "the workbook beside it has every figure.")
        self.report_result.setWordWrap(True)
        self.report_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.report_error = ErrorLine()
        form = QFormLayout()
        form.addRow("&Year:", self.year)
        form.addRow("", self.fiscal)
        page = QWidget()
        box = QVBoxLayout(page)
        box.addLayout(form)
        box.addWidget(self.make_report_button, 0, Qt.AlignmentFlag.AlignLeft)
        box.addWidget(self.report_result)
        box.addWidget(self.report_error)
        box.addStretch(1)
        return page

    def choose_report_file(self) -> None:
        suggested = Path.home() / f"Annual report {self.year.value()}.docx"
        name, _filter = QFileDialog.getSaveFileName(self, "Save the annual report",
                                                    str(suggested), "Word documents (*.docx)")
        if name:
            self.make_report(Path(name))

    def make_report(self, out: Path) -> None:
        if out.suffix.lower() != ".docx":
            out = out.with_suffix(".docx")
        year, fiscal, db = self.year.value(), self.fiscal.isChecked(), self._db

        def work(progress: Progress) -> WrittenReport:
            progress.report(20, "Counting the year's records…")
            return make_annual_report(db, year, out, out.with_suffix(".xlsx"), fiscal,
                                      self._today)

        self.make_report_button.setEnabled(False)
        self.report_error.say("")
        self.report_result.setText("Making the report…")
        run_in_background(self, "Making the annual report", work, self._report_made,
                          self._report_failed, lambda: self._report_failed("Cancelled."))

    def _report_made(self, written: WrittenReport) -> None:
        self.last_report = written
        self.make_report_button.setEnabled(True)
        self.report_result.setText(f"{written.describe()}. {open_document(self, written.docx)}")

    def _report_failed(self, message: str) -> None:
        self.make_report_button.setEnabled(True)
        self.report_result.setText("")
        self.report_error.say(message)

    # -- retention ---------------------------------------------------------------------
    def _retention_tab(self) -> QWidget:
        self.retention = QPlainTextEdit()
        self.retention.setReadOnly(True)
        self.retention.setAccessibleName("Retention of the records")
        try:
            lines = [line.describe() for line in retention_report(self._db, self._today)]
        except (UserError, OperationFailed) as exc:
            lines = [str(exc)]
        self.retention.setPlainText(
            "\n\n".join(lines) + "\n\nNothing is destroyed by this program. A record past its "
            "period may only be proposed for destruction to the Supervisor of Records, whose "
            "written approval is needed first (MGL c.66 §8).")
        page = QWidget()
        box = QVBoxLayout(page)
        box.addWidget(self.retention)
        return page
