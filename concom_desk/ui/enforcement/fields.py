"""Small input widgets the enforcement dialogs share."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from PySide6.QtCore import QDate, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDateEdit,
    QFileDialog,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from concom_desk.ui.date_picker import date_picker


def date_edit(day: date) -> QDateEdit:
    """The shared picker: typed years and months replace the clicked part."""
    return date_picker(day)


def date_of(edit: QDateEdit) -> date:
    value = edit.date()
    return date(value.year(), value.month(), value.day())


class OptionalDate(QWidget):
    """A date that may be left out: a tick box and a date."""

    changed = Signal()

    def __init__(self, label: str, day: date, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.check = QCheckBox(label)
        self.edit = date_edit(day)
        self.edit.setEnabled(False)
        self.edit.setAccessibleName(label)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.check)
        layout.addWidget(self.edit, 1)
        self.check.toggled.connect(self.edit.setEnabled)
        self.check.toggled.connect(self.changed)
        self.edit.dateChanged.connect(self.changed)

    def value(self) -> date | None:
        return date_of(self.edit) if self.check.isChecked() else None

    def set_value(self, day: date | None) -> None:
        self.check.setChecked(day is not None)
        if day is not None:
            self.edit.setDate(QDate(day.year, day.month, day.day))


class FileList(QWidget):
    """Photos and papers to copy into the case (the originals are not moved)."""

    def __init__(self, button_text: str = "Add photos…", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.list = QListWidget()
        self.list.setAccessibleName("Files to copy into the case")
        self.list.setMaximumHeight(80)
        add = QPushButton(button_text)
        add.clicked.connect(self._choose)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list)
        layout.addWidget(add)
        self._paths: list[Path] = []

    def _choose(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(self, "Choose photos or documents")
        self.add_files([Path(name) for name in names])

    def add_files(self, paths: list[Path]) -> None:
        for path in paths:
            self._paths.append(path)
            self.list.addItem(path.name)

    def paths(self) -> list[Path]:
        return list(self._paths)


class SignerList(QListWidget):
    """The members in office on the order's date, each with a tick box: signers are
    picked, not typed, so a name is spelt as the commission's roll has it and a
    former member cannot sign. Ticks survive a change of date for those still in
    office."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Signed by (members in office)")
        self.itemChanged.connect(lambda _item: self.changed.emit())

    def set_members(self, names: list[str]) -> None:
        ticked = set(self.checked())
        self.blockSignals(True)
        self.clear()
        for name in names:
            item = QListWidgetItem(name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if name in ticked
                               else Qt.CheckState.Unchecked)
            self.addItem(item)
        self.blockSignals(False)
        rows = max(min(len(names), 7), 1)  # a board of seven shows whole
        self.setFixedHeight(self.sizeHintForRow(0) * rows + 2 * self.frameWidth() + 4
                            if names else self.fontMetrics().lineSpacing() * 2)
        self.changed.emit()

    def members(self) -> list[str]:
        return [self.item(row).text() for row in range(self.count())]

    def checked(self) -> list[str]:
        return [self.item(row).text() for row in range(self.count())
                if self.item(row).checkState() == Qt.CheckState.Checked]

    def tick(self, name: str, on: bool = True) -> None:
        for row in range(self.count()):
            if self.item(row).text() == name:
                self.item(row).setCheckState(Qt.CheckState.Checked if on
                                             else Qt.CheckState.Unchecked)
