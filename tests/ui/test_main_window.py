"""The main window on a small database: Today, a record's deadlines, a refused status
change, creating and editing a filing. Dates worked out by hand (see each test)."""

from __future__ import annotations

import re
from datetime import date, timedelta

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from concom_desk.domain.plain_dates import weekday_date
from concom_desk.store import Database
from concom_desk.ui.main_window import MainWindow
from tests.helpers.loading import filled
from tests.ui.conftest import SETTINGS, TODAY, add_filing


def open_window(qtbot, db: Database) -> MainWindow:
    window = MainWindow(db, db.path, SETTINGS, TODAY)
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        window.reload()
    return window


def plain(rich_text: str) -> str:
    return re.sub("<[^>]+>", "", rich_text)


def filing_id(window: MainWindow, file_no: str) -> int:
    return next(r.id for r in window.filings_tab.model.rows() if r.file_no == file_no)


def test_title_and_tabs(qtbot, town_db: Database) -> None:
    window = open_window(qtbot, town_db)
    assert window.windowTitle() == "ConCom Desk — Upton Conservation Commission"
    assert [window.tabs.tabText(i).replace("&", "") for i in range(window.tabs.count())] == [
        "Today", "Filings", "Hearing calendar", "Enforcement"]
    # The sections are built when first shown, on the open database.
    from concom_desk.ui.calendar.calendar_tab import CalendarTab
    from concom_desk.ui.enforcement.enforcement_tab import EnforcementTab

    assert isinstance(window.show_section("Hearing calendar"), CalendarTab)
    assert window.tabs.tabText(2).replace("&", "") == "Hearing calendar"
    assert isinstance(window.show_section("Enforcement"), EnforcementTab)
    window.tabs.setCurrentWidget(window.filings_tab)
    # Void filings are hidden; the withdrawn one is listed.
    assert window.filings_tab.count_label.text() == "4 filings"


def test_a_day_set_is_said_at_the_window_s_foot(qtbot, town_db: Database, program_clock: date,
                                                monkeypatch) -> None:
    """Whatever is saved is dated by the day set: the window says it is set."""
    window = open_window(qtbot, town_db)
    assert window.day_set_line is not None and window.day_set_line.text() == (
        f"Counting from {weekday_date(program_clock)} (CONCOM_DESK_TODAY)")
    assert window.day_set_line.isVisible()
    monkeypatch.delenv("CONCOM_DESK_TODAY")
    plain_window = open_window(qtbot, town_db)
    assert plain_window.day_set_line is None


def test_today_lists_what_is_due_this_week(qtbot, town_db: Database) -> None:
    window = open_window(qtbot, town_db)
    shown = window.today_view.shown_items()
    lines = [(i.due, i.file_no, i.what.split(" (")[0]) for i in shown]
    expected = [
        # NOI received Thu 11-05: abutters notified "at the same time as filing" — overdue.
        (date(2026, 11, 5), "2026-41", "Notify abutters", "MGL c.131 §40 ¶1"),
        # RDA closed Wed 10-28 + 21 days = Wed 11-18 (310 CMR 10.05(3)(b)).
        (date(2026, 11, 18), "2026-40", "Issue the determination", "310 CMR 10.05(3)(b)"),
        # No hearing booked: 5 business days before the latest lawful hearing date
        # (Fri 11-27, as Thu 11-26 is Thanksgiving): Wed 25, Tue 24, Mon 23, Fri 20, Thu 19.
        (date(2026, 11, 19), "2026-41", "Publish the legal notice", "310 CMR 10.05(5)(b)"),
        # Not listed: permit 2023-7, issued Tue 2023-11-21, whose three years end Sat
        # 2026-11-21, was in effect in 2023-2024, so it runs two more years, to
        # 2028-11-21 (St. 2024 c.238 §280).
    ]
    assert lines == [line[:3] for line in expected]
    for item, (*_line, cited) in zip(shown, expected, strict=True):
        assert cited in item.citation
    table = window.today_view.table
    assert table.model().index(0, 1).data() == "OVERDUE by 11 days"
    assert table.model().index(1, 1).data() == "in 2 days"
    heading = plain(window.today_view.heading.text())
    assert heading.startswith("Today is Monday, November 16, 2026. 3 deadlines up to Monday, "
                              "November 23, 2026, 1 of them overdue.")


