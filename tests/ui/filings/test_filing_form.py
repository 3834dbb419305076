"""The filing form's whole record in the real window: typed on its tabs,
saved, shown in the record's summary and back in the form when it is opened
again; the boards-notified date takes the "send to the boards" row off Today.

Upton NOI received Mon 2026-11-09, window's day Mon 2026-11-16 (worked by hand):
board_notice_by = received + 0 days = 2026-11-09, OVERDUE by 7 days
(Upton ch. 330, § 330-10C: "upon receipt of an application").
"""

from __future__ import annotations

import threading
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialogButtonBox
from shiboken6 import isValid

from concom_desk.services.commission.settings import save_settings
from concom_desk.services.filings.form import MailingAddress
from concom_desk.store import Database, open_database
from concom_desk.ui.filings.filing_form import FilingFormDialog
from concom_desk.ui.main_window import MainWindow
from tests.helpers.loading import filled
from tests.ui.conftest import SETTINGS, TODAY, add_filing

UPTON = replace(SETTINGS, town_id="upton")
SEND_TO_BOARDS = ("Send the digital notice to the Planning Board, Board of Health and "
                  "Building Inspector")


@pytest.fixture
def upton(tmp_path: Path) -> Database:
    database = open_database(tmp_path / "commission.sqlite", initials="JB")
    save_settings(database, UPTON, today=TODAY)
    add_filing(database, kind="noi", file_no="2026-41", applicant="Jane Doe",
               applicant_address="12 Pond Road, Upton, MA 01568", address="12 Pond Road",
               map_lot="14-22", received=date(2026, 11, 9))
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


def save(qtbot, window: MainWindow, dialog: FilingFormDialog) -> None:
    assert dialog.save_button.isEnabled(), dialog.problems.text()
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()


def fill_the_record(qtbot, dialog: FilingFormDialog) -> None:
    qtbot.keyClicks(dialog.dates["boards_notified"], "11/10/2026")
    owner = dialog.parties_tab.owner_mail
    qtbot.keyClicks(dialog.parties_tab.owner, "Doe Family Trust")
    for box, text in ((owner.street, "PO Box 77"), (owner.city, "Naples"), (owner.zip, "34102")):
        qtbot.keyClicks(box, text)
    owner.state.setText("FL")
    qtbot.keyClicks(dialog.parties_tab.representative, "David Ellis, P.E.")
    qtbot.keyClicks(dialog.parties_tab.representative_company, "Blackstone Valley Engineering")
    rep = dialog.parties_tab.representative_mail
    for box, text in ((rep.street, "40 Mill Road"), (rep.city, "Grafton"), (rep.zip, "01519")):
        qtbot.keyClicks(box, text)
    qtbot.keyClicks(dialog.parties_tab.representative_phone, "508-555-0190")
    qtbot.keyClicks(dialog.amounts["fee_cents"], "1,250")
    qtbot.keyClicks(dialog.dates["fee_paid_on"], "2026-11-09")
    qtbot.keyClicks(dialog.consultant, "Goddard Consulting")
    qtbot.keyClicks(dialog.amounts["consultant_fee_cents"], "2000")
    qtbot.keyClicks(dialog.amounts["bond_cents"], "5000")
    qtbot.keyClicks(dialog.bond_form, "passbook")
    qtbot.keyClicks(dialog.dates["bond_posted_on"], "2026-11-13")
    qtbot.keyClicks(dialog.recorded_book, "66012")
    qtbot.keyClicks(dialog.recorded_page, "245")
    qtbot.keyClicks(dialog.dates["recorded"], "2026-11-13")
    qtbot.keyClicks(dialog.notes, "Asked for the hearing after Thanksgiving.")


def test_the_form_fits_a_town_hall_laptop_on_seven_tabs(qtbot, upton: Database) -> None:
    window = open_window(qtbot, upton)
    dialog = window.new_filing()
    assert [dialog.tabs.tabText(i).replace("&&", "+").replace("&", "")
            for i in range(dialog.tabs.count())] == [
        "Filing", "Areas + flood zones", "Parties", "Fees + bond", "Recording",
        "Plans + WPA fee", "Notes"]
    size = dialog.sizeHint()
    assert size.width() <= 1366 and size.height() <= 700  # title bar and taskbar fit too
    dialog.reject()


