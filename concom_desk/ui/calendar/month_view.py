"""The month grid: QCalendarWidget (keyboard navigable: arrows, Page Up/Down, Home,
End) with each day's legal holiday, meetings and deadlines written in its cell in
words ("Meeting 7:00 pm · 10 hearings", "Abutter notices due (3)"), each beside a
swatch of its kind's colour, so nothing depends on colour or on a code word."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import date

from PySide6.QtCore import QDate, QRect, Qt
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import QCalendarWidget, QWidget

from concom_desk.services.calendar_entries import CalendarSnapshot, MeetingEntry
from concom_desk.ui.calendar.calendar_models import kind_colour

# What a cell says for each kind of deadline: one of them, and several (with a count).
CELL_WORDS: dict[str, tuple[str, str]] = {
    "hearing_by": ("Hearing must open", "Hearings must open"),
    "legal_notice_by": ("Legal notice due", "Legal notices due"),
    "abutter_notice_by": ("Abutter notices due", "Abutter notices due"),
    "board_notice_by": ("Boards' notice due", "Boards' notices due"),
    "board_comment_period_ends": ("Boards' comments end", "Boards' comments end"),
    "decision_by": ("Decision due", "Decisions due"),
    "posting": ("Post the agenda", "Post the agendas"),
    "ratify_by": ("Ratify emergency order", "Ratify emergency orders"),
    "appeal_ends": ("Appeal period ends", "Appeal periods end"),
    "expires": ("Permit expires", "Permits expire"),
    "extension_request_by": ("Extension request due", "Extension requests due"),
    "coc_decision_by": ("COC decision due", "COC decisions due"),
}
HOLIDAY_COLOUR = QColor("#fdecea")  # a soft red ground; the holiday's name says it too
HOLIDAY_TEXT = QColor("#8e1b10")
OTHER_MONTH_TEXT = QColor("#8a8a8a")


def to_qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def from_qdate(day: QDate) -> date:
    return date(day.year(), day.month(), day.day())


def clock(meeting: MeetingEntry) -> str:
    """'7:00 pm', as a cell reads it."""
    hour = meeting.at.hour % 12 or 12
    return f"{hour}:{meeting.at.minute:02d} {'am' if meeting.at.hour < 12 else 'pm'}"


def meeting_words(meeting: MeetingEntry) -> str:
    title = {"special": "Special meeting", "site_walk": "Site walk"}.get(meeting.kind,
                                                                        "Meeting")
    if meeting.cancelled:
        return f"{title} cancelled"
    count = len(meeting.hearings)
    if not count:
        return f"{title} {clock(meeting)}"
    return f"{title} {clock(meeting)} · {count} hearing{'s' if count != 1 else ''}"


def deadline_words(kind: str, count: int, label: str) -> str:
    """'Abutter notices due (3)'; a kind without words of its own is named by its
    label's first words ("Send the digital notice to …")."""
    one, several = CELL_WORDS.get(kind, (label.split(" (", 1)[0], label.split(" (", 1)[0]))
    return one if count == 1 else f"{several} ({count})"


def day_tags(snapshot: CalendarSnapshot, day: date) -> list[tuple[str, str]]:
    """(kind, words) for what a day cell shows: its meetings, then its open deadlines,
    one line per kind of deadline with how many fall that day."""
    tags = [("meeting", meeting_words(m)) for m in snapshot.meetings_on(day)]
    open_deadlines = [d for d in snapshot.deadlines_on(day) if not d.met]
    counts = Counter(d.kind for d in open_deadlines)
    labels = {d.kind: d.label for d in reversed(open_deadlines)}
    for kind in dict.fromkeys(d.kind for d in open_deadlines):
        tags.append((kind, deadline_words(kind, counts[kind], labels[kind])))
    return tags


class MonthView(QCalendarWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setGridVisible(True)
        self.setVerticalHeaderFormat(QCalendarWidget.VerticalHeaderFormat.NoVerticalHeader)
        self.setFirstDayOfWeek(Qt.DayOfWeek.Sunday)
        self.setAccessibleName("Month view")
        self._tags: dict[date, list[tuple[str, str]]] = {}
        self._holiday_name: Callable[[date], str | None] = lambda _day: None

    def show_snapshot(self, snapshot: CalendarSnapshot,
                      holiday_name: Callable[[date], str | None] | None = None) -> None:
        """The snapshot's meetings and deadlines, and (from the town's business calendar)
        the legal holidays and town closure days, each on its day."""
        days = {m.day for m in snapshot.meetings} | {d.day for d in snapshot.deadlines}
        self._tags = {day: tags for day in days if (tags := day_tags(snapshot, day))}
        if holiday_name is not None:
            self._holiday_name = holiday_name
        self.updateCells()

    def tags_on(self, day: date) -> list[tuple[str, str]]:
        return list(self._tags.get(day, []))

    def holiday_on(self, day: date) -> str | None:
        return self._holiday_name(day)

    def cell_lines(self, day: date) -> list[str]:
        """What the cell of `day` says, top to bottom, after its number."""
        holiday = self.holiday_on(day)
        return ([holiday] if holiday else []) + [words for _kind, words in self.tags_on(day)]

    def paintCell(self, painter: QPainter, rect: QRect, qday: QDate) -> None:  # noqa: N802
        day = from_qdate(qday)
        holiday = self.holiday_on(day)
        selected = qday == self.selectedDate()
        palette = self.palette()
        painter.save()
        painter.setClipRect(rect)
        ground = (palette.highlight().color() if selected
                  else HOLIDAY_COLOUR if holiday else palette.base().color())
        painter.fillRect(rect, ground)
        ink = palette.highlightedText().color() if selected else palette.text().color()
        if not selected and qday.month() != self.monthShown():
            ink = OTHER_MONTH_TEXT
        inner = rect.adjusted(4, 2, -3, -2)
        font = QFont(painter.font())
        line = painter.fontMetrics().height()
        number_font = QFont(font)
        number_font.setBold(True)
        painter.setFont(number_font)
        painter.setPen(ink)
        painter.drawText(QRect(inner.left(), inner.top(), inner.width(), line),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         str(qday.day()))
        painter.setFont(font)
        metrics = painter.fontMetrics()
        top = inner.top() + line
        swatch = max(6, metrics.height() // 2)
        lines: list[tuple[str | None, str]] = []
        if holiday:
            lines.append((None, holiday))
        for kind, words in self.tags_on(day):
            first, _, rest = words.partition(" · ")
            if rest and metrics.horizontalAdvance(words) > inner.width() - swatch - 4:
                lines.extend([(kind, first), ("", rest)])  # "Meeting 7:00 pm" / "10 hearings"
            else:
                lines.append((kind, words))
        room = max(0, (inner.bottom() - top + 1) // line)
        if len(lines) > room and room > 0:  # the last line says how many are not shown
            hidden = len(lines) - room + 1
            lines = [*lines[:room - 1], ("", f"+{hidden} more")]
        for kind, words in lines[:room]:
            left = inner.left()
            if kind:
                painter.fillRect(QRect(left, top + (line - swatch) // 2, swatch, swatch),
                                 kind_colour(kind))
            if kind is not None:  # tags (and their second lines) line up after the swatch
                left += swatch + 4
            painter.setPen(HOLIDAY_TEXT if kind is None and not selected else ink)
            width = inner.right() - left
            painter.drawText(QRect(left, top, width, line),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             metrics.elidedText(words, Qt.TextElideMode.ElideRight, width))
            top += line
        painter.restore()
