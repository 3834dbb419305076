"""The calendar tab as the clerk uses it: month grid, day items coloured by kind with
words, posting deadline warnings, opening records, documents and the .ics export."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest
from icalendar import Calendar
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QFileDialog, QTableView
from pytestqt.qtbot import QtBot

from concom_desk.domain.votes import VoteChoice
from concom_desk.services.calendar.hearings import book_hearing
from concom_desk.ui import document_actions
from concom_desk.ui.calendar.calendar_models import KIND_COLOURS, WARNING_COLOUR
from concom_desk.ui.calendar.calendar_tab import CalendarTab
from concom_desk.ui.calendar.vote_dialog import VoteDialog
from tests.helpers.calendar_db import Commission
from tests.helpers.form_fixtures import LEGAL_NOTICE_LINES, paragraphs, write_form
from tests.helpers.loading import loaded, show_day
from tests.services.calendar.test_hearing_services import FEB18, MAR3, book_three


def _tab(qtbot: QtBot, c: Commission, now: datetime) -> CalendarTab:
    tab = CalendarTab(c.db, now=lambda: now)
    qtbot.addWidget(tab)
    return loaded(qtbot, tab)


def _rows(tab: CalendarTab) -> list[tuple[str, str, str]]:
    model = tab.day_model
    return [tuple(model.index(r, c).data() for c in range(3)) for r in range(model.rowCount())]


def test_meeting_day_shows_hearings_and_posting(qtbot: QtBot, commission: Commission) -> None:
    book_three(commission)
    tab = _tab(qtbot, commission, datetime(2027, 2, 18, 9, 0))
    show_day(qtbot, tab, MAR3)
    assert tab.day_title.text() == "Wednesday, March 3, 2027"
    assert _rows(tab) == [
        ("Meeting", "7:00 PM", "Meeting, Upton Town Hall, Room 1"),
        ("Open Meeting Law", "", "Post agenda by Monday, March 1, 2027 7:00 PM"),
        ("Hearing", "1.", "UCC 2027-003 — Jane Doe, 12 Pond Street — Notice of Intent / "
                          "Application for Permit, new hearing"),
        ("Hearing", "2.", "UCC 2027-001 — Robert Smith, 3 Elm Street — Request for "
                          "Determination of Applicability, new hearing"),
        ("Hearing", "3.", "UCC 2027-005 — Mill Pond LLC, 88 Mill Pond Road — Notice of "
                          "Intent / Application for Permit, new hearing"),
        # the RDA's last day to open its hearing (Feb 10 + 21) is this very day
        ("Hearing must open", "",
         "UCC 2027-001: Hold the public hearing (21 days from receipt of the completed "
         "request)"),
    ]
    assert ("meeting", "Meeting 7:00 pm · 3 hearings") in tab.month.tags_on(MAR3)


def test_a_days_kinds_and_times_show_whole_and_what_takes_the_rest(
        qtbot: QtBot, commission: Commission) -> None:
    """The day's grid in a narrow panel (a laptop at 150 %): Kind and When as wide as
    the day's texts, What the width left (at Qt's default widths What was a letter
    wide and its words stood one per line)."""
    book_three(commission)
    tab = _tab(qtbot, commission, datetime(2027, 2, 18, 9, 0))
    tab.resize(900, 500)
    tab.show()
    show_day(qtbot, tab, MAR3)
    view, model = tab.day_table, tab.day_model
    metrics = view.fontMetrics()
    for column in (0, 1):
        widest = max(metrics.horizontalAdvance(model.index(r, column).data() or "")
                     for r in range(model.rowCount()))
        assert view.columnWidth(column) >= widest
    assert view.columnWidth(2) >= view.viewport().width() // 3


def test_deadlines_coloured_by_kind_with_words(qtbot: QtBot, commission: Commission) -> None:
    book_three(commission)
    tab = _tab(qtbot, commission, datetime(2027, 2, 18, 9, 0))
    show_day(qtbot, tab, date(2027, 2, 24))  # 5 business days before Mar 3 (§330-10D)
    rows = _rows(tab)
    assert [r[0] for r in rows] == ["Legal notice"] * 3
    assert {r[2] for r in rows} == {f"{n}: Publish the hearing notice in the newspaper" for n in
                                    ("UCC 2027-003", "UCC 2027-001", "UCC 2027-005")}
    swatch = tab.day_model.index(0, 0).data(Qt.ItemDataRole.DecorationRole)
    assert swatch == QColor(KIND_COLOURS["legal_notice_by"])
    show_day(qtbot, tab, date(2027, 3, 2))  # Pond's boards' comment period ends (Feb 16 + 14)
    assert ("Boards' comments end", "",
            "UCC 2027-003: Other boards' 14-day comment period ends (no final action "
            "before this day is over)") in _rows(tab)


def test_posting_deadline_passed_is_a_warning(qtbot: QtBot, commission: Commission) -> None:
    tab = _tab(qtbot, commission, datetime(2027, 3, 1, 19, 1))  # one minute late
    show_day(qtbot, tab, MAR3)
    index = tab.day_model.index(1, 2)
    assert index.data() == ("Posting deadline passed Monday, March 1, 2027 7:00 PM — post it "
                            "now or choose a later date")
    brush = index.data(Qt.ItemDataRole.ForegroundRole)
    assert brush.color() == QColor(WARNING_COLOUR)


def test_keyboard_moves_the_day_and_enter_opens_the_record(qtbot: QtBot,
                                                          commission: Commission) -> None:
    book_three(commission)
    tab = _tab(qtbot, commission, datetime(2027, 2, 18, 9, 0))
    show_day(qtbot, tab, date(2027, 3, 2))
    grid = tab.month.findChild(QTableView)
    grid.setFocus()
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    assert tab.selected_day() == MAR3
    assert tab.day_title.text() == "Wednesday, March 3, 2027"
    tab.day_table.setFocus()
    tab.day_table.setCurrentIndex(tab.day_model.index(2, 0))  # the first hearing
    with qtbot.waitSignal(tab.record_requested) as opened:
        qtbot.keyClick(tab.day_table, Qt.Key.Key_Return)
    assert opened.args == ["filing", commission.filings["UCC 2027-003"]]


def test_agenda_list_lists_meetings_ahead(qtbot: QtBot, commission: Commission) -> None:
    book_three(commission)
    tab = _tab(qtbot, commission, datetime(2027, 2, 18, 9, 0))
    model = tab.agenda_model
    whens = [model.index(r, 1).data() for r in range(model.rowCount())
             if model.index(r, 0).data() == "Meeting"]
    # Feb 3 and Feb 17 are past; first and third Wednesdays to April.
    assert whens == ["Wednesday, March 3, 2027", "Wednesday, March 17, 2027",
                     "Wednesday, April 7, 2027", "Wednesday, April 21, 2027"]
    tab.views.setCurrentIndex(1)
    tab.agenda_table.setCurrentIndex(model.index(0, 0))
    with qtbot.waitSignal(tab.record_requested) as opened:
        tab.agenda_table.doubleClicked.emit(model.index(0, 2))
    assert opened.args == ["meeting", commission.meetings[MAR3]]


def test_legal_notice_button(qtbot: QtBot, commission: Commission, tmp_path: Path,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    book_three(commission)
    tab = _tab(qtbot, commission, datetime(2027, 2, 18, 9, 0))
    tab.form_overrides["legal-notice"] = write_form(tmp_path, "legal-notice", LEGAL_NOTICE_LINES)
    show_day(qtbot, tab, MAR3)
    qtbot.mouseClick(tab.buttons["legal_notice"], Qt.MouseButton.LeftButton)
    assert tab.status.text().endswith("It must be published by February 24, 2027.")
    assert "Publish by February 24, 2027" in paragraphs(tab.last_document)
    # Opened only if the clerk asks, and said so only if something opened it.
    assert tab.open_made.isVisibleTo(tab) and tab.show_made.isVisibleTo(tab)
    opened: list[Path] = []
    monkeypatch.setattr(document_actions, "system_open",
                        lambda path: path.is_dir() and not opened.append(path))
    monkeypatch.setattr(document_actions, "ask", lambda *_args: None)  # Close
    tab.open_made.click()
    assert tab.status.text().endswith("It must be published by February 24, 2027. Nothing "
                                      "on this computer opens .docx files, so "
                                      f"{tab.last_document.name} was not opened. It is saved "
                                      f"in {tab.last_document.parent}.")
    tab.show_made.click()
    assert opened == [tab.last_document.parent]
    assert tab.status.text().endswith(f"Opened the folder {tab.last_document.parent}.")


def test_legal_notice_names_filings_without_a_description(qtbot: QtBot, commission: Commission,
                                                           tmp_path: Path) -> None:
    # A filing saved without work or resource areas printed "…(file …): , within ." in
    # the newspaper notice, and nothing told the clerk.
    from concom_desk.store.models import Filing

    with commission.db.session() as session:
        elm = session.get(Filing, commission.filings["UCC 2027-001"])
        elm.resource_areas = ""
    book_three(commission)
    tab = _tab(qtbot, commission, datetime(2027, 2, 18, 9, 0))
    tab.form_overrides["legal-notice"] = write_form(tmp_path, "legal-notice", LEGAL_NOTICE_LINES)
    show_day(qtbot, tab, MAR3)
    qtbot.mouseClick(tab.buttons["legal_notice"], Qt.MouseButton.LeftButton)
    assert tab.status.text().endswith(
        "It must be published by February 24, 2027. Check before sending: no work "
        "description or resource areas for UCC 2027-001 (fill them in with Edit… on the "
        "filing, then make it again).")


def test_no_vote_is_recorded_for_a_meeting_not_yet_held(qtbot: QtBot,
                                                        commission: Commission) -> None:
    # The vote dialog opened for a meeting two weeks ahead, and its vote was recorded.
    book_three(commission)
    tab = _tab(qtbot, commission, datetime(2027, 2, 18, 9, 0))
    show_day(qtbot, tab, MAR3)
    qtbot.mouseClick(tab.buttons["vote"], Qt.MouseButton.LeftButton)
    assert tab.active_dialog is None
    assert tab.status.text() == ("The meeting of Wednesday, March 3, 2027 has not been held "
                                 "yet: record its votes on the day.")


def test_export_ics_button(qtbot: QtBot, commission: Commission, tmp_path: Path,
                           monkeypatch: pytest.MonkeyPatch) -> None:
    book_three(commission)
    tab = _tab(qtbot, commission, datetime(2027, 2, 18, 9, 0))
    out = tmp_path / "calendar.ics"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *args, **kwargs: (str(out), "")))
    qtbot.mouseClick(tab.buttons["ical"], Qt.MouseButton.LeftButton)
    # The whole calendar is read and written in the background, not the month shown.
    qtbot.waitUntil(lambda: tab.status.text().startswith("Exported"), timeout=10_000)
    assert tab.status.text().startswith("Exported 6 meetings")
    events = Calendar.from_ical(out.read_bytes()).walk("VEVENT")
    assert sum(1 for e in events if str(e["uid"]).startswith("meeting-")) == 6


# The offscreen platform warns when any window is shown; the dialog must be shown here.
@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_vote_dialog_counts_quorum(qtbot: QtBot, commission: Commission) -> None:
    c = commission
    book_three(c)
    tab = _tab(qtbot, c, datetime(2027, 3, 3, 21, 0))
    show_day(qtbot, tab, MAR3)
    qtbot.mouseClick(tab.buttons["vote"], Qt.MouseButton.LeftButton)
    dialog = tab.active_dialog
    assert isinstance(dialog, VoteDialog)
    assert "Ames" not in [box.text() for box in dialog.present.values()]  # term ended
    assert dialog.signers.text() == ("5 members are in office on this date: a quorum is 3, "
                                     "and a decision is signed by a majority of them (3).")
    qtbot.keyClicks(dialog.motion, "Issue an Order of Conditions")
    dialog.present[c.members["Baker"]].setChecked(True)
    dialog.present[c.members["Costa"]].setChecked(True)
    assert dialog.outcome.text() == (
        "No quorum: 2 of 5 members in office could act; 3 are needed.")
    assert not dialog.ok_button.isEnabled()
    dialog.present[c.members["Duarte"]].setChecked(True)
    duarte = dialog.choices[c.members["Duarte"]]
    duarte.setCurrentIndex(duarte.findData(VoteChoice.NO))
    assert dialog.outcome.text() == "Carried, 2 yes, 1 no."
    with qtbot.waitSignal(dialog.recorded) as recorded:
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert recorded.args == ["Carried, 2 yes, 1 no."]
    assert tab.status.text() == "Vote recorded: Carried, 2 yes, 1 no."


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_vote_at_a_meeting_with_one_hearing_is_about_that_filing(
        qtbot: QtBot, commission: Commission) -> None:
    c = commission
    pond = c.filings["UCC 2027-003"]
    book_hearing(c.db, pond, c.meetings[MAR3], FEB18)
    tab = _tab(qtbot, c, datetime(2027, 3, 3, 21, 0))
    show_day(qtbot, tab, MAR3)
    qtbot.mouseClick(tab.buttons["vote"], Qt.MouseButton.LeftButton)
    dialog = tab.active_dialog
    assert isinstance(dialog, VoteDialog)
    assert dialog.filing_box.currentData() == pond  # was "(other business)"
    assert dialog.filing_box.currentText().startswith("UCC 2027-003")
    assert dialog.filing_box.itemText(0) == "(other business)"  # still one choice away


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_vote_is_about_the_hearing_selected(qtbot: QtBot, commission: Commission) -> None:
    from concom_desk.ui.calendar.calendar_models import HearingRole

    c = commission
    hearings = book_three(c)
    tab = _tab(qtbot, c, datetime(2027, 3, 3, 21, 0))
    show_day(qtbot, tab, MAR3)
    model = tab.day_model
    row = next(r for r in range(model.rowCount())
               if model.index(r, 0).data(HearingRole) == hearings["elm"])
    tab.day_table.setCurrentIndex(model.index(row, 0))
    qtbot.mouseClick(tab.buttons["vote"], Qt.MouseButton.LeftButton)
    dialog = tab.active_dialog
    assert isinstance(dialog, VoteDialog)
    assert dialog.filing_box.currentData() == c.filings["UCC 2027-001"]  # not "(other …)"


def test_a_long_kind_wraps_and_leaves_what_a_third(qtbot: QtBot, commission: Commission
                                                   ) -> None:
    """A Bourne clerk at 150 % clicked a day with "Continuance without consent by" on
    it: Kind took the panel and What stood a word a line. Kind and When now take at
    most two fifths each, and What is never squeezed below a fifth."""
    book_three(commission)
    tab = _tab(qtbot, commission, datetime(2027, 2, 18, 9, 0))
    tab.resize(520, 500)
    tab.show()
    show_day(qtbot, tab, MAR3)
    view = tab.day_table
    room = view.viewport().width()
    assert view.columnWidth(0) <= room * 2 // 5 and view.columnWidth(1) <= room * 2 // 5
    assert view.columnWidth(2) >= room // 5