def test_fill_save_and_reopen_the_whole_record(qtbot, upton: Database) -> None:
    window = open_window(qtbot, upton)
    filing_id = the_filing(window)
    dialog = filled(qtbot, window.edit_filing(filing_id))
    # The applicant's address shows in its parts, as the store keeps it.
    assert [b.text() for b in dialog.parties_tab.applicant_mail.boxes()] == [
        "12 Pond Road", "", "Upton", "MA", "01568"]
    fill_the_record(qtbot, dialog)
    save(qtbot, window, dialog)

    record = window.open_filing(filing_id)
    summary = record.summary.text().splitlines()
    assert summary[3:] == [
        "Under the Wetlands Protection Act (MGL c.131 §40) and the Upton wetlands bylaw",
        # resources/regulations.toml: received after 2014-10-24, before any Resilience day.
        "Regulations in force: 310 CMR 10.00 as amended in 2014 (effective 2014-10-24); "
        "proposed, not in force: Wetlands Resilience amendments to 310 CMR 10.00",
        "Representative: David Ellis, P.E. · Blackstone Valley Engineering · "
        "40 Mill Road, Grafton, MA 01519 · 508-555-0190",
        "Boards notified: 2026-11-10",
        "Filing fee: $1,250.00, paid 2026-11-09",
        "Consultant fee (MGL c.44 §53G): $2,000.00 to Goddard Consulting, not paid yet",
        "Bond: $5,000.00 passbook, posted 2026-11-13, not released",
        "Recorded: 2026-11-13, Book 66012, Page 245",
        "Notes: Asked for the hearing after Thanksgiving.",
    ]

    again = filled(qtbot, window.edit_filing(filing_id))
    assert again.dates["boards_notified"].text() == "2026-11-10"
    parties = again.parties_tab
    assert [b.text() for b in parties.owner_mail.boxes()] == ["PO Box 77", "", "Naples", "FL",
                                                              "34102"]
    assert (parties.representative.text(), parties.representative_company.text(),
            parties.representative_phone.text()) == (
        "David Ellis, P.E.", "Blackstone Valley Engineering", "508-555-0190")
    assert [again.amounts[n].text() for n in ("fee_cents", "consultant_fee_cents",
                                              "bond_cents")] == ["1,250.00", "2,000.00",
                                                                 "5,000.00"]
    assert (again.dates["fee_paid_on"].text(), again.bond_form.text(),
            again.recorded_book.text(), again.recorded_page.text(),
            again.dates["recorded"].text()) == (
        "2026-11-09", "passbook", "66012", "245", "2026-11-13")
    assert again.notes.toPlainText() == "Asked for the hearing after Thanksgiving."
    assert again.problems.text() == "Ready to save."
    again.reject()


def test_the_save_is_written_off_the_window_thread_and_its_record_follows(
        qtbot, upton: Database, monkeypatch) -> None:
    # The write waits for the disk to confirm it (the window froze for it): it runs on a
    # worker while the form waits, its buttons off; the open record is read again after.
    import threading

    from concom_desk.services.filings import editing

    written_on: list[threading.Thread] = []
    real_save = editing.save_filing

    def save_filing(db, form):  # type: ignore[no-untyped-def]
        written_on.append(threading.current_thread())
        return real_save(db, form)

    monkeypatch.setattr(editing, "save_filing", save_filing)
    window = open_window(qtbot, upton)
    filing_id = the_filing(window)
    record = window.open_filing(filing_id)
    dialog = filled(qtbot, window.edit_filing(filing_id))
    dialog.notes.setPlainText("Applicant called Monday.")
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        dialog.save_button.click()
        # Until the write returns: "Saving…", no second Save, and Esc does not close it.
        assert dialog.saving and dialog.problems.text() == "Saving…"
        assert not dialog.save_button.isEnabled() and not dialog.buttons.isEnabled()
        dialog.reject()
        assert dialog.isVisible()
    assert written_on and written_on[0] is not threading.main_thread()
    assert not isValid(dialog) or not dialog.isVisible()  # saved: the form closed
    qtbot.waitUntil(lambda: "Notes: Applicant called Monday." in record.summary.text())


