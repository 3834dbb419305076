"""First run: the wizard asks for the commission, creates the database, opens the window;
Settings changes the same answers later."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from PySide6.QtWidgets import QDialogButtonBox, QWizard

from concom_desk.services.commission.settings import load_settings
from concom_desk.store import Database
from concom_desk.ui.app import Launcher
from tests.ui.conftest import TODAY


def test_first_run_wizard_sets_up_the_commission(qtbot, tmp_path: Path) -> None:
    db_path = tmp_path / "new.sqlite"
    launcher = Launcher(db_path, demo_if_missing=False, today=TODAY)
    launcher.start()
    wizard = launcher.wizard
    assert wizard is not None and wizard.isVisible()
    qtbot.addWidget(wizard)
    assert wizard.welcome.set_up.isChecked()
    wizard.next()
    page = wizard.commission
    next_button = wizard.button(QWizard.WizardButton.FinishButton)
    assert not page.isComplete()
    assert "Commission name" in page.form.problems.text()
    form = page.form
    form.town.setCurrentIndex(form.town.findData("massachusetts"))
    qtbot.keyClicks(form.name, "Upton Conservation Commission")
    form.address.setPlainText("Town Hall\n1 Main Street\nUpton, MA 01568")
    qtbot.keyClicks(form.clerk_initials, "jb")
    form.add_member_button.click()
    form.members.item(0, 0).setText("Ann Chase")
    form.members.item(0, 1).setText("Chair")
    form.members.item(0, 2).setText("2024-07-01")
    form.members.item(0, 3).setText("2027-06-30")
    assert page.isComplete(), form.problems.text()
    form.members.item(0, 3).setText("2023-06-30")
    assert not page.isComplete()
    assert "the term cannot end before it starts" in form.problems.text()
    form.members.item(0, 3).setText("2027-06-30")
    assert page.isComplete()
    next_button.click()
    qtbot.waitUntil(lambda: launcher.window is not None, timeout=10_000)
    window = launcher.window
    qtbot.addWidget(window)
    assert window.windowTitle() == "ConCom Desk — Upton Conservation Commission"
    assert db_path.exists()
    settings = load_settings(window.db)
    assert settings is not None
    assert (settings.town_id, settings.clerk_initials, settings.address_lines) == (
        "massachusetts", "JB", ["Town Hall", "1 Main Street", "Upton, MA 01568"])
    assert [(m.name, m.role, m.term_start, m.term_end) for m in settings.members] == [
        ("Ann Chase", "Chair", date(2024, 7, 1), date(2027, 6, 30))]
    window.close()


def test_settings_dialog_changes_the_title(qtbot, db: Database) -> None:
    from concom_desk.ui.main_window import MainWindow
    from tests.ui.conftest import SETTINGS

    window = MainWindow(db, db.path, SETTINGS, TODAY)
    qtbot.addWidget(window)
    window.edit_settings()
    dialog = window.findChild(QDialogButtonBox).parent()
    dialog.form.name.setText("Upton Conservation Commission (Wetlands)")
    dialog.form.clerk_initials.setText("")
    assert not dialog.save_button.isEnabled()
    dialog.form.clerk_initials.setText("MK")
    dialog.save_button.click()
    assert window.windowTitle() == "ConCom Desk — Upton Conservation Commission (Wetlands)"
    settings = load_settings(db)
    assert settings is not None and settings.clerk_initials == "MK"
    assert db.initials == "MK"
    assert [m.name for m in settings.members] == ["Ann Chase", "Ben Ortiz"]


def test_an_existing_database_opens_behind_a_window_shown_at_once(qtbot, db: Database
                                                                    ) -> None:
    path = db.path
    db.close()  # the launcher takes the lock itself
    launcher = Launcher(path, demo_if_missing=False, today=TODAY)
    launcher.start()
    window = launcher.window
    assert window is not None
    qtbot.addWidget(window)
    assert window.isVisible() and not window.tabs.isEnabled()
    assert window.windowTitle() == "ConCom Desk — opening…"
    qtbot.waitUntil(lambda: window.statusBar().currentMessage().startswith("0 filings"),
                    timeout=10_000)
    assert window.tabs.isEnabled()
    assert window.windowTitle() == "ConCom Desk — Upton Conservation Commission"
    window.close()
    assert not window.db.is_open


def test_demo_town_when_there_is_no_database(qtbot, tmp_path: Path) -> None:
    launcher = Launcher(tmp_path / "demo.sqlite", demo_if_missing=True, today=TODAY)
    launcher.start()
    qtbot.waitUntil(lambda: launcher.window is not None
                    and launcher.window.filings_tab.model.rowCount() > 0, timeout=60_000)
    window = launcher.window
    qtbot.addWidget(window)
    assert window.windowTitle().startswith("ConCom Desk — ")
    assert "opening" not in window.windowTitle()
    kinds = {row.kind for row in window.filings_tab.model.rows()}
    assert {"rda", "noi", "coc"} <= kinds
    window.close()


def test_a_newcomer_finds_a_filing_sees_its_clocks_and_is_stopped(qtbot, tmp_path: Path
                                                                   ) -> None:
    """The issue's "must show", on the demo town, from the keyboard."""
    from PySide6.QtCore import Qt

    launcher = Launcher(tmp_path / "demo.sqlite", demo_if_missing=True, today=TODAY)
    launcher.start()
    qtbot.waitUntil(lambda: launcher.window is not None
                    and launcher.window.filings_tab.model.rowCount() > 0, timeout=60_000)
    window = launcher.window
    qtbot.addWidget(window)
    received = next(r for r in window.filings_tab.model.rows()
                    if r.kind == "noi" and r.status == "received" and r.address)
    street = received.address.split(" ", 1)[1]  # "Pond Road" out of "12 Pond Road"
    house = received.address.split(" ", 1)[0]
    window.find_action.trigger()
    qtbot.keyClicks(window.filings_tab.search, f"{house} {street[:4].lower()}")
    qtbot.waitUntil(lambda: received in window.filings_tab.shown_rows(), timeout=5_000)
    window.filings_tab.apply_search_now()
    shown = window.filings_tab.shown_rows()
    table = window.filings_tab.table
    table.setFocus()
    table.setCurrentIndex(table.model().index(shown.index(received), 0))
    qtbot.keyClick(table, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: received.id in window.filing_windows.records)
    record = window.filing_windows.records[received.id]
    lines = record.deadline_lines()
    assert lines and all(citation.strip() for *_rest, citation in lines)
    record.new_status.setCurrentIndex(record.new_status.findData("issued"))
    record.change_button.click()
    assert "hearing has not been closed" in record.status_reason.text()
    window.close()


