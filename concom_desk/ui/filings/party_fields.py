"""The boxes a party's details are typed in: one labelled line, completing from
what is on file, the form layout the filing form's groups share, and a mailing
address in its parts."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCompleter,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from concom_desk.services.filings.form import MailingAddress


class AddressFields(QWidget):
    """Street, second line, city, state and ZIP, each in its own box (the store keeps
    them apart, so nothing has to guess where the town ends and the state begins)."""

    def __init__(self, who: str, mail: MailingAddress, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.street = named_line(mail.street, f"{who}: street", "e.g. 12 Pond Road, or PO Box 77")
        self.street2 = named_line(mail.street2, f"{who}: second line", "suite, unit (optional)")
        self.city = named_line(mail.city, f"{who}: city or town", "city or town")
        self.state = named_line(mail.state, f"{who}: state", "MA")
        self.state.setMaxLength(2)
        self.state.setFixedWidth(self.fontMetrics().averageCharWidth() * 6)
        self.zip = named_line(mail.zip, f"{who}: ZIP", "ZIP")
        self.zip.setMaxLength(10)
        self.zip.setFixedWidth(self.fontMetrics().averageCharWidth() * 13)
        place = QHBoxLayout()
        place.setContentsMargins(0, 0, 0, 0)
        place.addWidget(self.city, 1)
        place.addWidget(self.state)
        place.addWidget(self.zip)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.street)
        layout.addWidget(self.street2)
        layout.addLayout(place)

    def value(self) -> MailingAddress:
        return MailingAddress(self.street.text().strip(), self.street2.text().strip(),
                              self.city.text().strip(), self.state.text().strip().upper(),
                              self.zip.text().strip())

    def set_value(self, mail: MailingAddress) -> None:
        for box, text in ((self.street, mail.street), (self.street2, mail.street2),
                          (self.city, mail.city), (self.state, mail.state),
                          (self.zip, mail.zip)):
            box.setText(text)

    def boxes(self) -> tuple[QLineEdit, ...]:
        return (self.street, self.street2, self.city, self.state, self.zip)


def named_line(text: str, name: str, hint: str) -> QLineEdit:
    line = QLineEdit(text)
    line.setAccessibleName(name)
    line.setPlaceholderText(hint)
    return line


def complete_from(line: QLineEdit, names: list[str], picked: Callable[[str], None]) -> None:
    """`line` offers the `names` on file that contain what is typed; `picked` fills the
    rest of the record from the one chosen."""
    completer = QCompleter(sorted(names), line)
    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    completer.setFilterMode(Qt.MatchFlag.MatchContains)
    completer.activated.connect(picked)
    line.setCompleter(completer)


def form_layout(parent: QWidget | None = None) -> QFormLayout:
    layout = QFormLayout(parent)
    layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
    return layout