def test_boards_notified_takes_the_clock_off_today_and_the_record(qtbot, upton: Database
                                                                  ) -> None:
    window = open_window(qtbot, upton)
    filing_id = the_filing(window)
    assert (date(2026, 11, 9), "2026-41", SEND_TO_BOARDS) in [
        (i.due, i.file_no, i.what) for i in window.today_view.shown_items()]
    record = window.open_filing(filing_id)
    # Under both laws (the default), the record labels each clock with whose it is.
    board = next(line for line in record.deadline_lines()
                 if line[2] == f"Upton: {SEND_TO_BOARDS}")
    assert board[:2] == ("2026-11-09 Mon", "OVERDUE by 7 days")

    dialog = filled(qtbot, window.edit_filing(filing_id))
    qtbot.keyClicks(dialog.dates["boards_notified"], "11/10/2026")
    save(qtbot, window, dialog)
    assert SEND_TO_BOARDS not in [i.what for i in window.today_view.shown_items()]

    def board_done() -> bool:  # the open record is read again behind the window
        board = next(line for line in record.deadline_lines()
                     if line[2] == f"Upton: {SEND_TO_BOARDS}")
        return board[:2] == ("2026-11-09 Mon", "done")

    qtbot.waitUntil(board_done)


@pytest.mark.parametrize(("field", "typed", "said"), [
    ("fee_cents", "12 dollars", "Filing fee: '12 dollars' is not an amount"),
    ("fee_paid_on", "2026-12-25", "Fee paid on: the date is in the future"),
    ("boards_notified", "11/8/2026", "Boards notified (2026-11-08) cannot come before received"),
])
def test_bad_input_is_named_and_save_stays_off(qtbot, upton: Database, field: str,
                                               typed: str, said: str) -> None:
    window = open_window(qtbot, upton)
    dialog = filled(qtbot, window.edit_filing(the_filing(window)))
    box = dialog.amounts.get(field) or dialog.dates[field]
    qtbot.keyClicks(box, typed)
    assert said in dialog.problems.text()
    assert not dialog.save_button.isEnabled()
    dialog.reject()


def test_a_waived_fee_asks_why(qtbot, upton: Database) -> None:
    window = open_window(qtbot, upton)
    dialog = filled(qtbot, window.edit_filing(the_filing(window)))
    assert not dialog.fee_waiver_reason.isEnabled()
    dialog.fee_waived.setChecked(True)
    assert "Fee waived: say why it was waived." in dialog.problems.text()
    assert not dialog.save_button.isEnabled()
    qtbot.keyClicks(dialog.fee_waiver_reason, "Town department")
    save(qtbot, window, dialog)
    record = window.open_filing(the_filing(window))
    assert "Filing fee: waived (Town department)" in record.summary.text().splitlines()


def test_a_changed_address_on_file_is_announced_before_saving(qtbot, upton: Database) -> None:
    window = open_window(qtbot, upton)
    dialog = filled(qtbot, window.edit_filing(the_filing(window)))
    qtbot.waitUntil(lambda: dialog.choices_read)  # who is on file: read behind the form
    dialog.parties_tab.applicant_mail.street.setText("9 Lake Street")
    assert ("Saving changes the applicant Jane Doe's address on file from 12 Pond Road, "
            "Upton, MA 01568 to 9 Lake Street, Upton, MA 01568" in dialog.problems.text())
    assert dialog.save_button.isEnabled()
    dialog.reject()


def test_a_changed_representative_address_is_announced_before_saving(qtbot, upton: Database
                                                                     ) -> None:
    # The engineer's address is on file once, for every filing they represent: the
    # clerk is told before a save moves the letters of the other filing too.
    add_filing(upton, kind="rda", file_no="2026-42", applicant="Robert Smith",
               representative="David Ellis, P.E.",
               representative_mail=MailingAddress("40 Mill Road", "", "Grafton", "MA", "01519"),
               address="3 Elm Street", received=date(2026, 11, 10))
    window = open_window(qtbot, upton)
    dialog = filled(qtbot, window.edit_filing(the_filing(window)))
    qtbot.waitUntil(lambda: dialog.choices_read)
    parties = dialog.parties_tab
    qtbot.keyClicks(parties.representative, "Ellis")
    parties.representative.completer().activated.emit("David Ellis, P.E.")
    parties.representative.setText("David Ellis, P.E.")
    assert [b.text() for b in parties.representative_mail.boxes()] == [
        "40 Mill Road", "", "Grafton", "MA", "01519"]
    assert dialog.problems.text() == "Ready to save."
    parties.representative_mail.street.setText("9 Main Street")
    assert dialog.problems.text().splitlines() == [
        "Ready to save.",
        "Saving changes the representative David Ellis, P.E.'s address on file from "
        "40 Mill Road, Grafton, MA 01519 to 9 Main Street, Grafton, MA 01519 (for every "
        "filing of theirs)."]
    save(qtbot, window, dialog)
    other = next(r.id for r in window.filings_tab.model.rows() if r.file_no == "2026-42")
    assert "9 Main Street, Grafton, MA 01519" in window.open_filing(other).summary.text()


