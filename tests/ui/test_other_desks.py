"""Another desk's new filing shows up when the program is brought back to the front,
without a restart; when nobody saved, coming back reads nothing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from concom_desk.store import Database, open_database
from concom_desk.ui.main_window import MainWindow
from tests.ui.conftest import SETTINGS, TODAY, add_filing

ACTIVE = Qt.ApplicationState.ApplicationActive


@pytest.fixture
def other_desk(db: Database) -> Iterator[Database]:
    desk = open_database(db.path, initials="JMK", lock=False)
    yield desk
    desk.close()


def _window(qtbot, db: Database) -> MainWindow:
    window = MainWindow(db, db.path, SETTINGS, TODAY)
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        window.reload()
    return window


def _file_numbers(window: MainWindow) -> list[str]:
    return sorted(row.file_no for row in window.filings_tab.model.rows())


def test_a_filing_entered_at_the_other_desk_appears_on_coming_back(
        qtbot, db: Database, other_desk: Database) -> None:
    add_filing(db, kind="noi", file_no="2026-41", applicant="Jane Doe", received=TODAY)
    window = _window(qtbot, db)
    window.tabs.setCurrentWidget(window.filings_tab)
    assert _file_numbers(window) == ["2026-41"]
    add_filing(other_desk, kind="rda", file_no="2026-42", applicant="Acme Builders LLC",
               received=TODAY)

    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        QApplication.instance().applicationStateChanged.emit(ACTIVE)  # brought back
    assert _file_numbers(window) == ["2026-41", "2026-42"]
    assert window.statusBar().currentMessage().startswith("2 filings")


def test_coming_back_when_nobody_saved_reads_nothing(qtbot, db: Database,
                                                     other_desk: Database) -> None:
    add_filing(db, kind="noi", file_no="2026-41", applicant="Jane Doe", received=TODAY)
    window = _window(qtbot, db)
    with other_desk.read_session():
        pass  # the other desk only looked
    assert window.other_desks.brought_back() is False
    assert window.statusBar().currentMessage().startswith("1 filing")  # not "Updating…"
    # Once a desk saves, the next return reads again, and only once.
    add_filing(other_desk, kind="rda", file_no="2026-42", applicant="Acme", received=TODAY)
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        assert window.other_desks.brought_back() is True
    assert window.other_desks.brought_back() is False
    assert _file_numbers(window) == ["2026-41", "2026-42"]


def test_the_tab_in_front_is_read_and_the_lists_wait_to_be_shown(
        qtbot, db: Database, other_desk: Database) -> None:
    window = _window(qtbot, db)
    cases = window.show_section("Enforcement")
    qtbot.waitUntil(lambda: cases.seen_changes == db.changes)  # type: ignore[attr-defined]
    add_filing(other_desk, kind="noi", file_no="2026-43", applicant="Pat Lee", received=TODAY)
    assert window.other_desks.brought_back() is True
    assert _file_numbers(window) == []  # Filings is behind: read when it is shown
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        window.tabs.setCurrentWidget(window.filings_tab)
    assert _file_numbers(window) == ["2026-43"]
