"""The first run, as a person does it: the wizard on an empty data folder, typed
in, Finish, and the main window comes up with the commission saved."""

from __future__ import annotations

from datetime import date
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWizard

from concom_desk.services.commission.settings import load_settings
from concom_desk.ui.calendar.meeting_dialogs import ScheduleDialog
from concom_desk.ui.main_window import MainWindow
from concom_desk.ui.setup.setup_wizard import SetupWizard
from tests.journeys.conftest import Steps, Wait, top_level

COMMISSION = "Upton Conservation Commission"
ADDRESS = ["Town Hall", "1 Main Street", "Upton, MA 01568"]
# A board of seven, as most commissions have: (name, role, term starts, term ends)
MEMBERS = [
    ("Ann Chase", "Chair", "2024-07-01", "2027-06-30"),
    ("Ben Ortiz", "Vice chair", "2025-07-01", "2028-06-30"),
    ("Carla Diaz", "", "2023-07-01", "2026-12-31"),
    ("Dev Patel", "", "2025-07-01", ""),
    ("Erin Walsh", "", "2024-07-01", "2027-06-30"),
    ("Frank Li", "", "2026-07-01", "2029-06-30"),
    ("Gina Russo", "", "2022-07-01", "2027-06-30"),
]


def through_the_wizard(town: str = "massachusetts", commission: str = COMMISSION) -> Steps:
    """Fill in the wizard for `town` (a profile in resources/towns/), press Finish, and
    end with the main window showing the commission's records (sent back to the
    caller's `yield from`)."""
    wizard: SetupWizard = yield Wait("the first-run wizard", lambda: top_level(SetupWizard))
    assert wizard.windowTitle() == "ConCom Desk — first-time setup"
    assert wizard.welcome.set_up.isChecked()  # "Set up our commission" is offered first
    wizard.button(QWizard.WizardButton.NextButton).click()
    page = wizard.commission
    assert wizard.currentPage() is page
    finish = wizard.button(QWizard.WizardButton.FinishButton)
    assert not finish.isEnabled() and "Commission name" in page.form.problems.text()

    form = page.form
    form.town.setCurrentIndex(form.town.findData(town))
    form.name.clear()
    QTest.keyClicks(form.name, commission)
    form.address.setFocus()
    for number, line in enumerate(ADDRESS):
        if number:
            QTest.keyClick(form.address, Qt.Key.Key_Return)
        QTest.keyClicks(form.address, line)
    QTest.keyClicks(form.clerk_initials, "jb")
    for row, member in enumerate(MEMBERS):
        form.add_member_button.click()
        for column, text in enumerate(member):
            form.members.item(row, column).setText(text)
    assert finish.isEnabled(), page.form.problems.text()
    finish.click()

    window: MainWindow = yield Wait(
        "the main window, its records loaded, after Finish",
        lambda: (w := top_level(MainWindow)) and w.tabs.isEnabled()
        and w.statusBar().currentMessage().startswith("0 filings") and w)
    assert window.windowTitle() == f"ConCom Desk — {commission}"
    assert top_level(SetupWizard) is None  # the wizard went once the window was up
    saved = load_settings(window.db)
    assert saved is not None
    assert (saved.name, saved.town_id, saved.clerk_initials, saved.address_lines) == (
        commission, town, "JB", ADDRESS)
    assert [(m.name, m.role, m.term_start, m.term_end) for m in saved.members] == [
        (n, r, date.fromisoformat(s), date.fromisoformat(e) if e else None)
        for n, r, s, e in sorted(MEMBERS, key=lambda m: m[2])]
    return window


def section(window: Any, title: str) -> Any:
    """The main window's section `title` ("Hearing &calendar"), brought to the front."""
    tabs = window.tabs
    tabs.setCurrentIndex(next(i for i in range(tabs.count()) if tabs.tabText(i) == title))
    return tabs.currentWidget()


def add_regular_meetings(window: Any, place: str) -> Steps:
    """Meetings… on the calendar, the regular meetings as offered at `place`, Save: the
    calendar section, once it says they were added."""
    calendar = section(window, "Hearing &calendar")
    yield Wait("the hearing calendar", lambda: calendar.buttons)
    calendar.buttons["meetings"].click()
    schedule = calendar.active_dialog
    assert isinstance(schedule, ScheduleDialog)
    schedule.place.setText(place)
    schedule.save_button.click()
    yield Wait("the meetings added", lambda: "regular meetings added" in calendar.status.text())
    return calendar
