"""A clerk who uses no mouse: a Notice of Intent entered, its hearing booked, the vote
recorded and the permit made, with keys alone. Every key goes where the keyboard sends
it, to the control that has the focus; nothing is clicked and no field is set."""

from __future__ import annotations

from datetime import time, timedelta
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from concom_desk.domain.meeting_schedule import RegularSchedule
from concom_desk.services.calendar.meetings import generate_meetings, save_schedule
from concom_desk.store import Database
from concom_desk.ui.calendar.booking_dialog import BookHearingDialog
from concom_desk.ui.calendar.vote_dialog import VoteDialog
from concom_desk.ui.filings.document_maker import DocumentMakerDialog
from concom_desk.ui.filings.filing_form import FilingFormDialog
from concom_desk.ui.filings.filing_record import FilingRecordDialog
from concom_desk.ui.main_window import MainWindow
from tests.helpers.clock import TEST_TODAY
from tests.ui.conftest import SETTINGS

ALT, CTRL = Qt.KeyboardModifier.AltModifier, Qt.KeyboardModifier.ControlModifier
FRIDAY = 4  # TEST_TODAY is a Friday: the board meets every Friday evening


def focus() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None, "nothing has the keyboard focus"
    return widget


def keyboard() -> QWidget:
    """Where a key goes: an open menu takes it, else the control with the focus."""
    return QApplication.activePopupWidget() or focus()


def press(key: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
          times: int = 1) -> None:
    for _ in range(times):
        QTest.keyClick(keyboard(), key, modifiers)


def type_in(text: str) -> None:
    QTest.keyClicks(keyboard(), text)


def window_of(qtbot: QtBot, kind: type[QWidget]) -> Any:
    """The window of this kind once it is in front, with the keyboard."""
    qtbot.waitUntil(lambda: isinstance(QApplication.activeWindow(), kind)
                    and focus().window() is QApplication.activeWindow())
    return QApplication.activeWindow()


def tab_until(there: Any, limit: int = 60) -> int:
    """Tab until `there()` holds; how many presses it took."""
    for presses in range(limit):
        if there():
            return presses
        press(Qt.Key.Key_Tab)
    raise AssertionError(f"{limit} presses of Tab and still not there: at {focus()}")


