"""The commission's settings as a form, shared by the first-run wizard and the
Settings dialog so both ask the same questions in the same words."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QPixmap, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.filing_requirements import parse_date
from concom_desk.domain.laws import STATE_TOWN
from concom_desk.errors import UserError
from concom_desk.services.commission.settings import (
    MA_DEEDS_REGISTRIES,
    TOWN_DEEDS_REGISTRY,
    CommissionSettings,
    Member,
    example_town,
    logo_kind,
    read_letterhead_logo,
    settings_problems,
)
from concom_desk.services.commission.town_profiles import available_profiles

MEMBER_HEADINGS = ("Name", "Role", "Term starts", "Term ends")
BOARD_ROWS = 7  # the members table shows a board of seven without scrolling


# The exported calendar's reminder (Settings): the usual choices of a calendar program.
REMINDER_CHOICES = (("No reminder", 0), ("1 hour before", 60), ("2 hours before", 120),
                    ("1 day before", 1440), ("2 days before", 2880), ("1 week before", 10080))


class CommissionForm(QWidget):
    changed = Signal()

    def __init__(self, settings: CommissionSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._initial = settings  # what this form does not show is kept as it was
        self.town = QComboBox()
        self.town.setAccessibleName("Town rules")
        # The profiles' long names (with their sources) would make the form wider than a
        # laptop screen; the list drops down at full width.
        self.town.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.town.setMinimumContentsLength(28)
        for profile in available_profiles().values():
            self.town.addItem(f"{profile.name} — {profile.source}", profile.id)
        self.name = self._line(settings.name, "Commission name", "")
        self.address = QPlainTextEdit("\n".join(settings.address_lines))
        self.address.setAccessibleName("Commission address")
        self.address.setTabChangesFocus(True)
        self.address.setMaximumHeight(self.fontMetrics().lineSpacing() * 5)
        self.phone = self._line(settings.phone, "Phone", "")
        self.email = self._line(settings.email, "Email", "")
        self.clerk_initials = self._line(settings.clerk_initials, "Clerk's initials", "e.g. JMK")
        self.newspaper = self._line(settings.newspaper, "Newspaper for legal notices", "")
        self.deeds_registry = QComboBox()
        self.deeds_registry.setEditable(True)  # a district not listed can be typed
        self.deeds_registry.setAccessibleName("Registry of Deeds")
        self.deeds_registry.addItems(["", *MA_DEEDS_REGISTRIES])
        self.deeds_registry.setMinimumContentsLength(18)
        self.deeds_registry.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.deeds_registry.lineEdit().setPlaceholderText("the district, e.g. Worcester South")
        self.deeds_registry.setCurrentText(settings.deeds_registry)
        self.meeting_place = self._line(settings.meeting_place, "Usual meeting place",
                                        "e.g. Town Hall, 1 Main Street, Room 2")
        self.meeting_time = self._line(settings.meeting_time, "Usual meeting time", "19:00")
        self.meeting_time.setMaxLength(5)
        self.meeting_time.setMaximumWidth(self.fontMetrics().averageCharWidth() * 10)
        self.report_year = QComboBox()
        self.report_year.setAccessibleName("Annual report year")
        self.report_year.addItem("Calendar year (January–December)", "calendar")
        self.report_year.addItem("Fiscal year (July–June)", "fiscal")
        self.report_year.setCurrentIndex(max(self.report_year.findData(settings.report_year), 0))
        self.reminder = QComboBox()  # the VALARM of each event of the exported .ics
        self.reminder.setAccessibleName("Calendar reminder before each event")
        for words, minutes in REMINDER_CHOICES:
            self.reminder.addItem(words, minutes)
        if self.reminder.findData(settings.ical_reminder_minutes) < 0:
            self.reminder.addItem(f"{settings.ical_reminder_minutes} minutes before",
                                  settings.ical_reminder_minutes)
        self.reminder.setCurrentIndex(self.reminder.findData(settings.ical_reminder_minutes))
        self._logo = settings.letterhead_logo
        self.logo_preview = QLabel()
        self.logo_preview.setAccessibleName("Letterhead logo")
        self.logo_note = QLabel()
        self.logo_note.setAccessibleName("About the letterhead logo")
        self.logo_note.setWordWrap(True)
        self.choose_logo_button = QPushButton("Choose &logo…")
        self.choose_logo_button.setAccessibleName("Choose logo")
        self.choose_logo_button.clicked.connect(self.choose_logo)
        self.remove_logo_button = QPushButton("No lo&go")
        self.remove_logo_button.setAccessibleName("Remove logo")
        self.remove_logo_button.clicked.connect(self.remove_logo)
        self._show_logo()

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
        self.member_view.setMinimumHeight(self._board_height())
        self.add_member_button = add = QPushButton("&Add member")
        add.setAccessibleName("Add member")
        add.clicked.connect(self._add_member)
        self.remove_member_button = remove = QPushButton("&Remove member")
        remove.setAccessibleName("Remove member")
        remove.clicked.connect(self._remove_member)

        index = self.town.findData(settings.town_id)
        self.town.setCurrentIndex(max(index, 0))
        self._town_registry = TOWN_DEEDS_REGISTRY.get(self.town.currentData() or "", "")
        if not self.deeds_registry.currentText():
            self.deeds_registry.setCurrentText(self._town_registry)
        self._show_examples()
        self.town.currentIndexChanged.connect(self._town_chosen)

        # Two columns, so the form and a board of seven fit a laptop screen at once.
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        form.addRow("&Town rules:", self.town)
        form.addRow("Commission &name:", self.name)
        form.addRow("A&ddress (letterhead):", self.address)
        form.addRow("&Phone:", self.phone)
        form.addRow("&Email:", self.email)
        form.addRow("&Clerk's initials:", self.clerk_initials)
        more = QFormLayout()
        more.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        more.addRow("Ne&wspaper (legal notices):", self.newspaper)
        more.addRow("Registry of Deed&s:", self.deeds_registry)
        more.addRow("&Usual meeting place:", self.meeting_place)
        more.addRow("Usual meeting t&ime:", self.meeting_time)
        more.addRow("Annual report c&overs:", self.report_year)
        more.addRow("Calendar (.ics) reminder:", self.reminder)
        logo_buttons = QHBoxLayout()
        logo_buttons.addWidget(self.logo_preview)
        logo_buttons.addWidget(self.choose_logo_button)
        logo_buttons.addWidget(self.remove_logo_button)
        logo_buttons.addStretch(1)
        more.addRow("Letterhead logo:", logo_buttons)
        members_label = QLabel("&Members (dates as 2026-12-01 or 12/1/2026; double-click a "
                               "cell to edit):")
        members_label.setBuddy(self.member_view)
        members_row = QHBoxLayout()  # the buttons beside the heading: one line less
        members_row.addWidget(members_label)
        members_row.addStretch(1)
        members_row.addWidget(add)
        members_row.addWidget(remove)
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.problems.setAccessibleName("What is missing")
        right = QVBoxLayout()  # what is missing sits under the short column, not below all
        right.addLayout(more)
        right.addWidget(self.logo_note)
        # What is missing scrolls in a box of its own: a list that grows as member rows
        # are added must not push the fields above it about under the clerk's mouse.
        problems_box = QScrollArea()
        problems_box.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the fields
        problems_box.setWidget(self.problems)
        problems_box.setWidgetResizable(True)
        problems_box.setFrameShape(QFrame.Shape.NoFrame)
        problems_box.setFixedHeight(self.fontMetrics().lineSpacing() * 6)
        right.addWidget(problems_box)
        right.addStretch(1)
        columns = QHBoxLayout()
        columns.addLayout(form, 1)
        columns.addSpacing(self.fontMetrics().averageCharWidth() * 3)
        columns.addLayout(right, 1)

        layout = QVBoxLayout(self)
        layout.addLayout(columns)
        layout.addLayout(members_row)
        layout.addWidget(self.member_view, 1)

        for line in (self.name, self.clerk_initials, self.meeting_time):
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

    def _town_chosen(self) -> None:
        """Another town's rules bring that town's Registry, unless the clerk typed one,
        and that town's name in the examples."""
        registry = TOWN_DEEDS_REGISTRY.get(self.town.currentData() or "", "")
        if self.deeds_registry.currentText() in ("", self._town_registry):
            self.deeds_registry.setCurrentText(registry)
        self._town_registry = registry
        self._show_examples()

    def _show_examples(self) -> None:
        town_id = self.town.currentData() or ""
        town = example_town(town_id)
        self.name.setPlaceholderText(f"e.g. {town} Conservation Commission")
        self.address.setPlaceholderText(f"Town Hall\n1 Main Street\n{town}, MA")
        # The state default is no town: its newspaper example names none.
        self.newspaper.setPlaceholderText("e.g. The Town Crier" if town_id == STATE_TOWN
                                          else f"e.g. The {town} Town Crier")

    def _board_height(self) -> int:
        view = self.member_view
        rows = view.verticalHeader().defaultSectionSize() * BOARD_ROWS
        return rows + view.horizontalHeader().sizeHint().height() + 2 * view.frameWidth() + 2

    # -- the letterhead logo ---------------------------------------------------
    def choose_logo(self) -> None:
        name, _filter = QFileDialog.getOpenFileName(
            self, "Letterhead logo", "", "Pictures (*.png *.jpg *.jpeg);;All files (*)")
        if name:
            self.use_logo_file(Path(name))

    def use_logo_file(self, path: Path) -> bool:
        """Take the picture at `path` as the logo; a file that will not do is refused
        in one line and the logo stays as it was."""
        try:
            self._logo = read_letterhead_logo(path)
        except UserError as exc:
            self._show_logo(f"Not used: {exc}")
            return False
        self._show_logo()
        self._changed()
        return True

    def remove_logo(self) -> None:
        self._logo = b""
        self._show_logo()
        self._changed()

    def _show_logo(self, refusal: str = "") -> None:
        height = self.fontMetrics().lineSpacing() * 2
        picture = QPixmap()
        if self._logo and picture.loadFromData(self._logo):
            self.logo_preview.setPixmap(picture.scaled(
                QSize(height * 4, height), Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation))
            about = (f"Logo: {logo_kind(self._logo)} picture, "
                     f"{max(1, len(self._logo) // 1000)} KB.")
        else:
            self.logo_preview.clear()
            about = "No logo: letters are headed by the name and address alone."
        self.logo_preview.setVisible(bool(self._logo))
        self.remove_logo_button.setEnabled(bool(self._logo))
        self.logo_note.setText(refusal or about)

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
            newspaper=self.newspaper.text().strip(),
            deeds_registry=self.deeds_registry.currentText().strip(),
            meeting_place=self.meeting_place.text().strip(),
            meeting_time=self.meeting_time.text().strip(),
            letterhead_logo=self._logo,
            report_year=self.report_year.currentData(),
            ical_reminder_minutes=self.reminder.currentData(),
        )
        return settings, settings_problems(settings) + found

    def is_valid(self) -> bool:
        return not self.settings()[1]

    def _changed(self) -> None:
        found = self.settings()[1]
        self.problems.setText("\n".join(f"• {p}" for p in found))
        self.changed.emit()
