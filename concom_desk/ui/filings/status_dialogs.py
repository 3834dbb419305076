"""The record window's careful steps: the question before a final status, setting a
status right with a reason, and voiding a filing entered in error. Each says what it
means in plain words, and Cancel is the button Enter presses."""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.status_rules import Status, final_step_meaning, status_name
from concom_desk.ui import colours
from concom_desk.ui.save_behind import SAVING, save_behind


def final_step_question(file_no: str, new_status: str, parent: QWidget) -> QMessageBox:
    """Asks before a final status; the caller opens it and reads `clickedButton()`."""
    name = status_name(new_status)
    box = QMessageBox(QMessageBox.Icon.Warning, f"Mark {file_no} “{name}”?",
                      f"<b>Mark filing {html.escape(file_no)} “{html.escape(name)}”?</b>",
                      QMessageBox.StandardButton.Cancel, parent)
    box.setInformativeText(
        f"{final_step_meaning(new_status) or ''}\n\nIf this is a mistake, “Undo last "
        "change” in the record puts the status back, and the history keeps both.")
    box.setObjectName("final-status-question")
    box.go_ahead = box.addButton(f"Mark “{name}”",  # type: ignore[attr-defined]
                                 QMessageBox.ButtonRole.DestructiveRole)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    box.setEscapeButton(QMessageBox.StandardButton.Cancel)
    return box


class _ReasonDialog(QDialog):
    """A reason is required; the action's button is enabled once one is typed, and
    Cancel stays the default button."""

    def __init__(self, title: str, action: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        # Wide enough that the explanation reads as sentences and a reason fits whole.
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 72)
        self.form = QFormLayout()
        self.reason = QLineEdit()
        self.reason.setAccessibleName("Reason")
        self.explanation = QLabel()
        self.explanation.setWordWrap(True)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(colours.style(colours.PROBLEM))
        self.saving = False  # the change is being written behind the window
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.go_ahead = QPushButton(action)
        self.go_ahead.setAutoDefault(False)
        self.buttons.addButton(self.go_ahead, QDialogButtonBox.ButtonRole.AcceptRole)
        cancel = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setDefault(True)
        self.buttons.accepted.connect(self._go)
        self.buttons.rejected.connect(self.reject)
        self.reason.textChanged.connect(self._validate)
        layout = QVBoxLayout(self)
        layout.addWidget(self.explanation)
        layout.addLayout(self.form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)

    def _validate(self) -> None:
        self.go_ahead.setEnabled(bool(self.reason.text().strip()) and not self.saving)

    def _write(self) -> Callable[[], object]:
        """The write, with what the clerk chose (it runs behind the window)."""
        raise NotImplementedError

    def _go(self) -> None:
        """Written behind the window: "Saving…", the buttons off, then closed (the
        record reads itself again) or the refusal shown here."""
        if self.saving or not self.go_ahead.isEnabled():
            return
        self._set_saving(True)
        save_behind(self, self._write(), self._written)

    def _set_saving(self, saving: bool) -> None:
        self.saving = saving
        self.buttons.setEnabled(not saving)
        self.reason.setEnabled(not saving)
        self.problem.setText(SAVING if saving else "")
        self._validate()

    def _written(self, what: str, said: object) -> None:
        self._set_saving(False)
        if what == "saved":
            self.accept()
        else:
            self.problem.setText(str(said))

    def reject(self) -> None:
        """Cancel or Esc: not while the change is being written (closed when done)."""
        if not self.saving:
            super().reject()


class CorrectStatusDialog(_ReasonDialog):
    """Set the status the record should have had, whatever the usual order, with why."""

    def __init__(self, file_no: str, current: str, correct: Callable[[str, str], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(f"Correct the status of {file_no}", "Correct status", parent)
        self._correct = correct
        self._current = current
        self.status = QComboBox()
        self.status.setAccessibleName("Correct status")
        for status in Status:
            if status not in (Status.VOID, current):
                self.status.addItem(status_name(status), status.value)
        self.reason.setPlaceholderText("e.g. marked completed by mistake; no COC was issued")
        self.form.addRow("&Status should be:", self.status)
        self.form.addRow("&Why:", self.reason)
        self.status.currentIndexChanged.connect(self._explain)
        self._explain()
        self._validate()

    def _explain(self) -> None:
        meaning = final_step_meaning(self.status.currentData())
        self.explanation.setText(
            f"Now: <b>{html.escape(status_name(self._current))}</b>. The status is "
            "set as you say, with your reason kept in the history; the dates stay as they "
            "are (Edit… corrects those)."
            + (f"<br><br><b>Final step:</b> {html.escape(meaning)}" if meaning else ""))

    def _write(self) -> Callable[[], object]:
        correct, status, why = self._correct, self.status.currentData(), self.reason.text()
        return lambda: correct(status, why)


class VoidFilingDialog(_ReasonDialog):
    """Void a filing entered in error (twice, or under the wrong number)."""

    def __init__(self, file_no: str, void: Callable[[str], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(f"Void filing {file_no}", "Void filing", parent)
        self._void = void
        self.explanation.setText(
            f"Void <b>{html.escape(file_no)}</b> only if it was entered in error. It leaves "
            "Filings and Today and no document can be made for it; it stays in the record "
            "with your reason (public records are never deleted), and “Undo last change” "
            "brings it back.")
        self.reason.setPlaceholderText("e.g. entered twice; see 2026-015")
        self.form.addRow("&Why:", self.reason)
        self._validate()

    def _write(self) -> Callable[[], object]:
        void, why = self._void, self.reason.text()
        return lambda: void(why)
