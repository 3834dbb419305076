"""Fees through the real window: the filing form says where the town's own filing fee
is set; a check is taken for the Notice of Intent and its receipt written on the
record's Payments tab (the number offered); Tools → Treasurer's turnover report
writes the Word page and the workbook for the week, and both hold the receipt."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from openpyxl import load_workbook

from concom_desk.ui import document_actions
from concom_desk.ui.filings.filing_form import FilingFormDialog
from concom_desk.ui.filings.payments_panel import PaymentsPanel
from concom_desk.ui.filings.turnover_dialog import TurnoverDialog
from tests.helpers.clock import TEST_TODAY
from tests.helpers.docx_reading import paragraphs
from tests.journeys.conftest import Steps, Wait, filled_form, menu_action, top_level
from tests.journeys.test_a_notice_of_intent import FILE_NO, choose_tab, file_the_noi


def test_a_fee_is_received_with_its_receipt_and_turned_over(
        run_program: Callable[[Steps], int], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "Turnover.docx"
    opened: list[Path] = []  # the word processor the report is handed to
    monkeypatch.setattr(document_actions, "system_open",
                        lambda path: opened.append(Path(path)) is None)

    def steps() -> Steps:
        window, _filing_id, record = yield from file_the_noi()
        record.edit_button.click()
        form: FilingFormDialog = yield Wait("the filing form, filled",
                                            lambda: filled_form(top_level(FilingFormDialog)))
        assert form.town_fee.text() == ("Town's schedule: not in the town's profile; type the "
                                        "commission's fee (point here for why).")
        assert form.town_fee.toolTip().startswith("The state's rules alone: no town bylaw")
        form.reject()

        panel = choose_tab(record.panels, "Pa&yments")
        assert isinstance(panel, PaymentsPanel)
        yield Wait("the payments read", lambda: not panel.loader.loading)
        assert panel.message.text() == "No payment recorded for this filing yet."
        assert panel.receipt_no.text() == f"{TEST_TODAY.year}-0001"  # the first of all
        panel.amount.setText("110.00")
        panel.check_no.setText("4417")
        assert panel.received_by.text() == "JB"  # the initials at the keyboard
        panel.record_button.click()
        yield Wait("the receipt on the record", lambda: panel.lines.rowCount() == 1)
        assert panel.message.text() == (f"Recorded receipt {TEST_TODAY.year}-0001: $110.00, "
                                        "filing fee (town bylaw).")
        assert panel.receipt_no.text() == f"{TEST_TODAY.year}-0002"  # the next one offered
        # A second receipt with the same number is refused in one line, nothing written.
        panel.receipt_no.setText(f"{TEST_TODAY.year}-0001")
        panel.amount.setText("5")
        panel.method.setCurrentIndex(panel.method.findData("cash"))
        panel.record_button.click()
        yield Wait("the refusal", lambda: panel.message.text().startswith("Not recorded"))
        assert panel.message.text().startswith(
            f"Not recorded: receipt {TEST_TODAY.year}-0001 is already written")
        assert panel.lines.rowCount() == 1 and panel.record_button.isEnabled()

        menu_action(window, "Treasurer's t&urnover report…").trigger()
        dialog: TurnoverDialog = yield Wait("the turnover report dialog",
                                            lambda: top_level(TurnoverDialog))
        assert dialog.write(out) == out
        assert "1 entry, $110.00 to turn over" in dialog.result.text()
        assert opened == [out]
        dialog.close()
        record.close()
        window.close()

    assert run_program(steps()) == 0
    text = paragraphs(out)
    assert "Upton Conservation Commission\nTreasurer's Turnover Report" in text
    row = text.index(f"{TEST_TODAY.year}-0001")
    assert text[row:row + 7] == [f"{TEST_TODAY.year}-0001", TEST_TODAY.isoformat(), FILE_NO,
                                 "Filing fee (town bylaw)", "Check no. 4417", "JB", "$110.00"]
    receipts = list(load_workbook(out.with_suffix(".xlsx"))["Receipts"].iter_rows(
        values_only=True))
    assert receipts[1][0] == f"{TEST_TODAY.year}-0001" and receipts[1][-1] == 110.0
