"""The month grid: QCalendarWidget (keyboard navigable: arrows, Page Up/Down, Home,
End) with each day's legal holiday, meetings and deadlines written in its cell in
words ("Meeting 7:00 pm · 10 hearings", "Abutter notices due (3)"), each beside a
swatch of its kind's colour, so nothing depends on colour or on a code word."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import date

from PySide6.QtCore import QDate, QRect, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter
from PySide6.QtWidgets import QCalendarWidget, QHeaderView, QTableView, QWidget

from concom_desk.services.calendar.entries import CalendarSnapshot, MeetingEntry
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
    "certiorari_ends": ("Certiorari period ends", "Certiorari periods end"),
    "emergency_certification_by": ("Act on emergency request", "Act on emergency requests"),
    "maintenance_notice_by": ("Maintenance notice due", "Maintenance notices due"),
    "continued_notice_by": ("Continued hearing notice", "Continued hearing notices"),
    "reapplication_barred_until": ("Rehearing bar ends", "Rehearing bars end"),
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


def wrap(text: str, metrics: QFontMetrics, width: int, most: int = 2) -> list[str]:
    """`text` in lines no wider than `width`, word by word, at most `most` lines (the
    last one holds the rest, to be elided when drawn)."""
    first, dot, rest = text.partition(" · ")
    if dot and metrics.horizontalAdvance(text) > width and most > 1:  # break at the dot
        return [first, *wrap(rest, metrics, width, most - 1)]
    lines: list[str] = []
    words = text.split(" ")
    while words:
        if len(lines) == most - 1:
            lines.append(" ".join(words))
            break
        taken = 1
        while taken < len(words) and metrics.horizontalAdvance(
                " ".join(words[:taken + 1])) <= width:
            taken += 1
        lines.append(" ".join(words[:taken]))
        words = words[taken:]
    return lines


def elided(text: str, metrics: QFontMetrics, width: int) -> str:
    """`text` as it fits `width`: whole; else cut after a whole word with "…" ("Post
    the…"); else its first word alone, a label still read at a glance ("Christmas",
    not "Christm…"; the day's panel beside gives every word); else cut within it."""
    if metrics.horizontalAdvance(text) <= width:
        return text
    words = text.split(" ")
    for count in range(len(words) - 1, 0, -1):
        shorter = " ".join(words[:count]).rstrip(",;:·-—") + "…"
        if metrics.horizontalAdvance(shorter) <= width:
            return shorter
    if metrics.horizontalAdvance(words[0]) <= width:
        return words[0]
    return metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)


Line = tuple[str | None, bool, bool, str]  # swatch colour or None, indented, holiday ink, text


def fitted(blocks: list[list[Line]], room: int) -> list[Line]:
    """The lines a day's cell of `room` lines shows: its tags whole while they fit, then
    "+N more". A cell too short for even its first tag (150 % on a laptop: one line)
    shows what fits of that tag, then the others counted, or only how many there are;
    never a bare "+1 more" under nothing."""
    lines: list[Line] = []
    for position, block in enumerate(blocks):
        left = len(blocks) - position  # this tag and those still to come
        if len(lines) + len(block) + (1 if left > 1 else 0) <= room:
            lines.extend(block)
            continue
        if lines:
            return [*lines, (None, True, False, f"+{left} more")][:room]
        if left == 1:  # the only tag: as much of it as fits
            return _cut(block, room)
        if room < 2:  # one line for several tags: how many
            return [(block[0][0], True, False, f"{left} items")][:room]
        return [*_cut(block, room - 1), (None, True, False, f"+{left - 1} more")]
    return lines[:room]


def _cut(block: list[Line], room: int) -> list[Line]:
    """A tag's first `room` lines, the last holding the rest of its words, which the
    drawing elides with "…" (a line cut between words looked whole: "Post the")."""
    kept = block[:room]
    if 0 < len(kept) < len(block):
        swatch, indented, holiday, _text = kept[-1]
        rest = " ".join(text for *_line, text in block[room - 1:])
        kept[-1] = (swatch, indented, holiday, rest)
    return kept


class MonthView(QCalendarWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setGridVisible(True)
        self.setVerticalHeaderFormat(QCalendarWidget.VerticalHeaderFormat.NoVerticalHeader)
        self.setFirstDayOfWeek(Qt.DayOfWeek.Sunday)
        self.setAccessibleName("Month view")
        self._tags: dict[date, list[tuple[str, str]]] = {}
        self._holiday_name: Callable[[date], str | None] = lambda _day: None
        # The weekday names need one line, not a sixth of the grid: the days get it.
        grid = self.findChild(QTableView, "qt_calendar_calendarview")
        if grid is not None:
            rows = grid.verticalHeader()
            rows.setSectionResizeMode(0, QHeaderView.ResizeMode.Fixed)
            rows.resizeSection(0, self.fontMetrics().height() + 8)

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
        indent = swatch + 4
        # (swatch colour or None, indented, holiday ink, text): a tag wraps onto a
        # second line rather than lose its words ("Meeting 7:00 pm ·" / "10 hearings").
        width = inner.right() - inner.left() - indent
        blocks: list[list[Line]] = []
        if holiday:
            blocks.append([(None, False, True, text)
                           for text in wrap(holiday, metrics, inner.right() - inner.left())])
        for kind, words in self.tags_on(day):
            blocks.append([(kind if number == 0 else None, True, False, text)
                           for number, text in enumerate(wrap(words, metrics, width))])
        room = max(0, (inner.bottom() - top + 1) // line)
        for kind, indented, holiday_ink, text in fitted(blocks, room):
            left = inner.left() + (indent if indented else 0)
            if kind:
                painter.fillRect(QRect(inner.left(), top + (line - swatch) // 2, swatch,
                                       swatch), kind_colour(kind))
            painter.setPen(HOLIDAY_TEXT if holiday_ink and not selected else ink)
            width = inner.right() - left
            painter.drawText(QRect(left, top, width, line),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             elided(text, metrics, width))
            top += line
        painter.restore()