def test_each_tab_opens_at_its_top_on_a_short_screen(qtbot, upton: Database) -> None:
    """The form scrolls whole (its tab bar with it) on a laptop at 150 %: a tab chosen
    after scrolling down the one before opened part-way down, its first fields and the
    tab bar out of sight, and a clerk typed into the wrong boxes."""
    from concom_desk.ui.screen_fit import FormScroll

    window = open_window(qtbot, upton)
    dialog = window.new_filing()
    dialog.resize(700, 400)
    dialog.show()
    scroll = dialog.findChild(FormScroll)
    qtbot.waitUntil(lambda: scroll.verticalScrollBar().maximum() > 0)
    scroll.verticalScrollBar().setValue(scroll.verticalScrollBar().maximum())
    dialog.tabs.setCurrentIndex(2)  # Parties
    assert scroll.verticalScrollBar().value() == 0
    dialog.reject()


def test_an_edit_form_opens_at_once_its_fields_off_then_filled(qtbot, upton: Database) -> None:
    window = open_window(qtbot, upton)
    dialog = window.edit_filing(the_filing(window))
    # Shown before its filing is read (the read is behind the window): nothing to type
    # into or save yet, and it says why.
    assert dialog.isVisible()
    assert dialog.problems.text() == "Reading the filing…"
    assert not dialog.tabs.isEnabled() and not dialog.file_no.isEnabled()
    assert not dialog.save_button.isEnabled()
    assert dialog.file_no.text() == "" and dialog.address.text() == ""

    qtbot.waitUntil(lambda: dialog.file_no.text() == "2026-41", timeout=10_000)
    assert dialog.tabs.isEnabled() and dialog.file_no.isEnabled()
    assert (dialog.address.text(), dialog.map_lot.text(), dialog.dates["received"].text(),
            dialog.parties_tab.applicant.text()) == (
        "12 Pond Road", "14-22", "2026-11-09", "Jane Doe")
    assert dialog.current_kind() == "noi" and not dialog.kind.isEnabled()
    assert dialog.problems.text().startswith("Ready to save.")
    assert dialog.save_button.isEnabled()
    dialog.reject()


def test_a_form_closed_before_its_filing_is_read_is_left_alone(qtbot, upton: Database,
                                                               monkeypatch) -> None:
    from concom_desk.services.filings import filing_record

    window = open_window(qtbot, upton)
    release, returned = threading.Event(), threading.Event()
    reading = filing_record.filing_detail

    def slow(db, filing_id, today):  # noqa: ANN001, ANN202 - a read held until the test says
        release.wait(10)
        try:
            return reading(db, filing_id, today)
        finally:
            returned.set()

    monkeypatch.setattr(filing_record, "filing_detail", slow)
    first = window.edit_filing(the_filing(window))
    first.reject()  # Cancel while "Reading the filing…"
    qtbot.waitUntil(lambda: not isValid(first), timeout=10_000)  # closed and gone
    release.set()
    qtbot.waitUntil(returned.is_set, timeout=10_000)
    # The read of the closed form came back before the next form's: nothing was filled
    # or raised (pytest-qt fails the test on an exception in a slot); the next one fills.
    monkeypatch.setattr(filing_record, "filing_detail", reading)
    again = filled(qtbot, window.edit_filing(the_filing(window)))
    assert again.file_no.text() == "2026-41"
    assert [w for w in window.findChildren(FilingFormDialog) if w.isVisible()] == [again]
    again.reject()


def test_a_filing_that_cannot_be_read_says_so_in_one_line(qtbot, upton: Database,
                                                         monkeypatch) -> None:
    from concom_desk.errors import UserError
    from concom_desk.services.filings import filing_record

    window = open_window(qtbot, upton)

    def gone(db, filing_id, today):  # noqa: ANN001, ANN202
        raise UserError("Filing 2026-41 was not found; another desk may have voided it.")

    monkeypatch.setattr(filing_record, "filing_detail", gone)
    dialog = window.edit_filing(the_filing(window))
    qtbot.waitUntil(lambda: dialog.problems.text() != "Reading the filing…", timeout=10_000)
    assert dialog.problems.text() == ("• The filing could not be read: Filing 2026-41 was not "
                                      "found; another desk may have voided it.")
    assert not dialog.tabs.isEnabled() and not dialog.save_button.isEnabled()
    dialog.reject()
    assert not dialog.isVisible()