def test_today_row_opens_its_record(qtbot, town_db: Database) -> None:
    window = open_window(qtbot, town_db)
    table = window.today_view.table
    table.setFocus()
    table.setCurrentIndex(table.model().index(1, 0))
    qtbot.keyClick(table, Qt.Key.Key_Return)
    # Read off the window's thread, then shown.
    records = window.filing_windows.records
    qtbot.waitUntil(lambda: filing_id(window, "2026-40") in records)
    record = records[filing_id(window, "2026-40")]
    assert record.isVisible()
    assert "RDA 2026-40" in record.windowTitle()


def test_deadline_panel_for_a_noi_received_before_thanksgiving(qtbot, town_db: Database
                                                               ) -> None:
    window = open_window(qtbot, town_db)
    record = window.open_filing(filing_id(window, "2026-41"))
    shown = record.deadline_lines()
    lines = [(when, left, what.split(" (")[0]) for when, left, what, _cited in shown]
    expected = [  # in date order, as the clerk reads down the panel
        ("2026-11-05 Thu", "OVERDUE by 11 days", "Notify abutters", "MGL c.131 §40 ¶1"),
        ("2026-11-19 Thu", "in 3 days", "Publish the legal notice", "310 CMR 10.05(5)(b)"),
        # 21 days after Thu 2026-11-05 is Thu 11-26, Thanksgiving → Fri 11-27.
        ("2026-11-27 Fri", "in 11 days", "Open the public hearing", "310 CMR 10.05(5)(a)"),
    ]
    assert lines == [line[:3] for line in expected]
    for (*_line, cited), (*_want, citation) in zip(shown, expected, strict=True):
        assert citation in cited


def test_refused_status_change_shows_the_reason(qtbot, town_db: Database) -> None:
    window = open_window(qtbot, town_db)
    record = window.open_filing(filing_id(window, "2026-41"))
    record.new_status.setCurrentIndex(record.new_status.findData("issued"))
    record.change_button.click()
    assert plain(record.status_reason.text()) == (
        "Not allowed: The hearing has not been closed; the commission cannot decide before "
        "the public hearing is closed.")
    record.reload()
    assert record.detail.row.status == "received"
    assert "Received" in record.status_label.text()


def test_lawful_status_change_is_recorded_in_history(qtbot, town_db: Database) -> None:
    window = open_window(qtbot, town_db)
    record = window.open_filing(filing_id(window, "2026-41"))
    record.new_status.setCurrentIndex(record.new_status.findData("hearing"))
    record.status_date.setText("2026-11-12")
    assert record.status_reason.text() == ""
    record.change_button.click()  # written behind the window, the record read again
    qtbot.waitUntil(lambda: "Hearing open" in record.status_label.text(), timeout=10_000)
    last = record.history.rows()[-1]
    assert "status: Received → Hearing open" in last.what
    assert "hearing: — → 2026-11-12" in last.what
    assert last.who == "JB"
    # Hearing held: the legal notice and abutter clocks are met, off the Today list (read
    # again once the record told the window).
    qtbot.waitUntil(lambda: [i.file_no for i in window.today_view.shown_items()]
                    == ["2026-40"], timeout=10_000)


def test_create_a_filing(qtbot, town_db: Database) -> None:
    window = open_window(qtbot, town_db)
    dialog = window.new_filing()
    assert not dialog.save_button.isEnabled()
    # The next number in the commission's pattern is offered; without one, it is asked for.
    assert dialog.file_no.text()
    dialog.file_no.clear()
    assert "Local file number" in dialog.problems.text()
    qtbot.keyClicks(dialog.file_no, "2026-42")
    qtbot.keyClicks(dialog.parties_tab.applicant, "Jane")
    # The parties and properties on file are read behind the open form.
    qtbot.waitUntil(lambda: dialog.choices_read)
    assert "Jane Doe" in dialog.parties_tab.applicant.completer().model().stringList()
    # Picking an applicant already on file fills in her address.
    dialog.parties_tab.applicant.completer().activated.emit("Jane Doe")
    dialog.parties_tab.applicant.setText("Jane Doe")
    assert [box.text() for box in dialog.parties_tab.applicant_mail.boxes()] == [
        "12 Pond Road", "", "Upton", "MA", "01568"]
    qtbot.keyClicks(dialog.address, "12 Pond Road")
    dialog.address.completer().activated.emit("12 Pond Road")
    assert dialog.map_lot.text() == "14-22"
    dialog.dates["received"].setText("11/13/2026")
    dialog.dates["hearing"].setText("2026-11-12")
    assert not dialog.save_button.isEnabled()
    assert ("Hearing opened (2026-11-12) cannot come before received (2026-11-13)"
            in dialog.problems.text())
    dialog.dates["hearing"].clear()
    assert dialog.save_button.isEnabled()
    assert dialog.problems.text() == "Ready to save."
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    row = next(r for r in window.filings_tab.model.rows() if r.file_no == "2026-42")
    assert (row.kind, row.address, row.map_lot, row.applicant, row.status, row.received) == (
        "noi", "12 Pond Road", "14-22", "Jane Doe", "received", date(2026, 11, 13))


