"""Settings (and the wizard's commission page, the same form): the newspaper, Registry of
Deeds, meeting place and time and the letterhead logo are shown, edited and saved; the
members table shows a board of seven without scrolling."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from PySide6.QtWidgets import QDialogButtonBox

from concom_desk.services.commission.settings import Member, load_settings, save_settings
from concom_desk.store import Database
from concom_desk.ui.main_window import MainWindow
from concom_desk.ui.setup.setup_wizard import SetupWizard
from tests.services.commission.test_settings import png_bytes
from tests.ui.conftest import SETTINGS, TODAY

SEVEN = [Member(name, date(2025, 7, 1), None, "") for name in (
    "Ann Chase", "Ben Ortiz", "Carla Diaz", "Dev Patel", "Erin Walsh", "Frank Li",
    "Gina Russo")]


def open_settings(qtbot, db: Database) -> tuple[MainWindow, object]:
    window = MainWindow(db, db.path, load_settings(db), TODAY)
    qtbot.addWidget(window)
    window.edit_settings()
    dialog = window.findChild(QDialogButtonBox).parent()
    return window, dialog


def test_settings_shows_and_saves_the_newspaper_registry_meeting_and_logo(
        qtbot, db: Database, tmp_path: Path) -> None:
    save_settings(db, SETTINGS.__class__(**{**SETTINGS.__dict__, "newspaper": "Town Crier",
                                            "deeds_registry": "Worcester South"}), today=TODAY)
    _window, dialog = open_settings(qtbot, db)
    form = dialog.form
    assert (form.newspaper.text(), form.deeds_registry.currentText()) == (
        "Town Crier", "Worcester South")
    assert form.deeds_registry.findText("Middlesex South") > 0  # the districts are offered
    form.deeds_registry.setCurrentText("Worcester North")
    form.meeting_place.setText("Town Hall, Room 2")
    qtbot.keyClicks(form.meeting_time, "7 pm")
    assert not dialog.save_button.isEnabled()
    assert "Usual meeting time: hours and minutes, 24-hour, e.g. 19:00." in form.problems.text()
    form.meeting_time.setText("19:30")
    logo = tmp_path / "seal.png"
    logo.write_bytes(png_bytes(40, 20))
    assert form.use_logo_file(logo)
    assert form.logo_note.text() == "Logo: PNG picture, 1 KB."
    assert not form.logo_preview.pixmap().isNull()
    assert dialog.save_button.isEnabled()
    dialog.save_button.click()
    saved = load_settings(db)
    assert saved is not None
    assert (saved.newspaper, saved.deeds_registry, saved.meeting_place, saved.meeting_time) == (
        "Town Crier", "Worcester North", "Town Hall, Room 2", "19:30")
    assert saved.letterhead_logo == png_bytes(40, 20)


def test_a_file_that_is_not_a_picture_is_refused_and_the_logo_kept(
        qtbot, db: Database, tmp_path: Path) -> None:
    _window, dialog = open_settings(qtbot, db)
    form = dialog.form
    good = tmp_path / "seal.png"
    good.write_bytes(png_bytes())
    form.use_logo_file(good)
    notes = tmp_path / "minutes.docx"
    notes.write_bytes(b"PK\x03\x04 a Word file")
    assert not form.use_logo_file(notes)
    assert form.logo_note.text() == (
        "Not used: Letterhead logo: minutes.docx is not a PNG or JPEG picture.")
    assert form.settings()[0].letterhead_logo == png_bytes()  # the earlier logo stays
    form.remove_logo_button.click()
    assert form.settings()[0].letterhead_logo == b""
    assert form.logo_note.text().startswith("No logo")
    assert not form.remove_logo_button.isEnabled()


def test_a_board_of_seven_fits_without_scrolling(qtbot, db: Database) -> None:
    save_settings(db, SETTINGS.__class__(**{**SETTINGS.__dict__, "members": SEVEN}),
                  today=TODAY)
    _window, dialog = open_settings(qtbot, db)
    dialog.show()
    qtbot.waitExposed(dialog)
    view = dialog.form.member_view
    assert dialog.form.members.rowCount() == 7
    assert not view.verticalScrollBar().isVisible()
    last = view.visualRect(dialog.form.members.index(6, 0))
    assert view.viewport().rect().contains(last)
    wizard = SetupWizard()
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.next()
    qtbot.waitExposed(wizard)
    page_view = wizard.commission.form.member_view
    rows = page_view.viewport().height() // page_view.verticalHeader().defaultSectionSize()
    assert rows >= 7


def test_the_fields_stay_put_while_what_is_missing_grows(qtbot) -> None:
    """A clerk clicks a field where it was: seven blank member rows add seven lines
    to what is missing, and no field of the form moves under the mouse."""
    wizard = SetupWizard()
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.next()
    qtbot.waitExposed(wizard)
    form = wizard.commission.form
    fields = (form.newspaper, form.meeting_place, form.clerk_initials)
    before = [field.mapTo(wizard, field.rect().topLeft()) for field in fields]
    for _ in range(7):
        form.add_member_button.click()
    qtbot.waitUntil(lambda: form.problems.text().count("•") >= 7 + 3)
    after = [field.mapTo(wizard, field.rect().topLeft()) for field in fields]
    assert after == before
    form.members.setRowCount(0)  # nothing typed: the test's clean-up closes it at once


def test_escape_after_typing_asks_before_anything_typed_is_lost(qtbot) -> None:
    """Esc closes a list or a cell as often as it means "leave": with answers typed,
    the wizard asks, and "Keep setting up" (the default) keeps every answer."""
    wizard = SetupWizard()
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.next()
    qtbot.waitExposed(wizard)
    assert not wizard.has_answers()  # nothing typed: Esc leaves at once, as before
    wizard.commission.form.name.setText("Upton Conservation Commission")

    wizard.reject()  # Esc
    box = wizard.stop_question
    assert box is not None and box.isVisible()
    assert "what you typed here will be lost" in box.text()
    assert box.defaultButton().text() == "&Keep setting up"
    box.defaultButton().click()
    qtbot.waitUntil(lambda: wizard.stop_question is None)
    assert wizard.isVisible()
    assert wizard.commission.form.name.text() == "Upton Conservation Commission"

    wizard.reject()
    quit_button = next(b for b in wizard.stop_question.buttons() if b.text() == "&Quit setup")
    with qtbot.waitSignal(wizard.rejected):
        quit_button.click()
    wizard.commission.form.name.clear()  # nothing typed: the test's clean-up closes it


def test_choosing_the_towns_rules_fills_in_the_towns_registry_unless_one_was_typed(
        qtbot) -> None:
    from concom_desk.services.commission.settings import CommissionSettings
    from concom_desk.ui.setup.commission_form import CommissionForm

    form = CommissionForm(CommissionSettings(name="New commission"))
    qtbot.addWidget(form)

    def choose(town_id: str) -> str:
        form.town.setCurrentIndex(form.town.findData(town_id))
        return form.deeds_registry.currentText()

    # Upton is in the part of Worcester County the South District serves; typing
    # "Worcester" would have completed to Worcester North.
    assert choose("upton") == "Worcester South"
    assert choose("shutesbury") == "Franklin"  # the town's own choice replaces ours
    assert choose("massachusetts") == ""  # the state rules name no town
    form.deeds_registry.setCurrentText("Essex South")  # the clerk's own entry stays
    assert choose("bourne") == "Essex South"


def test_the_examples_name_the_town_whose_rules_are_chosen(qtbot) -> None:
    """A clerk in Sandwich is shown Sandwich in the examples, not Upton (the wizard's
    examples named Upton whatever town was chosen)."""
    wizard = SetupWizard()
    qtbot.addWidget(wizard)
    form = wizard.commission.form
    shown = {}
    for town in ("sandwich", "shutesbury", "massachusetts"):
        form.town.setCurrentIndex(form.town.findData(town))
        shown[town] = (form.name.placeholderText(), form.address.placeholderText(),
                       form.newspaper.placeholderText(), form.problems.text())
    assert shown["sandwich"][:3] == ("e.g. Sandwich Conservation Commission",
                                     "Town Hall\n1 Main Street\nSandwich, MA",
                                     "e.g. The Sandwich Town Crier")
    assert 'e.g. "Sandwich Conservation Commission"' in shown["sandwich"][3]
    assert shown["shutesbury"][0] == "e.g. Shutesbury Conservation Commission"
    # The state default is no town: its example is no town's either.
    assert shown["massachusetts"][0] == "e.g. Your Town Conservation Commission"
    assert shown["massachusetts"][2] == "e.g. The Town Crier"  # not "The Your Town Town…"
    assert not any("Upton" in text for texts in shown.values() for text in texts)