def test_when_the_records_cannot_be_made_the_wizard_keeps_what_was_typed(
        qtbot, tmp_path: Path) -> None:
    blocker = tmp_path / "records"
    blocker.write_text("a file where the data folder should be", encoding="utf-8")
    launcher = Launcher(blocker / "new.sqlite", demo_if_missing=False, today=TODAY)
    launcher.start()
    wizard = launcher.wizard
    assert wizard is not None
    qtbot.addWidget(wizard)
    wizard.next()
    form = wizard.commission.form
    qtbot.keyClicks(form.name, "Upton Conservation Commission")
    form.address.setPlainText("Town Hall\n1 Main Street")
    qtbot.keyClicks(form.clerk_initials, "JB")
    qtbot.keyClicks(form.newspaper, "The Upton Town Crier")
    finish = wizard.button(QWizard.WizardButton.FinishButton)
    finish.click()
    assert not finish.isEnabled()  # busy: no second Finish, no Cancel half-way
    assert wizard.commission.failure.text() == "Creating the commission's records…"
    failure = wizard.commission.failure
    qtbot.waitUntil(lambda: failure.text().startswith("Not set up yet:"), timeout=10_000)
    assert wizard.isVisible() and launcher.window is None
    assert "\n" not in failure.text() and failure.isVisible()
    assert (form.name.text(), form.newspaper.text()) == (
        "Upton Conservation Commission", "The Upton Town Crier")
    assert finish.isEnabled()
    blocker.unlink()  # the clerk fixes the folder and presses Finish again
    finish.click()
    qtbot.waitUntil(lambda: launcher.window is not None, timeout=10_000)
    window = launcher.window
    qtbot.addWidget(window)
    assert window.windowTitle() == "ConCom Desk — Upton Conservation Commission"
    settings = load_settings(window.db)
    assert settings is not None and settings.newspaper == "The Upton Town Crier"
    window.close()


