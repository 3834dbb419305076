"""The month grid: QCalendarWidget (keyboard navigable: arrows, Page Up/Down, Home,
End) with each day's meetings and deadlines drawn as small coloured tags that also
carry a word, so nothing depends on colour alone."""

from __future__ import annotations

from collections import defaultdict
from datetime import date

from PySide6.QtCore import QDate, QRect, Qt
from PySide6.QtGui import QFont, QPainter
from PySide6.QtWidgets import QCalendarWidget, QWidget

from concom_desk.services.calendar_entries import CalendarSnapshot
from concom_desk.ui.calendar.calendar_models import kind_colour

SHORT_WORDS = {
    "meeting": "Mtg",
    "hearing_by": "Hear",
    "legal_notice_by": "Ad",
    "abutter_notice_by": "Abut",
    "board_comment_period_ends": "Brds",
    "decision_by": "Dec",
    "posting": "Post",
    "ratify_by": "Ratify",
    "appeal_ends": "Appeal",
    "expires": "Expires",
    "extension_request_by": "Ext",
    "coc_decision_by": "COC",
}
MAX_TAGS = 3


def short_word(kind: str) -> str:
    """A tag that fits a day cell: a known word, else the kind's first word."""
    return SHORT_WORDS.get(kind, kind.split("_")[0].capitalize()[:6])


def to_qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def from_qdate(day: QDate) -> date:
    return date(day.year(), day.month(), day.day())


class MonthView(QCalendarWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setGridVisible(True)
        self.setVerticalHeaderFormat(QCalendarWidget.VerticalHeaderFormat.NoVerticalHeader)
        self.setFirstDayOfWeek(Qt.DayOfWeek.Sunday)
        self.setAccessibleName("Month view")
        self._tags: dict[date, list[tuple[str, str]]] = {}

    def show_snapshot(self, snapshot: CalendarSnapshot) -> None:
        tags: dict[date, list[tuple[str, str]]] = defaultdict(list)
        for meeting in snapshot.meetings:
            word = "Cancelled" if meeting.cancelled else f"Mtg ({len(meeting.hearings)})"
            tags[meeting.day].append(("meeting", word))
        for deadline in snapshot.deadlines:
            if not deadline.met:
                tags[deadline.day].append(
                    (deadline.kind, short_word(deadline.kind)))
        self._tags = dict(tags)
        self.updateCells()

    def tags_on(self, day: date) -> list[tuple[str, str]]:
        return list(self._tags.get(day, []))

    def paintCell(self, painter: QPainter, rect: QRect, day: QDate) -> None:  # noqa: N802
        super().paintCell(painter, rect, day)
        tags = self._tags.get(from_qdate(day))
        if not tags:
            return
        painter.save()
        font = QFont(painter.font())
        font.setPointSizeF(max(6.0, font.pointSizeF() * 0.7))
        painter.setFont(font)
        height = max(8, rect.height() // 5)
        shown = tags[:MAX_TAGS]
        for position, (kind, word) in enumerate(shown):
            top = rect.bottom() - height * (len(shown) - position)
            band = QRect(rect.left() + 2, top, rect.width() - 4, height - 1)
            painter.fillRect(band, kind_colour(kind))
            painter.setPen(Qt.GlobalColor.white)
            extra = f" +{len(tags) - MAX_TAGS}" if position == 0 and len(tags) > MAX_TAGS else ""
            painter.drawText(band, Qt.AlignmentFlag.AlignCenter, word + extra)
        painter.restore()
