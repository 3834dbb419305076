"""Tools → Treasurer's turnover report: the money received between two days, written
as a Word page to sign and hand over and a workbook beside it (the same name, .xlsx)."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.wording import counted
from concom_desk.errors import OperationFailed, UserError
from concom_desk.services.filings.payments import money
from concom_desk.services.reports.turnover import (
    turnover,
    write_turnover_docx,
    write_turnover_xlsx,
)
from concom_desk.ui.calendar.dialog_parts import ErrorLine, date_box, pydate
from concom_desk.ui.document_actions import open_document


class TurnoverDialog(QDialog):
    def __init__(self, database: Any, today: date, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Treasurer's turnover report")
        self._db, self._today = database, today
        # The usual turnover is weekly: the seven days up to today.
        self.start = date_box(today - timedelta(days=6), "First day")
        self.end = date_box(today, "Last day")
        self.write_button = QPushButton("&Write the report…")
        self.write_button.clicked.connect(self.choose_file)
        self.result = QLabel("Every receipt and refund dated in these days, with totals by "
                             "cash and check for the deposit; a workbook is written beside "
                             "the Word page.")
        self.result.setWordWrap(True)
        self.result.setAccessibleName("Turnover report result")
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error = ErrorLine()
        form = QFormLayout()
        form.addRow("&From:", self.start)
        form.addRow("&To:", self.end)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.write_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.result)
        layout.addWidget(self.error)
        layout.addWidget(close)
        # Wide enough for "Wrote … .docx and … .xlsx: 6 entries, $3,012.50 …" in a few lines.
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 64)

    def choose_file(self) -> None:
        start, end = pydate(self.start.date()), pydate(self.end.date())
        suggested = Path.home() / f"Turnover {start.isoformat()} to {end.isoformat()}.docx"
        name, _filter = QFileDialog.getSaveFileName(self, "Save the turnover report",
                                                    str(suggested), "Word documents (*.docx)")
        if name:
            self.write(Path(name))

    def write(self, out: Path) -> Path | None:
        if out.suffix.lower() != ".docx":
            out = out.with_suffix(".docx")
        self.error.say("")
        try:
            report = turnover(self._db, pydate(self.start.date()), pydate(self.end.date()))
            write_turnover_docx(report, out)
            write_turnover_xlsx(report, out.with_suffix(".xlsx"))
        except (UserError, OperationFailed) as exc:
            self.result.setText("")
            self.error.say(str(exc))
            return None
        self.result.setText(
            f"Wrote {out.name} and {out.with_suffix('.xlsx').name}: "
            f"{counted(len(report.lines), 'entry', 'entries')}, "
            f"{money(report.total_cents)} to turn over. "
            f"{open_document(self, out)}")
        return out
