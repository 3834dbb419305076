"""The month's day cells in words: legal holidays (MGL c.4 §7 cl.18) and the town's
closure days named on their day, meetings with their time and hearings, deadlines
counted by kind. Dates worked out by hand from a 2026 calendar."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from pytestqt.qtbot import QtBot

from concom_desk.store.models.commission import CommissionSettings, TownClosureDay
from concom_desk.ui.calendar.calendar_tab import CalendarTab
from tests.helpers.calendar_db import Commission
from tests.helpers.loading import loaded, show_day
from tests.services.calendar.test_hearing_services import MAR3, book_three

VETERANS_DAY = date(2026, 11, 11)  # Wednesday November 11, 2026: not moved
THANKSGIVING = date(2026, 11, 26)  # fourth Thursday of November 2026 (5, 12, 19, 26)
DAY_AFTER = date(2026, 11, 27)  # Friday: a town closure rule, not a legal holiday
CHRISTMAS_EVE = date(2026, 12, 24)  # a closure day the clerk entered


def _tab(qtbot: QtBot, c: Commission, now: datetime) -> CalendarTab:
    tab = CalendarTab(c.db, now=lambda: now)
    qtbot.addWidget(tab)
    return loaded(qtbot, tab)


def test_legal_holiday_named_in_its_cell_and_the_day_title(qtbot: QtBot,
                                                          commission: Commission) -> None:
    tab = _tab(qtbot, commission, datetime(2026, 11, 2, 9, 0))
    show_day(qtbot, tab, VETERANS_DAY)
    assert tab.month.cell_lines(VETERANS_DAY) == ["Veterans Day"]
    assert tab.day_title.text() == "Wednesday, November 11, 2026 — Veterans Day"
    assert tab.month.cell_lines(THANKSGIVING) == ["Thanksgiving Day"]
    assert tab.month.cell_lines(date(2026, 11, 10)) == []  # an ordinary Tuesday
    assert tab.month.cell_lines(DAY_AFTER) == []  # not closed unless the town says so


def test_town_closure_days_marked_too(qtbot: QtBot, commission: Commission) -> None:
    with commission.db.session() as session:
        session.add(TownClosureDay(day=CHRISTMAS_EVE, reason="Christmas Eve"))
        settings = session.query(CommissionSettings).one()
        settings.closure_rules = "day_after_thanksgiving"
    tab = _tab(qtbot, commission, datetime(2026, 11, 2, 9, 0))
    assert tab.month.cell_lines(CHRISTMAS_EVE) == ["Town offices closed"]
    assert tab.month.cell_lines(DAY_AFTER) == ["Town offices closed (day after thanksgiving)"]


def test_meeting_cell_gives_time_and_hearings(qtbot: QtBot, commission: Commission) -> None:
    book_three(commission)
    tab = _tab(qtbot, commission, datetime(2027, 2, 18, 9, 0))
    lines = tab.month.cell_lines(MAR3)
    # Wed Mar 3 2027 7:00 PM, three hearings booked; the RDA's hearing must open that day.
    assert lines[0] == "Meeting 7:00 pm · 3 hearings"
    assert "Hearing must open" in lines[1:]
    # Three legal notices due Wed Feb 24 (5 business days before Mar 3, §330-10D): one line.
    assert tab.month.cell_lines(date(2027, 2, 24)) == ["Legal notices due (3)"]


def _tag(kind: str, *texts: str) -> list[tuple[str | None, bool, bool, str]]:
    return [(kind if n == 0 else None, True, False, t) for n, t in enumerate(texts)]


NOTICE = _tag("deadline", "Publish the legal", "notice, NOI 2026-1")
HEARING = _tag("hearing", "Hearing NOI 2026-1")
MEETING = _tag("meeting", "Meeting 7:00 pm")


@pytest.mark.parametrize(("blocks", "room", "shown"), [
    # Room for all: every tag whole.
    ([NOTICE, HEARING], 3, ["Publish the legal", "notice, NOI 2026-1", "Hearing NOI 2026-1"]),
    # Room for the first, then the others counted.
    ([HEARING, NOTICE, MEETING], 3, ["Hearing NOI 2026-1", "+2 more"]),
    # A Bourne clerk at 150 %: one line per cell showed "+1 more" under nothing.
    # What is cut keeps its words for the drawing to elide: "Publish the legal" looked whole.
    ([NOTICE], 1, ["Publish the legal notice, NOI 2026-1"]),
    ([NOTICE, HEARING], 1, ["2 items"]),
    ([NOTICE, HEARING, MEETING], 2, ["Publish the legal notice, NOI 2026-1", "+2 more"]),
    ([HEARING], 1, ["Hearing NOI 2026-1"]),
    ([], 1, []),
])
def test_a_short_cell_shows_what_fits_and_counts_the_rest(
        blocks: list, room: int, shown: list[str]) -> None:
    from concom_desk.ui.calendar.month_view import fitted

    lines = fitted(blocks, room)
    assert [text for *_rest, text in lines] == shown
    assert len(lines) <= room


def test_a_tag_too_long_for_its_cell_is_cut_after_a_word(qtbot) -> None:
    from PySide6.QtGui import QFont, QFontMetrics

    from concom_desk.ui.calendar.month_view import elided

    metrics = QFontMetrics(QFont())
    width = metrics.horizontalAdvance
    text = "Post the agenda (Open Meeting Law)"
    assert elided(text, metrics, width(text)) == text
    # Room for two words and the mark: never "Post the" alone, which looks whole.
    assert elided(text, metrics, width("Post the…")) == "Post the…"
    assert elided(text, metrics, width("Post the ag…")) == "Post the…"
    # Room for the first word but not for it and the mark: the word, not "Christm…".
    assert elided("Christmas Day", metrics, width("Christmas")) == "Christmas"
    # Not even the first word: cut within it, marked.
    cut = elided("Christmas Day", metrics, width("Chris…"))
    assert cut.endswith("…") and width(cut) <= width("Chris…")
