"""Readable at 1366x768: on the demo town, Today and Filings show the columns that
matter whole (the description takes the width left, not the last column); windows
reopen at the size the clerk left them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QDialog, QSplitter, QStyle, QTableView, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from concom_desk.services.commission.settings import load_settings
from concom_desk.services.demo.town import load_demo
from concom_desk.store import Database, open_database
from concom_desk.ui.main_window import MainWindow
from concom_desk.ui.window_memory import FILE_NAME, remember, remember_splitter, sensible_size
from tests.helpers.loading import loaded

DEMO_TODAY = date(2026, 12, 1)
# A 1366x768 laptop: what sensible_size gives the main window there (98% x 92% of it).
LAPTOP = QSize(1338, 706)


@pytest.fixture
def demo_db(tmp_path: Path) -> Iterator[Database]:
    path = tmp_path / "demo.sqlite"
    load_demo(path, "small", today=DEMO_TODAY)
    database = open_database(path, initials="JB")
    yield database
    database.close()


def open_window(qtbot: QtBot, db: Database) -> MainWindow:
    settings = load_settings(db)
    assert settings is not None
    window = MainWindow(db, db.path, settings, DEMO_TODAY)
    qtbot.addWidget(window)
    window.resize(LAPTOP)
    window.show()
    with qtbot.waitSignal(window.lists_loaded, timeout=20_000):
        window.reload()
    return window


def text_width(view: QTableView, text: str) -> int:
    """Width a cell needs to show `text` whole: the text and the item view's margins
    (QCommonStyle: the focus frame margin + 1 on each side)."""
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
    return view.fontMetrics().horizontalAdvance(text) + 2 * margin


def column(view: QTableView, title: str) -> int:
    model = view.model()
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    return titles.index(title)


def cut_cells(view: QTableView, title: str) -> list[str]:
    """The texts of a column that do not fit its width (every row, not a sample)."""
    col, model = column(view, title), view.model()
    width = view.columnWidth(col)
    texts = [model.index(row, col).data() or "" for row in range(model.rowCount())]
    return [text for text in texts if text_width(view, text) > width]


def test_today_shows_what_to_do_whole_at_1366(qtbot: QtBot, demo_db: Database) -> None:
    window = open_window(qtbot, demo_db)
    view = window.today_view.table
    assert view.model().rowCount() >= 5  # the demo's week ahead of Tue Dec 1, 2026
    for title in ("Due", "Days left", "Record", "Address", "What to do"):
        assert cut_cells(view, title) == [], title
    # The longest task of the week is there, whole:
    whats = [view.model().index(r, column(view, "What to do")).data()
             for r in range(view.model().rowCount())]
    assert ("Appeal notice to reach the Commission and Town Counsel (the town's 21 "
            "days)") in whats
    # Only the citation is held narrow, and its tooltip carries it whole.
    citation = column(view, "Citation")
    index = view.model().index(0, citation)
    assert index.data(Qt.ItemDataRole.ToolTipRole) == index.data()
    assert view.columnViewportPosition(citation) + view.columnWidth(citation) \
        <= view.viewport().width()  # nothing scrolls out of sight to the right


def test_filings_show_names_and_addresses_whole_at_1366(qtbot: QtBot,
                                                       demo_db: Database) -> None:
    window = open_window(qtbot, demo_db)
    window.tabs.setCurrentWidget(window.filings_tab)
    qtbot.waitUntil(lambda: window.filings_tab.columns_fitted)  # a column per turn
    view = window.filings_tab.table
    import sqlite3

    with sqlite3.connect(demo_db.path) as raw:  # every filing not voided is listed
        (filings,) = raw.execute("SELECT count(*) FROM filing WHERE status != 'void'").fetchone()
    assert view.model().rowCount() == filings > 80
    for title in ("Kind", "File no.", "DEP file no.", "Address", "Map/lot", "Applicant",
                  "Status", "Received", "Days left"):
        assert cut_cells(view, title) == [], title
    # The next deadline takes all the width left, its date always in sight; whatever
    # of its words is cut is whole in the tooltip.
    deadline = column(view, "Next deadline")
    assert view.columnViewportPosition(deadline) + view.columnWidth(deadline) \
        == view.viewport().width()
    assert view.columnWidth(deadline) >= text_width(view, "2026-12-10  Hold the public hearing")
    shown = [view.model().index(r, deadline) for r in range(view.model().rowCount())]
    assert all(index.data(Qt.ItemDataRole.ToolTipRole) for index in shown if index.data())


def test_at_150_percent_the_next_deadline_keeps_its_date_and_first_words(
        qtbot: QtBot, demo_db: Database) -> None:
    # The same laptop at 150 %: 892 x 470 for the window. The other columns, sized to
    # their texts, left Next deadline reading "2026-12-…" (a Bourne clerk's first walk);
    # the widest of them now give way, elided, none cut below ten characters.
    window = open_window(qtbot, demo_db)
    window.resize(LAPTOP * 2 / 3)
    # Fitted on the first read, while Today is in front (as the program opens), then
    # the Filings tab chosen: its width is known only then.
    qtbot.waitUntil(lambda: window.filings_tab.columns_fitted)
    view = window.filings_tab.table
    deadline = column(view, "Next deadline")
    window.tabs.setCurrentWidget(window.filings_tab)
    qtbot.waitUntil(lambda: view.columnWidth(deadline) >= text_width(
        view, "2026-12-10  Hold the public"))
    # How soon, and for which file, stay whole: names, addresses and statuses give way.
    for title in ("Kind", "File no.", "Received", "Days left"):
        assert cut_cells(view, title) == [], title
    ten = view.fontMetrics().averageCharWidth() * 10
    others = [c for c in range(view.model().columnCount()) if c != deadline]
    assert all(view.columnWidth(c) >= min(ten, text_width(view, view.model().headerData(
        c, Qt.Orientation.Horizontal))) for c in others)
    assert view.columnViewportPosition(deadline) + view.columnWidth(deadline) \
        <= view.viewport().width()


def test_a_window_reopens_at_the_size_it_was_left(qtbot: QtBot,
                                                  isolated_data_dir: Path) -> None:
    def make() -> tuple[QDialog, QSplitter]:
        dialog = QDialog()
        qtbot.addWidget(dialog)
        splitter = QSplitter()
        splitter.addWidget(QWidget())
        splitter.addWidget(QWidget())
        QVBoxLayout(dialog).addWidget(splitter)
        remember(dialog, "book-hearing", QSize(640, 420))
        remember_splitter(splitter, "book-hearing-split")
        return dialog, splitter

    first, split = make()
    first.show()
    qtbot.waitExposed(first)
    assert first.size() == QSize(640, 420)  # the first time: the size it asks for
    first.resize(760, 520)  # the offscreen test screen is 800 px wide
    split.moveSplitter(200, 1)
    moved = split.sizes()
    first.close()
    assert (isolated_data_dir / FILE_NAME).is_file()  # in the data folder, not the registry

    again, split_again = make()
    again.show()
    qtbot.waitExposed(again)
    assert again.size() == QSize(760, 520)
    assert split_again.sizes() == moved


def test_record_window_remembers_its_size(qtbot: QtBot, demo_db: Database) -> None:
    window = open_window(qtbot, demo_db)
    filing_id = window.filings_tab.shown_rows()[0].id
    record = window.open_filing(filing_id)
    qtbot.waitExposed(record)
    first_size = record.size()
    assert first_size.height() == sensible_size(record, 0.9, 0.85).height()
    record.resize(first_size.width(), first_size.height() - 100)
    left_at = record.size()
    record.close()
    reopened = window.open_filing(filing_id)
    qtbot.waitExposed(reopened)
    assert reopened is not record  # a new window, opened at the size the last was left
    assert reopened.size() == left_at != first_size


def test_the_first_filings_deadlines_show_whole_on_today(qtbot: QtBot, tmp_path: Path) -> None:
    """A new commission's Today has no rows; its first filing's deadlines come by the
    save's change set, and their dates and records show whole (the columns had been
    fitted to the headings alone: "2026…", "RDA 202…")."""
    from concom_desk.services.commission.settings import CommissionSettings, save_settings
    from concom_desk.services.filings.editing import save_filing
    from concom_desk.services.filings.form import FilingForm
    from concom_desk.ui.change_set import ChangeSet

    db = open_database(tmp_path / "new.sqlite", initials="RB")
    try:
        save_settings(db, CommissionSettings(
            town_id="shutesbury", name="Shutesbury Conservation Commission",
            address_lines=["Town Hall", "1 Cooleyville Road", "Shutesbury, MA 01072"],
            clerk_initials="RB"), today=DEMO_TODAY)
        window = open_window(qtbot, db)
        view = window.today_view.table
        assert view.model().rowCount() == 0
        filing_id = save_filing(db, FilingForm(
            kind="rda", file_no="2026-7", applicant="Dana Whitcomb", address="44 Leverett Road",
            map_lot="U-12", received=DEMO_TODAY))
        with qtbot.waitSignal(window.lists_loaded, timeout=20_000):
            window.announce(ChangeSet(frozenset({filing_id})))
        assert view.model().rowCount() >= 1
        for title in ("Due", "Days left", "Record", "Address"):
            assert cut_cells(view, title) == [], title
    finally:
        db.close()


def test_at_150_percent_the_case_list_keeps_which_case_and_what_it_owes(
        qtbot: QtBot, demo_db: Database) -> None:
    # Beside the case, the list had "EC-20…", "2026-…" and headers cut to "ged viola" on
    # a laptop at 150 %: what the case beside it repeats (the empty Ratification column,
    # the day opened, the violator) is put away first, the property and status give way,
    # and all come back when there is room.
    from concom_desk.ui.enforcement.enforcement_tab import (
        NEXT_DEADLINE_COLUMN,
        OPENED_COLUMN,
        RATIFICATION_COLUMN,
        VIOLATOR_COLUMN,
    )

    window = open_window(qtbot, demo_db)
    window.resize(LAPTOP * 2 / 3)
    window.tabs.setCurrentWidget(window.enforcement_tab)  # built when first chosen
    qtbot.waitUntil(lambda: hasattr(window.enforcement_tab, "table"))
    tab = window.enforcement_tab
    loaded(qtbot, tab)
    view = tab.table
    qtbot.waitUntil(lambda: view.isColumnHidden(OPENED_COLUMN))
    assert tab.model.rowCount() >= 2
    assert [view.isColumnHidden(c) for c in (RATIFICATION_COLUMN, OPENED_COLUMN,
                                             VIOLATOR_COLUMN)] == [True, True, True]
    assert cut_cells(view, "Case") == []
    first = tab.model.index(0, NEXT_DEADLINE_COLUMN).data()
    assert view.columnWidth(NEXT_DEADLINE_COLUMN) >= text_width(view, first[:26])
    assert view.horizontalHeader().length() <= view.viewport().width()

    window.resize(LAPTOP * 1.4)  # a wide screen: everything shown again
    qtbot.waitUntil(lambda: not view.isColumnHidden(OPENED_COLUMN))
    assert not view.isColumnHidden(VIOLATOR_COLUMN)
    for title in ("Case", "Opened", "Status"):
        assert cut_cells(view, title) == [], title


# A 1366 x 768 laptop at 150 %: 512 points of height, less Windows' taskbar (48 pixels).
LAPTOP_HEIGHT_AT_150 = (768 - 48) / 1.5


def test_a_record_with_all_its_tools_fits_a_laptop_at_150_percent(
        qtbot: QtBot, demo_db: Database) -> None:
    """An NOI's record (summary, status rows, and the Payments, Inspections, MassDEP
    copies and Abutters tabs) asked for 523 points of height: at 150 % its Close button was
    below the screen's edge (809 of 768 pixels). Its tools' tabs scroll instead."""
    import sqlite3
    from contextlib import closing

    window = open_window(qtbot, demo_db)
    with closing(sqlite3.connect(demo_db.path)) as conn:
        filing_id = conn.execute(
            "SELECT id FROM filing WHERE kind = 'noi' AND representative_id IS NOT NULL "
            "AND dep_file_no IS NOT NULL ORDER BY id DESC").fetchone()[0]
    record = window.open_filing(filing_id)
    qtbot.waitExposed(record)
    titles = [record.panels.tabText(i) for i in range(record.panels.count())]
    assert {"Pa&yments", "I&nspections", "&MassDEP copies", "&Abutters"} <= set(titles)
    assert record.minimumSizeHint().height() <= LAPTOP_HEIGHT_AT_150
