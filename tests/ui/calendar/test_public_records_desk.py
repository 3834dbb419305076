"""Tools → Public records and reports: the request log with its due dates, the annual
report made in the background, and the retention report that destroys nothing."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from concom_desk.ui import document_actions
from concom_desk.ui.calendar.dialog_parts import qdate
from concom_desk.ui.calendar.public_records_desk import PublicRecordsDesk
from tests.helpers.calendar_db import Commission
from tests.helpers.docx_reading import paragraphs
from tests.helpers.minutes_meeting import hold_march_3

MAR4 = date(2027, 3, 4)


@pytest.fixture(autouse=True)
def _no_word_processor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(document_actions, "system_open", lambda path: True)


def _cells(desk: PublicRecordsDesk) -> list[list[str]]:
    model = desk.requests
    return [[model.index(r, c).data() for c in range(model.columnCount())]
            for r in range(model.rowCount())]


def test_a_request_is_logged_with_its_due_date_and_answered(
        qtbot: QtBot, commission: Commission) -> None:
    desk = PublicRecordsDesk(commission.db, MAR4)
    qtbot.addWidget(desk)
    desk.log()
    assert desk.request_error.text() == "name who made the request (a name, or 'anonymous')"
    # Fri Feb 12, 2027: Feb 15 is Washington's Birthday; the 10th business day is Mar 1.
    desk.received.setDate(qdate(date(2027, 2, 12)))
    qtbot.keyClicks(desk.requester, "Ann Lee")
    qtbot.keyClicks(desk.asked, "Minutes of February 3, 2027")
    desk.log()
    assert _cells(desk) == [["2027-02-12", "Ann Lee", "Minutes of February 3, 2027", "",
                             "OVERDUE since March 1, 2027", ""]]
    desk.answer()
    assert desk.request_error.text() == "Select the request that was answered."
    desk.request_table.selectRow(0)
    desk.answered_on.setDate(qdate(date(2027, 3, 2)))
    qtbot.keyClicks(desk.response, "Draft minutes e-mailed")
    desk.answer()
    assert _cells(desk)[0][4:] == ["answered March 2, 2027 (late)", "Draft minutes e-mailed"]


def test_the_annual_report_and_the_retention_report(qtbot: QtBot, commission: Commission,
                                                    tmp_path: Path) -> None:
    hold_march_3(commission)
    desk = PublicRecordsDesk(commission.db, MAR4)
    qtbot.addWidget(desk)
    assert desk.year.value() == 2026 and not desk.fiscal.isChecked()
    desk.year.setValue(2027)
    desk.make_report(tmp_path / "Annual report 2027")
    # Done when the report is made or the one line saying why not is shown.
    qtbot.waitUntil(lambda: desk.make_report_button.isEnabled(), timeout=20000)
    assert desk.report_error.isHidden(), desk.report_error.text()
    assert desk.last_report is not None
    text = paragraphs(tmp_path / "Annual report 2027.docx")
    assert "Calendar year 2027 (January 1, 2027 – December 31, 2027)" in text
    assert "•\t2 hearings opened; 1 continuance granted." in text
    assert (tmp_path / "Annual report 2027.xlsx").is_file()
    retention = desk.retention.toPlainText()
    assert "Minutes of meetings (draft and approved): 0 held; permanent" in retention
    assert retention.endswith("written approval is needed first (MGL c.66 §8).")