def test_a_taken_file_number_is_refused_in_plain_words(qtbot, town_db: Database) -> None:
    window = open_window(qtbot, town_db)
    dialog = window.new_filing()
    dialog.file_no.setText("2026-41")
    dialog.parties_tab.applicant.setText("Someone Else")
    dialog.address.setText("1 Main Street")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(lambda: not dialog.saving)  # written off the window's thread
    assert "file number 2026-41 is already used" in dialog.problems.text()
    assert dialog.isVisible()


def test_edit_a_filing(qtbot, town_db: Database) -> None:
    window = open_window(qtbot, town_db)
    dialog = filled(qtbot, window.edit_filing(filing_id(window, "2026-40")))
    assert not dialog.kind.isEnabled()
    assert dialog.parties_tab.owner.text() == "Mill Trust"
    dialog.dep_file_no.setText("se 082-1299")
    dialog.work.setPlainText("Replace a culvert")
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    row = next(r for r in window.filings_tab.model.rows() if r.file_no == "2026-40")
    assert row.dep_file_no == "SE 082-1299"
    record = window.open_filing(row.id)
    assert "DEP file no.: — → SE 082-1299" in record.history.rows()[-1].what


def test_ctrl_f_focuses_search_and_ctrl_n_opens_the_form(qtbot, town_db: Database) -> None:
    window = open_window(qtbot, town_db)
    window.activateWindow()
    window.find_action.trigger()
    assert window.tabs.currentWidget() is window.filings_tab
    assert window.filings_tab.search.hasFocus() or qtbot.waitUntil(
        lambda: window.filings_tab.search.hasFocus()) is None
    assert window.new_action.shortcut().toString() == "Ctrl+N"
    assert window.find_action.shortcut().toString() == "Ctrl+F"


def test_long_overdue_records_are_counted_not_listed(qtbot, town_db: Database) -> None:
    # Received Mon 2026-06-01 and never heard: the hearing (06-22), legal notice (06-12,
    # counted back over Juneteenth) and abutter notice (06-01) are all over 60 days late.
    add_filing(town_db, kind="noi", file_no="2026-12", applicant="Carl Reyes",
               address="9 Lake Avenue", received=date(2026, 6, 1))
    window = open_window(qtbot, town_db)
    assert "2026-12" not in [i.file_no for i in window.today_view.shown_items()]
    assert "3 more deadlines passed over 60 days ago" in plain(
        window.today_view.heading.text())
    row = next(r for r in window.filings_tab.model.rows() if r.file_no == "2026-12")
    assert (row.next_deadline, row.next_deadline_label.split(" (")[0]) == (
        date(2026, 6, 1), "Notify abutters")


