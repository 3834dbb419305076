"""On a record whose hearing has closed: 'Decision waiver…' records the applicant's
written waiver of the 21-day decision period, to a date it names (Garrity v. Hingham,
2012). The decision clock on the record then runs to that date."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.plain_dates import typed_date
from concom_desk.domain.status_rules import HEARD_KINDS
from concom_desk.ui.save_behind import SavesBehind

# The kinds decided after a hearing (the 21 days run from its close).

SaveWaiver = Callable[[date, str, date], None]


class DecisionWaiverDialog(SavesBehind, QDialog):
    def __init__(self, file_no: str, today: date, save: SaveWaiver,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._save = save
        self.setWindowTitle(f"Waiver of the decision period — {file_no}")
        intro = QLabel("The applicant agrees in writing that the Commission may decide after "
                       "the 21 days from the close of the hearing, up to a date named in the "
                       "waiver (Garrity v. Hingham Conservation Commission, 2012: voluntary, "
                       "of a defined and reasonable length, and on the public record).")
        intro.setWordWrap(True)
        self.signed_on = QLineEdit(today.isoformat())
        self.signed_on.setAccessibleName("Date the waiver was signed")
        self.signed_by = QLineEdit()
        self.signed_by.setAccessibleName("Who signed the waiver")
        self.signed_by.setPlaceholderText("the applicant or their agent")
        self.decide_by = QLineEdit()
        self.decide_by.setAccessibleName("Decision due by")
        self.decide_by.setPlaceholderText("YYYY-MM-DD")
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        form = QFormLayout()
        form.addRow("&Signed on:", self.signed_on)
        form.addRow("Signed &by:", self.signed_by)
        form.addRow("&Decision by:", self.decide_by)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        self.buttons, self.saving = buttons, False
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)

    def _accept(self) -> None:
        try:
            signed_on = typed_date(self.signed_on.text())
            decide_by = typed_date(self.decide_by.text())
        except ValueError as exc:
            self.problem.setText(f"<b>Not saved:</b> {exc}")
            return
        if self.saving:
            return
        save, signed_by = self._save, self.signed_by.text()
        # Written behind the window ("Saving…", the buttons off), then closed or refused.
        self.save_then_close(lambda: save(signed_on, signed_by, decide_by))



def add_decision_waiver_button(record, today: date,  # noqa: ANN001
                               save: SaveWaiver) -> QPushButton | None:
    """'Decision waiver…' on a heard filing whose hearing has closed, not yet decided."""
    detail = record.detail
    if detail is None or detail.row.kind not in HEARD_KINDS or detail.row.status != "closed":
        return None
    button = QPushButton("Decision &waiver…")
    button.setAccessibleName("Waiver of the decision period")
    button.setAutoDefault(False)

    def open_dialog() -> None:
        dialog = DecisionWaiverDialog(record.detail.row.file_no, today, save, record)
        record.ask(dialog, lambda: (
            f"Saved: the decision may come by {dialog.decide_by.text().strip()}, "
            "by the applicant's written waiver."))

    button.clicked.connect(open_dialog)
    record.actions_row.addWidget(button)
    return button
