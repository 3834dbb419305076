"""Nothing irreversible by accident, in the record window: no next step is chosen for the
clerk, a final step asks first (Cancel the default), and undo, correction and void are
each a button away. The town_db of tests/ui/conftest.py: 2023-7 is an NOI issued on
2023-11-21; 2026-41 an NOI received on 2026-11-05."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from concom_desk.store import Database
from concom_desk.ui.filings.decision_dialog import DecisionDialog
from concom_desk.ui.filings.filing_record import CHOOSE, FilingRecordDialog
from tests.ui.test_main_window import filing_id, open_window, plain


def choose(record: FilingRecordDialog, status: str) -> None:
    record.new_status.setCurrentIndex(record.new_status.findData(status))


def test_after_issued_nothing_is_chosen_and_the_button_waits(qtbot, town_db: Database) -> None:
    window = open_window(qtbot, town_db)
    record = window.open_filing(filing_id(window, "2023-7"))
    assert record.new_status.currentText() == CHOOSE
    assert not record.change_button.isEnabled()
    record.change_button.click()  # a stray click does nothing
    assert record.question is None
    assert "Issued" in record.status_label.text()


def test_cancelling_the_decision_changes_nothing(qtbot, town_db: Database) -> None:
    window = open_window(qtbot, town_db)
    record = window.open_filing(filing_id(window, "2023-7"))
    choose(record, "completed")
    record.change_button.click()
    record.question.reject()
    assert record.question is None and record.status_reason.text() == "Not changed."
    assert record.detail.row.status == "issued"


def test_a_final_status_asks_first_and_cancel_leaves_it(qtbot, town_db: Database) -> None:
    window = open_window(qtbot, town_db)
    record = window.open_filing(filing_id(window, "2023-7"))
    choose(record, "completed")
    record.change_button.click()
    # The certificate is said first (its kind, the inspection); then the question.
    decision = record.question
    assert isinstance(decision, DecisionDialog) and decision.isVisible()
    decision.record_button.click()
    box = record.question
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert plain(box.text()) == "Mark filing 2023-7 “Completed (COC issued)”?"
    assert box.informativeText().startswith(
        "This records that the work is finished and the Certificate of Compliance has been "
        "issued. The permit is closed")
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.Cancel)
    box.button(QMessageBox.StandardButton.Cancel).click()
    assert record.status_reason.text() == "Not changed."
    assert record.detail.row.status == "issued"
    record.reload()
    assert record.detail.row.status == "issued"


def test_confirmed_final_status_then_undo_puts_it_back(qtbot, town_db: Database) -> None:
    window = open_window(qtbot, town_db)
    record = window.open_filing(filing_id(window, "2023-7"))
    assert record.undo_button.toolTip() == "Undo last change: back to Hearing closed"
    assert record.undo_button.text() == "&Undo last change"  # short: the record fits at 150 %
    choose(record, "completed")
    record.change_button.click()
    record.question.record_button.click()  # the certificate's decision, as offered
    record.question.go_ahead.click()
    # Written behind the window: "Saving…", nothing to press until it returns.
    assert record.status_reason.text() == "Saving…"
    assert not any(b.isEnabled() for b in (record.change_button, record.undo_button,
                                           record.correct_button, record.void_button))
    qtbot.waitUntil(lambda: record.status_reason.text()
                    == "Status changed to Completed (COC issued).", timeout=10_000)
    assert "Completed (COC issued)" in record.status_label.text()
    assert record.new_status.currentText() == CHOOSE  # and nothing further is offered
    assert record.undo_button.toolTip() == "Undo last change: back to Issued"

    record.undo_button.click()
    qtbot.waitUntil(lambda: record.status_reason.text() == (
        "Undone: the status is issued again (the history keeps both changes)."), timeout=10_000)
    assert "Issued" in record.status_label.text()
    whats = [h.what for h in record.history.rows()]
    assert whats[-2:] == ["status: Issued → Completed (COC issued)",
                          "status: Completed (COC issued) → Issued (undo)"]


def test_correct_status_needs_a_reason_and_shows_it_in_history(qtbot, town_db: Database
                                                               ) -> None:
    window = open_window(qtbot, town_db)
    record = window.open_filing(filing_id(window, "2026-30"))  # withdrawn on 2026-11-09
    dialog = record.correct_status()
    qtbot.waitUntil(dialog.isVisible)
    dialog.status.setCurrentIndex(dialog.status.findData("received"))
    assert not dialog.go_ahead.isEnabled()
    dialog.reason.setText("the applicant's letter withdrew a different filing")
    dialog.go_ahead.click()
    assert dialog.problem.text() == "Saving…" and not dialog.buttons.isEnabled()
    qtbot.waitUntil(lambda: "Received" in record.status_label.text(), timeout=10_000)
    assert not dialog.isVisible()
    assert record.history.rows()[-1].what == (
        "status: Withdrawn → Received "
        "(correction: the applicant's letter withdrew a different filing)")
    qtbot.waitUntil(lambda: "2026-30" in [r.file_no for r in window.filings_tab.model.rows()],
                    timeout=10_000)


def test_void_with_a_reason_takes_the_filing_off_filings_and_today(qtbot, town_db: Database
                                                                  ) -> None:
    window = open_window(qtbot, town_db)
    assert "2026-41" in [i.file_no for i in window.today_view.shown_items()]
    record = window.open_filing(filing_id(window, "2026-41"))
    dialog = record.void_filing()
    qtbot.waitUntil(dialog.isVisible)
    assert not dialog.go_ahead.isEnabled()
    dialog.reason.setText("entered twice; see 2026-40")
    dialog.go_ahead.click()
    qtbot.waitUntil(lambda: "Void" in record.status_label.text(), timeout=10_000)
    qtbot.waitUntil(lambda: "2026-41" not in [r.file_no for r in window.filings_tab.model.rows()]
                    and "2026-41" not in [i.file_no for i in window.today_view.shown_items()],
                    timeout=10_000)
    assert not record.void_button.isEnabled()
    assert record.undo_button.toolTip() == "Undo last change: back to Received"


def test_a_permit_for_a_filing_only_received_is_made_as_a_draft(qtbot, town_db: Database
                                                               ) -> None:
    window = open_window(qtbot, town_db)
    record = window.open_filing(filing_id(window, "2026-41"))
    dialog = window.make_document(record)
    # Only received: the notice to the boards is offered first, the decision papers after.
    assert dialog.template.currentData() == "board-notice"
    dialog.template.setCurrentIndex(dialog.template.findData("permit"))
    assert plain(dialog.draft_note.text()) == (
        "Will be made as a DRAFT — not for issue: no hearing date; no hearing closing date; "
        "no vote recorded; not issued.")
    with qtbot.waitSignal(dialog.made, timeout=20_000):
        dialog.make()
    assert dialog.document_path.name == "DRAFT Permit 2026-41 2026-11-16.docx"
    assert "DRAFT — not for issue: no hearing date;" in plain(dialog.result.text())
    dialog.template.setCurrentIndex(dialog.template.findData("board-notice"))
    assert dialog.draft_note.text() == ""  # a notice states no decision


def test_choosing_form_5_after_the_dialog_opened_shows_its_boxes_whole(qtbot, town_db: Database
                                                                      ) -> None:
    # A Bourne clerk at 150 %: the dialog opened on the notice to the boards (a short
    # form), then WPA Form 5 chosen: its nine interest boxes were drawn half-height, one
    # over another. The dialog now grows to what the rows it shows want.
    from PySide6.QtWidgets import QCheckBox

    window = open_window(qtbot, town_db)
    record = window.open_filing(filing_id(window, "2026-41"))
    dialog = window.make_document(record)
    qtbot.waitExposed(dialog)
    assert dialog.template.currentData() == "board-notice"
    dialog.template.setCurrentIndex(dialog.template.findData("form-5-order-of-conditions"))
    boxes = [b for b in dialog.findChildren(QCheckBox) if b.isVisible()]
    assert len(boxes) == 9
    assert all(b.height() >= b.minimumSizeHint().height() for b in boxes)
    layout = dialog.layout()  # and the wrapped notes under them whole
    assert dialog.height() >= layout.totalHeightForWidth(dialog.width())


def test_a_change_another_desk_made_impossible_is_refused_in_the_record(
        qtbot, town_db: Database) -> None:
    from concom_desk.services.filings.status_corrections import void_filing_entered_in_error

    window = open_window(qtbot, town_db)
    voided = filing_id(window, "2026-41")
    record = window.open_filing(voided)
    choose(record, "hearing")
    assert record.change_button.isEnabled(), record.status_reason.text()
    # Meanwhile another desk voids it: the store, checking with the latest facts, refuses.
    void_filing_entered_in_error(town_db, voided, "entered twice")
    record.change_button.click()
    assert record.status_reason.text() == "Saving…"
    assert not record.change_button.isEnabled() and not record.new_status.isEnabled()
    qtbot.waitUntil(lambda: record.status_reason.text() != "Saving…", timeout=10_000)
    assert plain(record.status_reason.text()) == (
        "Not allowed: The filing is void; that is final and its status cannot change.")
    assert "Received" in record.status_label.text()  # as read: nothing else was shown
    assert record.new_status.isEnabled() and record.change_button.isEnabled()
    assert record.isVisible()
