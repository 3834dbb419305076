"""The mail-merge field table for one Word template: each «MergeField» in the letter
beside the program's field it prints, the likeliest one offered where none is kept
yet. Saved to the clerk's table (mail_merge); the template is then checked again."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from concom_desk.errors import OperationFailed, UserError
from concom_desk.services.documents.mail_merge import merge_table, save_map, text_fields
from concom_desk.ui.calendar.dialog_parts import ErrorLine
from concom_desk.ui.window_memory import remember


class MergeFieldsDialog(QDialog):
    """Match each merge field of `path` to one of the `template`'s fields."""

    saved = Signal()

    def __init__(self, path: Path, template: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Merge fields — {path.name}")
        remember(self, "merge-fields", QSize(640, 360))
        self.rows = merge_table(path, template)
        fields = text_fields(template)
        self.table = QTableWidget(len(self.rows), 3, self)
        self.table.setAccessibleName("Merge fields")
        self.table.setHorizontalHeaderLabels(["In the letter", "Prints the program's field",
                                              "Kept or suggested"])
        self.table.verticalHeader().hide()
        self.choices: dict[str, QComboBox] = {}
        for number, row in enumerate(self.rows):
            self.table.setItem(number, 0, QTableWidgetItem(f"«{row.name}»"))
            choice = QComboBox()
            choice.setAccessibleName(f"Field for {row.name}")
            choice.addItem("(not matched)", "")
            for field in fields:
                choice.addItem(field, field)
            current = row.matched or row.suggested
            choice.setCurrentIndex(max(choice.findData(current), 0))
            self.table.setCellWidget(number, 1, choice)
            state = ("kept" if row.matched else "suggested by its name" if row.suggested
                     else "no field with a name like it")
            self.table.setItem(number, 2, QTableWidgetItem(state))
            self.choices[row.name] = choice
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.error = ErrorLine()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        explain = QLabel("Each «field» of this mail-merge letter prints the value of the "
                         "program's field beside it (a suggestion is kept only when you "
                         "Save). The table is shared by all your templates.")
        explain.setWordWrap(True)
        layout.addWidget(explain)
        layout.addWidget(self.table)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def save(self) -> None:
        try:
            save_map({name: str(choice.currentData())
                      for name, choice in self.choices.items()})
        except (UserError, OperationFailed) as exc:
            self.error.say(str(exc))
            return
        self.saved.emit()
        self.accept()