def test_deadline_panel_for_an_upton_noi_received_before_thanksgiving(qtbot, tmp_path) -> None:
    """Upton ch. 330, NOI received Thu 2026-11-05, nothing done yet; today Mon 11-16.

    § 330-10B abutters and § 330-10C boards are told "at the same time" / "upon receipt":
    Thu 11-05, now 11 days overdue. § 330-10C: 14 days (over 10: calendar days) from
    receipt of the boards' notice, Thu 11-19. § 330-10D: hearing within 21 days, Thu 11-26
    is Thanksgiving → Fri 11-27; notice five business days before: back over Thanksgiving,
    Wed 25, Tue 24, Mon 23, Fri 20, Thu 19.
    """
    from dataclasses import replace

    from concom_desk.services.commission.settings import save_settings
    from concom_desk.store import open_database

    upton = open_database(tmp_path / "upton.sqlite", initials="JB")
    try:
        save_settings(upton, replace(SETTINGS, town_id="upton"), today=TODAY)
        add_filing(upton, kind="noi", file_no="2026-50", applicant="Dana Lee",
                   address="22 Warren Street", received=date(2026, 11, 5))
        window = open_window(qtbot, upton)
        record = window.open_filing(filing_id(window, "2026-50"))
        assert "Upton" in record.summary.text()
        lines = sorted((when, left, cited.split(":")[0])
                       for when, left, _what, cited in record.deadline_lines())
        # Under both laws (the default), the Act's beside them: abutters told with the
        # filing (310 CMR 10.05(4)(a)), the hearing within 21 days (10.05(5)(a)), its
        # notice five business days before (10.05(5)(b)): the same days.
        assert lines == [
            ("2026-11-05 Thu", "OVERDUE by 11 days", "MGL c.131 §40 ¶1; 310 CMR 10.05(4)(a)"),
            ("2026-11-05 Thu", "OVERDUE by 11 days", "Upton ch. 330, § 330-10B"),
            ("2026-11-05 Thu", "OVERDUE by 11 days", "Upton ch. 330, § 330-10C"),
            ("2026-11-19 Thu", "in 3 days", "MGL c.131 §40; 310 CMR 10.05(5)(b)"),
            ("2026-11-19 Thu", "in 3 days", "Upton ch. 330, § 330-10C"),
            ("2026-11-19 Thu", "in 3 days", "Upton ch. 330, § 330-10D"),
            ("2026-11-27 Fri", "in 11 days", "MGL c.131 §40 ¶3; 310 CMR 10.05(5)(a)"),
            ("2026-11-27 Fri", "in 11 days", "Upton ch. 330, § 330-10D"),
        ]
        window.close()
    finally:
        upton.close()


def test_enter_in_the_date_field_does_not_change_the_status(qtbot, town_db: Database) -> None:
    window = open_window(qtbot, town_db)
    record = window.open_filing(filing_id(window, "2026-41"))
    record.new_status.setCurrentIndex(record.new_status.findData("withdrawn"))
    record.status_date.setFocus()
    qtbot.keyClick(record.status_date, Qt.Key.Key_Return)
    record.reload()
    assert record.detail.row.status == "received"


def test_every_input_has_an_accessible_name(qtbot, town_db: Database) -> None:
    from PySide6.QtWidgets import (
        QAbstractItemView,
        QAbstractSpinBox,
        QComboBox,
        QHeaderView,
        QLineEdit,
        QPlainTextEdit,
    )

    window = open_window(qtbot, town_db)
    record = window.open_filing(filing_id(window, "2026-41"))
    form = window.new_filing()
    window.edit_settings()
    owned = {window, record, form, *window.findChildren(QDialog)}
    unnamed = set()
    for kind in (QLineEdit, QComboBox, QPlainTextEdit, QAbstractItemView):
        for widget in window.findChildren(kind):
            # The line edit inside a combo box or a date field: the outer widget is named.
            inside_combo = isinstance(widget.parent(), QComboBox | QAbstractSpinBox)
            if (widget.accessibleName() or inside_combo or isinstance(widget, QHeaderView)
                    or widget.window() not in owned):  # drop-down lists of combo boxes
                continue
            unnamed.add(f"{type(widget.window()).__name__}: {type(widget).__name__}")
    assert not unnamed, "\n".join(sorted(unnamed))


def test_the_real_calendar_tab_replaces_its_placeholder(qtbot, town_db: Database) -> None:
    from PySide6.QtWidgets import QLabel

    window = open_window(qtbot, town_db)
    calendar = QLabel("calendar")
    window.replace_placeholder("Hearing calendar", calendar)
    assert window.tabs.widget(2) is calendar
    assert window.tabs.tabText(2) == "Hearing &calendar"
    assert window.calendar_tab is calendar


