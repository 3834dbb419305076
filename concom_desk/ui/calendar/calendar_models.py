"""Table models of the calendar tab, and the grid they are shown in: the items of
one day, and the agenda list of meetings ahead with their hearings. Plain rows built
from a CalendarSnapshot; `data()` never touches the database."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QModelRoleDataSpan,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView

from concom_desk.domain.plain_dates import weekday_date, weekday_date_time
from concom_desk.services.calendar.entries import CalendarSnapshot, MeetingEntry
from concom_desk.services.calendar.meetings import posting_too_late

# One colour per kind of thing, always shown with its words too (never colour alone).
KIND_COLOURS: dict[str, str] = {
    "meeting": "#2f6db5",
    "hearing": "#5b8fd1",
    "hearing_by": "#c62828",
    "legal_notice_by": "#ef6c00",
    "abutter_notice_by": "#b8860b",
    "board_comment_period_ends": "#00897b",
    "decision_by": "#6a1b9a",
    "posting": "#ad1457",
    "ratify_by": "#4e342e",
}
DEFAULT_COLOUR = "#616161"
WARNING_COLOUR = "#c62828"

# The painted roles as the plain numbers Qt hands multiData (see there).
_DISPLAY = Qt.ItemDataRole.DisplayRole.value
_DECORATION = Qt.ItemDataRole.DecorationRole.value
_FOREGROUND = Qt.ItemDataRole.ForegroundRole.value
_TOOLTIP = Qt.ItemDataRole.ToolTipRole.value

RecordRole = Qt.ItemDataRole.UserRole + 1  # (kind, id) of the record a row opens
KindRole = Qt.ItemDataRole.UserRole + 2  # the row's kind (deadline id, "meeting", …)
MeetingRole = Qt.ItemDataRole.UserRole + 3  # the meeting id a row belongs to, if any
HearingRole = Qt.ItemDataRole.UserRole + 4  # the hearing id of a hearing row


def kind_colour(kind: str) -> QColor:
    return QColor(KIND_COLOURS.get(kind, DEFAULT_COLOUR))


@dataclass(frozen=True)
class CalendarRow:
    kind: str
    kind_text: str
    when: str
    text: str
    record: tuple[str, int]
    meeting_id: int | None = None
    hearing_id: int | None = None
    warning: bool = False


def posting_text(meeting: MeetingEntry, now: datetime) -> tuple[str, bool]:
    """'Post by Monday, March 1, 2027 7:00 PM', and whether that has passed unposted."""
    if meeting.agenda_posted_at is not None:
        return f"Agenda posted {weekday_date_time(meeting.agenda_posted_at)}", False
    late = posting_too_late(meeting.at, now)
    if late:
        return late[0].upper() + late[1:], True
    return f"Post agenda by {weekday_date_time(meeting.post_by)}", False


def meeting_rows(meeting: MeetingEntry, now: datetime) -> list[CalendarRow]:
    title = {"special": "Special meeting", "site_walk": "Site walk"}.get(meeting.kind, "Meeting")
    state = " — CANCELLED" if meeting.cancelled else ""
    rows = [CalendarRow("meeting", "Meeting", f"{meeting.at:%I:%M %p}".lstrip("0"),
                        f"{title}, {meeting.place}{state}", ("meeting", meeting.meeting_id),
                        meeting_id=meeting.meeting_id)]
    if not meeting.cancelled:
        text, passed = posting_text(meeting, now)
        rows.append(CalendarRow("posting", "Open Meeting Law", "", text,
                                ("meeting", meeting.meeting_id), meeting_id=meeting.meeting_id,
                                warning=passed))
    for number, hearing in enumerate(meeting.hearings, start=1):
        state = ("continued from " + weekday_date(hearing.continued_from)
                 if hearing.continued_from else "new hearing")
        rows.append(CalendarRow(
            "hearing", "Hearing", f"{number}.", f"{hearing.title()} — {hearing.kind_name}, "
            f"{state}", ("filing", hearing.filing_id), meeting_id=meeting.meeting_id,
            hearing_id=hearing.hearing_id))
    return rows


class CalendarRowsModel(QAbstractTableModel):
    HEADERS = ("Kind", "When", "What")

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[CalendarRow] = []

    def set_rows(self, rows: list[CalendarRow]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def row_at(self, row: int) -> CalendarRow:
        return self._rows[row]

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.HEADERS[section]
        return None

    def multiData(self, index: QModelIndex | QPersistentModelIndex,  # noqa: N802
                  roles: QModelRoleDataSpan) -> None:
        """Every role a cell is measured or painted with (Qt asks eight) in one call:
        sizing the agenda's rows to their wrapped text asked Python for each role of
        each cell, a freeze of a twentieth of a second on a busy town's meetings ahead.
        Every role is set or cleared: Qt hands the same span cell after cell."""
        if not index.isValid():
            for item in roles:
                item.clearData()
            return
        row = self._rows[index.row()]
        column = index.column()
        for item in roles:
            role = item.role()
            if role == _DISPLAY:
                item.setData((row.kind_text, row.when, row.text)[column])
            elif role == _DECORATION and column == 0:
                item.setData(kind_colour(row.kind))
            elif role == _FOREGROUND and row.warning:
                item.setData(QBrush(QColor(WARNING_COLOUR)))
            elif role == _TOOLTIP:
                item.setData(row.text)
            else:
                item.clearData()  # the record roles are asked one by one, through data()

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (row.kind_text, row.when, row.text)[column]
        if role == Qt.ItemDataRole.DecorationRole and column == 0:
            return kind_colour(row.kind)
        if role == Qt.ItemDataRole.ForegroundRole and row.warning:
            return QBrush(QColor(WARNING_COLOUR))
        if role == Qt.ItemDataRole.ToolTipRole:
            return row.text
        if role == RecordRole:
            return row.record
        if role == KindRole:
            return row.kind
        if role == MeetingRole:
            return row.meeting_id
        if role == HearingRole:
            return row.hearing_id
        return None


def day_rows(snapshot: CalendarSnapshot, day: date, now: datetime) -> list[CalendarRow]:
    """Everything on one day: its meetings (with hearings and posting), then deadlines."""
    rows: list[CalendarRow] = []
    for meeting in snapshot.meetings_on(day):
        rows.extend(meeting_rows(meeting, now))
    for deadline in snapshot.deadlines_on(day):
        rows.append(CalendarRow(deadline.kind, deadline.kind_name, "", deadline.title(),
                                (deadline.record_kind, deadline.record_id)))
    return rows


def agenda_rows(snapshot: CalendarSnapshot, start: date, now: datetime) -> list[CalendarRow]:
    """Meetings from `start` on, each followed by its hearings (the agenda list)."""
    rows: list[CalendarRow] = []
    for meeting in snapshot.meetings:
        if meeting.day < start:
            continue
        for row in meeting_rows(meeting, now):
            when = weekday_date(meeting.day) if row.kind == "meeting" else row.when
            rows.append(CalendarRow(row.kind, row.kind_text, when, row.text, row.record,
                                    row.meeting_id, row.hearing_id, row.warning))
    return rows


def rows_table(model: CalendarRowsModel, name: str) -> QTableView:
    """The grid a day's items or the agenda list is shown in: rows chosen whole, the
    description taking the width left, read-only."""
    view = QTableView()
    view.setModel(model)
    view.setAccessibleName(name)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setTabKeyNavigation(False)
    view.verticalHeader().hide()
    view.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
    view.setWordWrap(True)
    return view
