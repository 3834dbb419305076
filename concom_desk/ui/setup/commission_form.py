"""The commission's settings as a form, shared by the first-run wizard and the
Settings dialog so both ask the same questions in the same words."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.filing_requirements import parse_date
from concom_desk.services.commission import CommissionSettings, Member, settings_problems
from concom_desk.services.town_profiles import available_profiles

MEMBER_HEADINGS = ("Name", "Role", "Term starts", "Term ends")


class CommissionForm(QWidget):
    changed = Signal()

    def __init__(self, settings: CommissionSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._initial = settings  # what this form does not show is kept as it was
        self.town = QComboBox()
        self.town.setAccessibleName("Town rules")
        for profile in available_profiles().values():
            self.town.addItem(f"{profile.name} — {profile.source}", profile.id)
        self.name = self._line(settings.name, "Commission name",
                               "e.g. Upton Conservation Commission")
        self.address = QPlainTextEdit("\n".join(settings.address_lines))
        self.address.setAccessibleName("Commission address")
        self.address.setPlaceholderText("Town Hall\n1 Main Street\nUpton, MA 01568")
        self.address.setTabChangesFocus(True)
        self.address.setMaximumHeight(self.fontMetrics().lineSpacing() * 5)
        self.phone = self._line(settings.phone, "Phone", "")
        self.email = self._line(settings.email, "Email", "")
        self.clerk_initials = self._line(settings.clerk_initials, "Clerk's initials", "e.g. JMK")

        self.members = QStandardItemModel(0, len(MEMBER_HEADINGS), self)
        self.members.setHorizontalHeaderLabels(list(MEMBER_HEADINGS))
        for member in settings.members:
            self._append_member(member)
        self.member_view = QTableView()
        self.member_view.setAccessibleName("Members and their terms")
        self.member_view.setModel(self.members)
        self.member_view.verticalHeader().setVisible(False)
        self.member_view.setTabKeyNavigation(False)
        self.member_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.member_view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.add_member_button = add = QPushButton("&Add member")
        add.setAccessibleName("Add member")
        add.clicked.connect(self._add_member)
        self.remove_member_button = remove = QPushButton("&Remove member")
        remove.setAccessibleName("Remove member")
        remove.clicked.connect(self._remove_member)

        index = self.town.findData(settings.town_id)
        self.town.setCurrentIndex(max(index, 0))

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        form.addRow("&Town rules:", self.town)
        form.addRow("Commission &name:", self.name)
        form.addRow("A&ddress (letterhead):", self.address)
        form.addRow("&Phone:", self.phone)
        form.addRow("&Email:", self.email)
        form.addRow("&Clerk's initials:", self.clerk_initials)
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        members_label = QLabel("&Members (dates as YYYY-MM-DD; double-click a cell to edit):")
        members_label.setBuddy(self.member_view)
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setAccessibleName("What is missing")

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(members_label)
        layout.addWidget(self.member_view, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.problems)

        for line in (self.name, self.clerk_initials):
            line.textChanged.connect(self._changed)
        self.address.textChanged.connect(self._changed)
        self.town.currentIndexChanged.connect(self._changed)
        self.members.dataChanged.connect(self._changed)
        self.members.rowsRemoved.connect(self._changed)
        self.members.rowsInserted.connect(self._changed)
        self._changed()

    def _line(self, text: str, name: str, hint: str) -> QLineEdit:
        line = QLineEdit(text)
        line.setAccessibleName(name)
        line.setPlaceholderText(hint)
        return line

    def _append_member(self, member: Member) -> None:
        self.members.appendRow([
            QStandardItem(member.name), QStandardItem(member.role),
            QStandardItem(member.term_start.isoformat() if member.term_start else ""),
            QStandardItem(member.term_end.isoformat() if member.term_end else ""),
        ])

    def _add_member(self) -> None:
        self._append_member(Member(""))
        index = self.members.index(self.members.rowCount() - 1, 0)
        self.member_view.setCurrentIndex(index)
        self.member_view.setFocus(Qt.FocusReason.OtherFocusReason)
        self.member_view.edit(index)

    def _remove_member(self) -> None:
        index = self.member_view.currentIndex()
        if index.isValid():
            self.members.removeRow(index.row())

    def settings(self) -> tuple[CommissionSettings, list[str]]:
        """The settings as entered, and what is wrong with them (empty when nothing)."""
        found: list[str] = []
        members = []
        for row in range(self.members.rowCount()):
            cells = [(self.members.item(row, c).text() if self.members.item(row, c) else "")
                     for c in range(len(MEMBER_HEADINGS))]
            dates = []
            for heading, text in zip(MEMBER_HEADINGS[2:], cells[2:], strict=True):
                try:
                    dates.append(parse_date(text))
                except ValueError as exc:
                    found.append(f"Member {row + 1}, {heading.lower()}: {exc}.")
                    dates.append(None)
            members.append(Member(cells[0].strip(), dates[0], dates[1], cells[1].strip()))
        settings = replace(
            self._initial,
            town_id=str(self.town.currentData() or ""),
            name=self.name.text().strip(),
            address_lines=[ln.strip() for ln in self.address.toPlainText().splitlines()
                           if ln.strip()],
            clerk_initials=self.clerk_initials.text().strip().upper(),
            members=members,
            phone=self.phone.text().strip(),
            email=self.email.text().strip(),
        )
        return settings, settings_problems(settings) + found

    def is_valid(self) -> bool:
        return not self.settings()[1]

    def _changed(self) -> None:
        found = self.settings()[1]
        self.problems.setText("\n".join(f"• {p}" for p in found))
        self.changed.emit()