def test_cancel_while_the_records_are_made_goes_back_to_the_wizard(
        qtbot, tmp_path: Path, monkeypatch) -> None:
    import threading

    from PySide6.QtWidgets import QProgressDialog

    from concom_desk.ui import app

    release = threading.Event()

    def slow_work(_path: Path, _warnings: object = None):  # stands in for a slow disk
        def work(progress):  # type: ignore[no-untyped-def]
            release.wait(10)
            progress.check()  # the Cancel pressed meanwhile stops it here
        return work

    monkeypatch.setattr(app, "open_database_work", slow_work)
    launcher = Launcher(tmp_path / "new.sqlite", demo_if_missing=False, today=TODAY)
    launcher.start()
    wizard = launcher.wizard
    qtbot.addWidget(wizard)
    wizard.next()
    form = wizard.commission.form
    form.name.setText("Upton Conservation Commission")
    form.address.setPlainText("Town Hall")
    form.clerk_initials.setText("JB")
    finish = wizard.button(QWizard.WizardButton.FinishButton)
    finish.click()
    progress = wizard.findChild(QProgressDialog)
    assert progress is not None and not finish.isEnabled()
    progress.canceled.emit()  # the clerk presses Cancel in the progress dialog
    release.set()
    qtbot.waitUntil(finish.isEnabled, timeout=10_000)
    assert wizard.isVisible() and launcher.window is None
    assert form.name.text() == "Upton Conservation Commission"
    assert not wizard.commission.failure.isVisible()
    monkeypatch.undo()  # the disk is quick again: Finish goes on to the window
    finish.click()
    qtbot.waitUntil(lambda: launcher.window is not None, timeout=10_000)
    window = launcher.window
    qtbot.addWidget(window)
    assert window.windowTitle() == "ConCom Desk — Upton Conservation Commission"
    window.close()



def test_choosing_the_demo_turns_next_into_finish(qtbot) -> None:
    from concom_desk.ui.setup.setup_wizard import SetupWizard

    wizard = SetupWizard()
    qtbot.addWidget(wizard)
    wizard.show()
    finish = wizard.button(QWizard.WizardButton.FinishButton)
    next_button = wizard.button(QWizard.WizardButton.NextButton)
    assert (finish.isVisible(), next_button.isVisible()) == (False, True)
    wizard.welcome.demo.setChecked(True)  # the demo needs no more answers
    assert (finish.isVisible(), next_button.isVisible()) == (True, False)
    wizard.welcome.set_up.setChecked(True)
    assert (finish.isVisible(), next_button.isVisible()) == (False, True)



# Run in a program of its own: the screen and its scaling are set before Qt starts, as
# Windows sets them. The page change fits the wizard on the next turn of the event loop:
# the script waits for that (at most 10 s), then says what it sees.
_AT_150_PERCENT = """
import time
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QWizard
from concom_desk.ui.setup.setup_wizard import SetupWizard

app = QApplication([])
wizard = SetupWizard()
wizard.show()
wizard.next()
screen = wizard.screen().availableGeometry()
finish = wizard.button(QWizard.WizardButton.FinishButton)
form, scroll = wizard.commission.form, wizard.commission.scroll

def finish_on_screen():
    corner = finish.mapToGlobal(finish.rect().topLeft())
    return screen.contains(QRect(corner, finish.size())) and finish.isVisible()

give_up = time.monotonic() + 10
while not finish_on_screen() and time.monotonic() < give_up:
    app.processEvents()
print(screen.width(), screen.height(), form.sizeHint().height() > screen.height(),
      finish_on_screen(), screen.contains(wizard.frameGeometry()),
      scroll.verticalScrollBar().maximum() > 0)

# Settings asks the same questions later: its Save button too.
from concom_desk.services.commission.settings import CommissionSettings
from concom_desk.ui.setup.settings_dialog import SettingsDialog
dialog = SettingsDialog(CommissionSettings(), lambda settings: None)
dialog.show()
app.processEvents()
save = dialog.save_button
corner = save.mapToGlobal(save.rect().topLeft())
print(screen.contains(QRect(corner, save.size())), screen.contains(dialog.frameGeometry()))
"""
# A 1366 x 768 laptop, the commonest town-hall screen.
_LAPTOP = ('{"screens": [{"name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768, '
           '"logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}], "windowFrameMargins": true}')


def test_the_wizard_s_buttons_stay_on_a_screen_smaller_than_its_form(tmp_path: Path) -> None:
    """At 150 % scaling a 1366 x 768 laptop's screen is 911 x 512: smaller than the
    commission form. The form scrolls inside the page; the wizard and its Finish button
    stay on the screen, pressable; so do Settings and its Save button."""
    import os
    import subprocess
    import sys

    screen = tmp_path / "laptop.json"
    screen.write_text(_LAPTOP, encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={screen}",
           "QT_SCALE_FACTOR": "1.5"}
    run = subprocess.run([sys.executable, "-c", _AT_150_PERCENT], env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    # the screen; the form taller than it; Finish on it; the wizard on it; the form
    # scrolls; then Settings' Save button on the screen, and Settings on it
    assert run.stdout.split() == ["911", "512", "True", "True", "True", "True", "True", "True"]
