"""The filing form's "Plans & WPA fee" tab and a joint filing's "MassDEP copies" tab,
in the real window: the fee split as typed (310 CMR 4.00; the NOI Wetland Fee
Transmittal Form: the state's share is half the fee above $25), the plans saved and
shown again, a bad date refused, a copy to MassDEP recorded."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from concom_desk.services.commission.settings import save_settings
from concom_desk.services.documents.register import save_filing_document
from concom_desk.store import Database, open_database
from concom_desk.ui.filings.dep_copies_panel import DepCopiesPanel
from concom_desk.ui.main_window import MainWindow
from tests.helpers.clock import TEST_TODAY
from tests.helpers.loading import filled, loaded
from tests.ui.conftest import SETTINGS, TODAY, add_filing

UPTON = replace(SETTINGS, town_id="upton")


@pytest.fixture
def upton(tmp_path: Path) -> Database:
    database = open_database(tmp_path / "commission.sqlite", initials="JB")
    save_settings(database, UPTON, today=TODAY)
    add_filing(database, kind="noi", file_no="2026-41", applicant="Jane Doe",
               applicant_address="12 Pond Road, Upton, MA 01568", address="12 Pond Road",
               map_lot="14-22", received=TODAY)
    yield database
    database.close()


def open_window(qtbot, db: Database) -> MainWindow:
    window = MainWindow(db, db.path, UPTON, TODAY)
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        window.reload()
    return window


def the_filing(window: MainWindow) -> int:
    return next(r.id for r in window.filings_tab.model.rows() if r.file_no == "2026-41")


def test_the_fee_is_split_as_typed_and_the_plans_are_kept(qtbot, upton: Database) -> None:
    window = open_window(qtbot, upton)
    dialog = filled(qtbot, window.edit_filing(the_filing(window)))
    tab = dialog.wpa_tab
    assert "No fee under the Act recorded" in tab.split.text()
    qtbot.keyClicks(tab.wpa_fee, "500")
    # ($500 − $25) ÷ 2 = $237.50 to the state; $262.50 stays with the town.
    assert tab.split.text().startswith("State share $237.50 · town share $262.50")
    qtbot.keyClicks(tab.plan_title, "Site Plan, 12 Pond Road")
    qtbot.keyClicks(tab.plan_prepared_by, "Blackstone Valley Engineering")
    qtbot.keyClicks(tab.plan_revised, "5/20/2026")
    qtbot.keyClicks(tab.plan_dated, "2026-06-01")
    assert not dialog.save_button.isEnabled()
    assert "is before the plan's own date" in dialog.problems.text()
    tab.plan_dated.clear()
    qtbot.keyClicks(tab.plan_dated, "2026-05-01")
    qtbot.keyClicks(tab.plan_scale, "1 in. = 20 ft")
    assert dialog.save_button.isEnabled(), dialog.problems.text()
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()

    again = filled(qtbot, window.edit_filing(the_filing(window))).wpa_tab
    assert [line.text() for line in again.lines()] == [
        "Site Plan, 12 Pond Road", "Blackstone Valley Engineering", "", "2026-05-01",
        "2026-05-20", "1 in. = 20 ft", "500.00"]


def test_a_bad_fee_is_named_and_not_saved(qtbot, upton: Database) -> None:
    window = open_window(qtbot, upton)
    dialog = filled(qtbot, window.edit_filing(the_filing(window)))
    qtbot.keyClicks(dialog.wpa_tab.wpa_fee, "five hundred")
    assert "Fee under the Act: 'five hundred' is not an amount" in dialog.problems.text()
    assert not dialog.save_button.isEnabled()


def test_a_joint_filing_records_its_copy_to_massdep(qtbot, upton: Database) -> None:
    window = open_window(qtbot, upton)
    dialog = filled(qtbot, window.edit_filing(the_filing(window)))
    dialog.laws.setCurrentIndex(dialog.laws.findData("bylaw"))
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    record = window.open_filing(the_filing(window))
    tabs = [record.panels.tabText(i) for i in range(record.panels.count())]
    assert "&MassDEP copies" not in tabs  # under the bylaw only: nothing goes to MassDEP
    record.close()

    dialog = filled(qtbot, window.edit_filing(the_filing(window)))
    dialog.laws.setCurrentIndex(dialog.laws.findData("both"))
    qtbot.keyClicks(dialog.dep_file_no, "SE 316-0500")
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    made = save_filing_document(upton, "2026-41", "form-5-order-of-conditions", TODAY)
    assert made.draft  # no hearing, no vote yet
    record = window.open_filing(the_filing(window))
    panel = record.findChild(DepCopiesPanel)
    assert panel is not None
    loaded(qtbot, panel)  # (its copies are read behind the window)
    assert panel.copies.rowCount() == 0  # a DRAFT is not sent to MassDEP
    assert "No WPA form has been made" in panel.message.text()


def test_the_panel_records_the_day_the_copy_went(qtbot, tmp_path: Path) -> None:
    from concom_desk.services.documents.context import filing_by_number
    from tests.helpers.record_fixtures import make_record

    db = make_record(tmp_path / "record")
    try:
        assert not save_filing_document(db, "2026-014", "form-5-order-of-conditions").draft
        with db.read_session() as session:
            filing_id = filing_by_number(session, "2026-014").id
        day = TEST_TODAY  # the register stamps the form with the day it is made
        panel = loaded(qtbot, DepCopiesPanel(db, filing_id, day))
        qtbot.addWidget(panel)
        assert [panel.copies.index(0, c).data() for c in range(3)] == [
            day.isoformat(), "WPA Form 5 – Order of Conditions", "not yet sent"]
        panel.sent_on.setText("2020-01-01")
        panel.record_button.click()  # written behind the window: "Saving…", then its word
        assert (panel.message.text(), panel.record_button.isEnabled()) == ("Saving…", False)
        qtbot.waitUntil(lambda: "before the form was made" in panel.message.text())
        assert panel.record_button.isEnabled()
        panel.sent_on.setText(day.isoformat())
        with qtbot.waitSignal(panel.changed):
            panel.record_button.click()
        assert panel.copies.index(0, 2).data() == f"sent {day.isoformat()}"
        assert "went to MassDEP on" in panel.message.text()
    finally:
        db.close()


def test_the_document_maker_offers_the_interests_for_form_5(qtbot, tmp_path: Path) -> None:
    from concom_desk.ui.filings.document_maker import DocumentMakerDialog
    from tests.helpers.record_fixtures import make_record

    db = make_record(tmp_path / "record")
    try:
        dialog = DocumentMakerDialog(db, "2026-014", "noi", date(2026, 8, 5))
        qtbot.addWidget(dialog)
        assert dialog.template.currentData() == "form-5-order-of-conditions"
        assert "no interests of the Act named" in dialog.draft_note.text()
        flood = next(b for b in dialog.interests.boxes if b.text() == "Flood Control")
        flood.setChecked(True)
        assert "no interests of the Act named" not in dialog.draft_note.text()
        assert "no plan title recorded" in dialog.draft_note.text()
        dialog.template.setCurrentIndex(dialog.template.findData("permit"))
        assert dialog.draft_note.text() == ""  # the bylaw's permit: nothing left blank
    finally:
        db.close()


def test_a_fee_beyond_any_filing_is_refused_in_one_line(qtbot, upton: Database) -> None:
    # $30,000,000 for a fee whose largest line is a few thousand: a slip of the keyboard,
    # refused as the filing fee and the bond are, the form kept open and nothing saved.
    window = open_window(qtbot, upton)
    dialog = filled(qtbot, window.edit_filing(the_filing(window)))
    qtbot.keyClicks(dialog.wpa_tab.wpa_fee, "30000000")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(lambda: not dialog.saving)  # written off the window's thread
    assert dialog.problems.text() == (
        "• the fee under the Act $30,000,000.00 is more than the program accepts "
        "($10,000,000); check the figure")
    assert dialog.isVisible()
    assert filled(qtbot, window.edit_filing(the_filing(window))).wpa_tab.wpa_fee.text() == ""