def back_to(qtbot: QtBot, window: QWidget) -> None:
    """A dialog closed: the window under it is in front again (the window manager's
    doing on a desktop; the offscreen platform has none, so it is asked here)."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


@pytest.mark.slow  # the one keyboard journey: about 6 s
def test_a_notice_of_intent_from_filing_to_permit_with_the_keyboard_alone(
        qtbot: QtBot, db: Database) -> None:
    save_schedule(db, RegularSchedule(FRIDAY, time(19, 0), "Town Hall", nths=(1, 2, 3, 4, 5)))
    generate_meetings(db, TEST_TODAY, TEST_TODAY + timedelta(days=60))
    window = MainWindow(db, Path(db.path), SETTINGS, TEST_TODAY)
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        window.reload()
    with qtbot.waitActive(window):
        window.activateWindow()
    window.tabs.tabBar().setFocus()  # where the person starts: the sections
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.tabs.tabBar())

    # File → New filing (Ctrl+N): file number, place, work; the applicant on Parties.
    press(Qt.Key.Key_N, CTRL)
    form: FilingFormDialog = window_of(qtbot, FilingFormDialog)
    press(Qt.Key.Key_N, ALT)  # File no.
    type_in("2026-101")
    press(Qt.Key.Key_A, ALT)  # Property address
    type_in("12 Pond Road")
    press(Qt.Key.Key_M, ALT)  # Map/lot
    type_in("14-22")
    press(Qt.Key.Key_W, ALT)  # Work
    type_in("Replace a failed septic system within the buffer zone")
    press(Qt.Key.Key_P, ALT)  # the Parties tab
    press(Qt.Key.Key_N, ALT)  # the applicant's Name, then Tab through the address
    type_in("Daniel Forsberg")
    for text in ("12 Pond Road", "", "Upton", "MA", "01568"):
        press(Qt.Key.Key_Tab)
        type_in(text)
    assert form.save_button.isEnabled(), form.problems.text()
    press(Qt.Key.Key_Return)  # Save, the form's default button
    qtbot.waitUntil(lambda: any(r.file_no == "2026-101"
                                for r in window.filings_tab.model.rows()))
    back_to(qtbot, window)

    # Meetings → Book hearing (Ctrl+B): the filing; tonight's meeting picked on purpose
    # (its notice can no longer be posted in time, so it is never the one offered),
    # the warnings read and acknowledged; Book hearing.
    press(Qt.Key.Key_B, CTRL)
    booking: BookHearingDialog = window_of(qtbot, BookHearingDialog)
    assert booking.filing_box.currentText().startswith("2026-101")
    press(Qt.Key.Key_M, ALT)  # Meeting:
    press(Qt.Key.Key_Home)  # the first: tonight
    tonight = booking.meeting_box.currentData()
    assert "posting deadline passed" in booking.meeting_box.currentText()
    assert not any(text.startswith("STOP") for text in booking.findings.texts())
    if booking.acknowledge.isVisible():
        tab_until(lambda: focus() is booking.acknowledge)
        press(Qt.Key.Key_Space)
    assert booking.book_button.isEnabled(), booking.findings.texts()
    press(Qt.Key.Key_Return)
    calendar = window.calendar_tab
    qtbot.waitUntil(lambda: calendar.status.text() == "Hearing booked."
                    and not calendar.loader.loading)

    # At tonight's meeting (the day the calendar shows): Meetings → Record vote.
    back_to(qtbot, window)
    assert calendar.selected_meeting().meeting_id == tonight
    press(Qt.Key.Key_M, ALT)  # the Meetings menu
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None)
    press(Qt.Key.Key_V)  # Record vote…
    vote: VoteDialog = window_of(qtbot, VoteDialog)
    assert vote.filing_box.currentData() is not None  # the meeting's one hearing
    press(Qt.Key.Key_M, ALT)
    type_in("Issue an Order of Conditions for 12 Pond Road")
    for box in vote.present.values():  # each member present, voting yes (the default)
        box.setFocus(Qt.FocusReason.TabFocusReason)  # as Tab brings them, in turn
        press(Qt.Key.Key_Space)
    press(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: calendar.status.text().startswith("Vote recorded:"))
    assert calendar.status.text() == "Vote recorded: Carried, 2 yes, 0 no."

    # Alt+I: the Filings search box; the file number, Enter opens its record; Alt+D
    # makes a document; the permit chosen by typing its name; Alt+M makes it.
    back_to(qtbot, window)
    press(Qt.Key.Key_I, ALT)
    assert focus() is window.filings_tab.search
    type_in("2026-101")
    press(Qt.Key.Key_Return)
    record: FilingRecordDialog = window_of(qtbot, FilingRecordDialog)
    press(Qt.Key.Key_D, ALT)
    maker: DocumentMakerDialog = window_of(qtbot, DocumentMakerDialog)
    press(Qt.Key.Key_D, ALT)  # Document:
    type_in("Permit")
    assert maker.template.currentData() == "permit"
    press(Qt.Key.Key_M, ALT)
    qtbot.waitUntil(lambda: maker.document_path is not None, timeout=15_000)
    assert maker.document_path.is_file()
    assert maker.document_path.name.startswith("DRAFT Permit 2026-101")  # not issued yet
    back_to(qtbot, maker)  # (the progress of the making had the front a moment)
    press(Qt.Key.Key_Escape)
    back_to(qtbot, record)
    qtbot.waitUntil(lambda: record.documents.rowCount() == 1)
    press(Qt.Key.Key_Escape)
    back_to(qtbot, window)
    assert focus() is window.filings_tab.search  # where the person was
