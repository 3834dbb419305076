"""The rest of the first week, from the first run: a complaint, an emergency order and
its ratification on the next agenda; then a backup, a change, and the restore that
brings the records back as they were."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog, QLineEdit, QMessageBox

from concom_desk.domain.plain_dates import weekday_date
from concom_desk.services.commission.settings import load_settings
from concom_desk.ui.enforcement.dialogs import ComplaintDialog, OrderDialog
from concom_desk.ui.setup.settings_dialog import SettingsDialog
from tests.helpers.clock import TEST_TODAY
from tests.helpers.docx_reading import full_text
from tests.journeys.conftest import (
    Steps,
    Wait,
    menu_action,
    no_window_missed,
    top_level,
    when_shown,
)
from tests.journeys.first_run import add_regular_meetings, section, through_the_wizard


def long_date(day: date) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def assert_the_order_holds(db: Any, today: date, next_meeting: date) -> None:
    """What the database holds of the emergency order, read apart from the window."""
    from sqlalchemy import select

    from concom_desk.store.models import EnforcementCase, EnforcementOrder

    with db.read_session() as session:
        (case,) = session.scalars(select(EnforcementCase))
        (order,) = session.scalars(select(EnforcementOrder))
        assert (order.case_id, order.issued_on, order.signed_by, order.emergency,
                order.stop_work, order.ratify_by, order.ratified_meeting_id) == (
            case.id, today, "Ann Chase", True, True, next_meeting, None)


def test_an_emergency_order_comes_up_for_ratification_on_the_next_agenda(
        run_program: Callable[[Steps], int]) -> None:
    def steps() -> Steps:
        window = yield from through_the_wizard()
        today = TEST_TODAY

        # The regular meetings (Meetings…: the first and third Wednesdays, as offered).
        calendar = yield from add_regular_meetings(window, "Town Hall, Room 2")
        assert "regular meetings added for the next 6 months" in calendar.status.text()
        meetings = [m for m in calendar.snapshot.meetings if m.day >= today]
        # The first and third Wednesdays (days 1-7 and 15-21 of the month).
        assert meetings and all(m.day.weekday() == 2 and (m.day.day - 1) // 7 in (0, 2)
                                for m in meetings)
        next_meeting = min(m.day for m in meetings)
        assert calendar.status.text() == (
            f"{len(meetings)} regular meetings added for the next 6 months, the first on "
            f"{weekday_date(next_meeting)}.")
        # MGL c.30A §20(b): none is added whose notice can no longer be posted in time.
        assert next_meeting > today

        # The complaint, then the emergency order signed by the agent.
        enforcement = section(window, "E&nforcement")
        yield Wait("the enforcement section", lambda: hasattr(enforcement, "complaint_button"))
        assert enforcement.rows_shown() == []
        enforcement.complaint_button.click()
        complaint = yield Wait("the complaint form", lambda: top_level(ComplaintDialog))
        complaint.address.setText("14 Shawme Road")
        complaint.description.setPlainText("Truck dumping fill into the marsh")
        complaint.complainant.setText("Mary Abbott")
        complaint.violator.setText("Shawme Builders LLC")
        complaint.save_button.click()
        yield Wait("the case in the list", lambda: enforcement.rows_shown())
        [case] = enforcement.rows_shown()
        assert (case.case_no, case.address, case.status_label) == (
            f"EC-{today.year}-001", "14 Shawme Road", "Open")
        enforcement.order_button.click()
        order = yield Wait("the order form", lambda: top_level(OrderDialog))
        assert order.emergency.isChecked()
        # Signers are picked from the members in office today, not typed.
        assert "Ann Chase" in order.signed_by.members()
        order.signed_by.tick("Ann Chase")
        order.provision.setText("§7.55 Part 5: fill in a resource area")
        order.save_button.click()
        yield Wait("the order issued", lambda: enforcement.rows_shown()[0].status_label
                   == "Enforcement order issued")
        # 310 CMR 10.06(1) / the bylaw: ratified at the next meeting of the commission.
        assert enforcement.form.orders.index(0, 4).data() == (
            f"to be ratified at the meeting of {next_meeting:%A}, {long_date(next_meeting)}")
        assert_the_order_holds(window.db, today, next_meeting)

        # On the calendar, the next meeting's agenda carries the ratification.
        calendar = section(window, "Hearing &calendar")
        calendar.go_to_day(next_meeting)
        calendar.buttons["agenda"].click()  # made once the month shown is read
        yield Wait("the agenda", lambda: calendar.last_document is not None
                   or calendar.status.text().startswith("First"))
        assert calendar.last_document is not None, calendar.status.text()
        text = full_text(calendar.last_document)
        lines = text.splitlines()
        heading = lines.index("Ratification of enforcement orders")
        assert lines[heading + 1] == (
            f"•\tEC-{today.year}-001, 14 Shawme Road: order of {long_date(today)} signed by "
            "Ann Chase.")
        window.close()

    assert run_program(steps()) == 0


def test_a_backup_is_made_and_restored_through_the_file_menu(
        run_program: Callable[[Steps], int], tmp_path: Path) -> None:
    archive = tmp_path / "backup.zip"
    told: list[str] = []

    def save_as(dialog: QFileDialog) -> None:  # types the file name, presses Save
        dialog.findChild(QLineEdit, "fileNameEdit").setText(str(archive))
        dialog.accept()

    open_it = save_as  # the same in the Open dialog

    def answer(button: QMessageBox.StandardButton) -> Callable[[QMessageBox], None]:
        def press(box: QMessageBox) -> None:
            told.append(f"{box.windowTitle()}: {box.text()}")
            box.button(button).click()
        return press

    def steps() -> Steps:
        window = yield from through_the_wizard()
        when_shown(QFileDialog, save_as, "the Save the backup as dialog")
        when_shown(QMessageBox, answer(QMessageBox.StandardButton.Ok), "Backup made")
        window.backup_action.trigger()  # File → Backup…
        yield Wait("the backup made and told", lambda: no_window_missed() and told)
        assert told[-1].startswith(f"Backup made: The backup is saved and checked:\n{archive}")
        assert archive.is_file()

        # A change after the backup: the commission renamed in Settings.
        menu_action(window, "&Settings…").trigger()  # File → Settings…
        settings = yield Wait("Settings", lambda: top_level(SettingsDialog))
        settings.form.name.setText("Upton Wetlands Commission")
        settings.save_button.click()
        yield Wait("the new name in the title",
                   lambda: window.windowTitle() == "ConCom Desk — Upton Wetlands Commission")

        when_shown(QFileDialog, open_it, "the Restore from which backup dialog")
        when_shown(QMessageBox, answer(QMessageBox.StandardButton.Yes), "Restore from backup")
        window.restore_action.trigger()  # File → Restore from backup…
        yield Wait("asked before restoring", lambda: no_window_missed() and len(told) == 2)
        assert told[1].startswith("Restore from backup: Replace the records with the ones in")
        when_shown(QMessageBox, answer(QMessageBox.StandardButton.Ok), "Restored")
        yield Wait("restored and told", lambda: no_window_missed() and len(told) == 3)
        assert told[2].startswith("Restored: The records were restored from the backup.")
        yield Wait("the old name back in the title",
                   lambda: window.windowTitle() == "ConCom Desk — Upton Conservation Commission")
        saved = load_settings(window.db)
        assert saved is not None and saved.name == "Upton Conservation Commission"
        window.close()

    assert run_program(steps()) == 0