def test_the_status_date_is_shown_whole_in_a_record_of_its_usual_size(qtbot, town_db: Database
                                                                      ) -> None:
    # With "Make a document…" and "Edit…" on the same row, the date field was squeezed to
    # "…-16": the clerk could not read which day the change would be recorded on.
    window = open_window(qtbot, town_db)
    record = window.open_filing(filing_id(window, "2026-41"))
    qtbot.waitExposed(record)
    field = record.status_date
    text_width = field.fontMetrics().horizontalAdvance("2026-11-16")
    assert field.text() == "2026-11-16"
    assert field.width() > text_width


def test_resource_areas_are_entered_on_the_form_and_reach_the_documents(qtbot, town_db: Database
                                                                        ) -> None:
    # The legal notice, abutter letter and permit say "within {resource areas}": ticked
    # on the form's list (codes, with an amount), they reach the documents by name.
    from concom_desk.services.documents.context import filing_by_number, filing_fields

    window = open_window(qtbot, town_db)
    dialog = filled(qtbot, window.edit_filing(filing_id(window, "2026-41")))
    dialog.areas_tab.tick("bvw", "1,200")
    dialog.areas_tab.tick("buffer_zone")
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    again = filled(qtbot, window.edit_filing(filing_id(window, "2026-41")))
    assert [(a.code, a.amount) for a in again.areas_tab.areas()] == [("bvw", 1200.0),
                                                                     ("buffer_zone", None)]
    again.reject()
    with town_db.read_session() as session:
        fields = filing_fields(filing_by_number(session, "2026-41"))
    # Documents print the areas joined for a sentence ("A and B").
    assert fields["resource_areas"] == "Bordering Vegetated Wetland and Buffer Zone"


def test_a_window_left_open_overnight_counts_from_the_new_day(
        qtbot, town_db: Database, monkeypatch) -> None:
    """The clerk leaves the window open on Monday evening; on Tuesday morning Today and
    the Filings tab's days left count from Tuesday (they said Monday's)."""
    monkeypatch.setenv("CONCOM_DESK_TODAY", TODAY.isoformat())
    window = MainWindow(town_db, town_db.path, SETTINGS)  # the program's own day
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        window.reload()
    assert window.today_view.heading.text().startswith("Today is Monday, November 16, 2026.")
    days_left = column(window.filings_tab, "Days left")
    before = {r.file_no: window.filings_tab.model.index(n, days_left).data()
              for n, r in enumerate(window.filings_tab.model.rows())}
    assert window.follow_the_clock() is False  # the same day: nothing read

    tuesday = TODAY + timedelta(days=1)
    monkeypatch.setenv("CONCOM_DESK_TODAY", tuesday.isoformat())
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        assert window.follow_the_clock() is True
    assert window.today == tuesday
    assert window.today_view.heading.text().startswith("Today is Tuesday, November 17, 2026.")
    after = {r.file_no: window.filings_tab.model.index(n, days_left).data()
             for n, r in enumerate(window.filings_tab.model.rows())}
    assert after != before and set(after) == set(before)


def test_a_day_handed_to_the_window_is_kept(qtbot, town_db: Database, monkeypatch) -> None:
    window = open_window(qtbot, town_db)  # handed TODAY, as a test or a bench does
    monkeypatch.setenv("CONCOM_DESK_TODAY", (TODAY + timedelta(days=1)).isoformat())
    assert window.follow_the_clock() is False and window.today == TODAY


def column(tab, title: str) -> int:  # noqa: ANN001
    model = tab.model
    return next(c for c in range(model.columnCount())
                if model.headerData(c, Qt.Orientation.Horizontal) == title)


def test_a_just_received_records_window_fits_a_laptop_at_150_percent(
        qtbot, town_db: Database) -> None:
    """A record with no abutters yet and every status still to choose: the Abutters
    tab's line of what is owed and the longest choice ("… (not allowed now)") widened
    it past the 911 points a 1366 x 768 laptop at 150 % shows, cutting off Void and
    Close."""
    window = open_window(qtbot, town_db)
    record = window.open_filing(filing_id(window, "2026-40"))
    laptop_at_150 = 1366 * 2 // 3
    assert record.minimumSizeHint().width() <= laptop_at_150
    # The list that drops down still shows each choice whole.
    view = record.new_status.view()
    texts = [record.new_status.itemText(i) for i in range(record.new_status.count())]
    assert any("(not allowed now)" in text for text in texts)
    assert view.minimumWidth() >= max(view.fontMetrics().horizontalAdvance(t) for t in texts)
