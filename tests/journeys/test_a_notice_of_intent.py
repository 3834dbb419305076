"""A Notice of Intent through the real window, from the first run: filed, its clocks
shown, a meeting added, the hearing booked, the legal notice written, the hearing
closed and voted, the Order issued and recorded, and the Certificate of Compliance.

The program runs on the real clock, so every date is worked out from today by the
rules cited beside it, not typed in."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

from PySide6.QtWidgets import QDialog

from concom_desk.domain.ma_calendar import legal_holidays
from concom_desk.ui.filings.filing_form import FilingFormDialog
from tests.journeys.conftest import Steps, Wait, top_level
from tests.journeys.first_run import through_the_wizard

FILE_NO = "2026-101"


def hearing_by(received: date) -> date:
    """310 CMR 10.05(5)(a): the hearing within 21 days of receipt; a last day on a
    weekend or legal holiday moves to the next business day (M.G.L. c.4 §9)."""
    day = received + timedelta(days=21)
    while day.weekday() >= 5 or day in legal_holidays(day.year):
        day += timedelta(days=1)
    return day


def file_the_noi() -> Steps:
    window = yield from through_the_wizard()
    today = date.today()
    window.new_action.trigger()  # File → New filing…
    form: FilingFormDialog = yield Wait("the new filing form",
                                        lambda: top_level_dialog(FilingFormDialog))
    assert form.current_kind() == "noi"
    form.file_no.setText(FILE_NO)
    form.applicant.setText("Daniel Forsberg")
    form.applicant_address.setText("12 Pond Road, Upton, MA 01568")
    form.address.setText("12 Pond Road")
    form.map_lot.setText("14-22")
    form.work.setPlainText("Replace a failed septic system within the buffer zone")
    assert form.save_button.isEnabled(), form.problems.text()
    form.save_button.click()
    yield Wait("the new filing in the Filings list",
               lambda: any(r.file_no == FILE_NO for r in window.filings_tab.model.rows()))
    row = next(r for r in window.filings_tab.model.rows() if r.file_no == FILE_NO)
    assert (row.kind, row.status, row.received, row.applicant) == (
        "noi", "received", today, "Daniel Forsberg")
    record = window.open_filing(row.id)
    yield Wait("its record with the deadlines", lambda: record.deadline_lines())
    return window, row.id, record


def top_level_dialog(kind: type[QDialog]) -> QDialog | None:
    return top_level(kind)


def test_a_notice_of_intent_is_filed_and_its_clocks_are_shown(
        run_program: Callable[[Steps], int]) -> None:
    def steps() -> Steps:
        window, filing_id, record = yield from file_the_noi()
        lines = record.deadline_lines()
        due = hearing_by(date.today())
        (hearing,) = [line for line in lines if line[2] == "Open the public hearing"]
        assert hearing[0].startswith(due.isoformat())  # the grid shows "2026-12-22 Tue"
        assert hearing[1] == f"in {(due - date.today()).days} days"
        assert "310 CMR 10.05(5)(a)" in hearing[3]
        (abutters,) = [line for line in lines if line[2].startswith("Notify abutters")]
        assert abutters[:2] == (f"{date.today().isoformat()} {date.today():%a}", "due TODAY")
        record.close()
        window.close()

    assert run_program(steps()) == 0
