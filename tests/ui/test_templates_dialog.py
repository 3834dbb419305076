"""The templates dialog: what is in effect, Edit makes a user copy, Check names
the typo, Reset puts the default back (the clerk's copy kept aside)."""

from __future__ import annotations

from pathlib import Path

import pytest
from docx import Document
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox, QTextBrowser

from concom_desk.services.documents.template_library import TEMPLATE_NAMES, user_templates_dir
from concom_desk.services.documents.wpa_fields import WPA_TEMPLATE_NAMES
from concom_desk.ui import templates_dialog
from concom_desk.ui.templates_dialog import TemplatesDialog

# The offscreen platform has no window manager and says so; not a warning about our code.
pytestmark = pytest.mark.qt_log_ignore(r"^This plugin does not support ")


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    calls: list[Path] = []
    monkeypatch.setattr(templates_dialog, "open_path", calls.append)
    return calls


def row_of(dialog: TemplatesDialog, name: str) -> int:
    return [r.name for r in dialog.model.rows].index(name)


def cell(dialog: TemplatesDialog, name: str, column: int) -> str:
    return dialog.model.index(row_of(dialog, name), column).data()


def select(dialog: TemplatesDialog, name: str) -> None:
    dialog.table.selectRow(row_of(dialog, name))


def test_lists_every_default_template(qtbot) -> None:
    dialog = TemplatesDialog()
    qtbot.addWidget(dialog)
    # The bylaw's documents, then MassDEP's WPA forms.
    assert [r.name for r in dialog.model.rows] == [*TEMPLATE_NAMES, *WPA_TEMPLATE_NAMES]
    assert cell(dialog, "permit", 1) == "default"
    assert cell(dialog, "form-5-order-of-conditions", 1) == "default"
    assert not dialog.check_button.isEnabled()
    assert not dialog.reset_button.isEnabled()


def test_edit_makes_a_user_copy_and_opens_it(qtbot, opened: list[Path]) -> None:
    dialog = TemplatesDialog()
    qtbot.addWidget(dialog)
    select(dialog, "permit")
    qtbot.mouseClick(dialog.edit_button, Qt.MouseButton.LeftButton)
    copy = user_templates_dir() / "permit.docx"
    assert copy.is_file()
    assert opened == [copy]
    assert cell(dialog, "permit", 1) == "your copy"
    assert dialog.reset_button.isEnabled()


def test_check_names_the_clerks_typo(qtbot) -> None:
    user_templates_dir().mkdir(parents=True)
    document = Document()
    document.add_paragraph("Issued to {{ applicant.nmae }}")
    document.save(user_templates_dir() / "permit.docx")
    dialog = TemplatesDialog()
    qtbot.addWidget(dialog)
    select(dialog, "permit")
    qtbot.mouseClick(dialog.check_button, Qt.MouseButton.LeftButton)
    text = dialog.result.toPlainText()
    assert "{{ applicant.nmae }}" in text and "did you mean {{ applicant.name }}" in text


def test_check_of_a_default_says_fine(qtbot) -> None:
    dialog = TemplatesDialog()
    qtbot.addWidget(dialog)
    select(dialog, "denial")
    qtbot.mouseClick(dialog.check_button, Qt.MouseButton.LeftButton)
    assert dialog.result.toPlainText() == "denial.docx: fine (checked as the denial template)"


def test_reset_to_default_keeps_the_clerks_copy_aside(qtbot,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    user_templates_dir().mkdir(parents=True)
    Document().save(user_templates_dir() / "agenda.docx")
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *args, **kwargs: QMessageBox.StandardButton.Yes)
    dialog = TemplatesDialog()
    qtbot.addWidget(dialog)
    select(dialog, "agenda")
    assert cell(dialog, "agenda", 1) == "your copy"
    qtbot.mouseClick(dialog.reset_button, Qt.MouseButton.LeftButton)
    assert cell(dialog, "agenda", 1) == "default"
    assert not (user_templates_dir() / "agenda.docx").exists()
    kept = list((user_templates_dir() / "replaced").glob("agenda *.docx"))
    assert len(kept) == 1
    assert "back to the default" in dialog.result.toPlainText()


def test_reset_answered_no_changes_nothing(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    user_templates_dir().mkdir(parents=True)
    Document().save(user_templates_dir() / "agenda.docx")
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *args, **kwargs: QMessageBox.StandardButton.No)
    dialog = TemplatesDialog()
    qtbot.addWidget(dialog)
    select(dialog, "agenda")
    qtbot.mouseClick(dialog.reset_button, Qt.MouseButton.LeftButton)
    assert (user_templates_dir() / "agenda.docx").exists()


def test_open_folder_creates_and_opens_the_user_folder(qtbot, opened: list[Path]) -> None:
    dialog = TemplatesDialog()
    qtbot.addWidget(dialog)
    qtbot.mouseClick(dialog.folder_button, Qt.MouseButton.LeftButton)
    assert opened == [user_templates_dir()]
    assert user_templates_dir().is_dir()


def test_field_reference_shows_fields_with_examples(qtbot) -> None:
    dialog = TemplatesDialog()
    qtbot.addWidget(dialog)
    qtbot.mouseClick(dialog.reference_button, Qt.MouseButton.LeftButton)
    viewer = dialog.reference_viewer
    text = viewer.findChild(QTextBrowser).toPlainText()
    assert "applicant.name" in text and "Jane Doe" in text
    assert "notices[].owner_name" in text
    viewer.close()


def test_check_a_file_refuses_a_macro_file(qtbot, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    docm = tmp_path / "permit from the engineer.docm"
    Document().save(docm)
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        lambda *args, **kwargs: (str(docm), "Word documents"))
    dialog = TemplatesDialog()
    qtbot.addWidget(dialog)
    qtbot.mouseClick(dialog.check_file_button, Qt.MouseButton.LeftButton)
    assert dialog.result.toPlainText().startswith("permit from the engineer.docm: refused")


def test_a_mail_merge_letter_is_matched_in_the_window(qtbot, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.helpers.mail_merge_docx import mail_merge_letter

    letter = mail_merge_letter(tmp_path / "permit from the town hall.docx")
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        lambda *args, **kwargs: (str(letter), "Word documents"))
    dialog = TemplatesDialog()
    qtbot.addWidget(dialog)
    assert not dialog.merge_button.isEnabled()
    qtbot.mouseClick(dialog.check_file_button, Qt.MouseButton.LeftButton)
    assert "the mail-merge field «ApplicantName» is not matched" in dialog.result.toPlainText()
    assert dialog.merge_button.isEnabled()
    qtbot.mouseClick(dialog.merge_button, Qt.MouseButton.LeftButton)
    merge = dialog.merge_dialog
    assert [merge.table.item(r, 0).text() for r in range(merge.table.rowCount())] == [
        "«ApplicantName»", "«Property_Address»"]
    # Suggested by name; the clerk changes the second one before saving.
    assert merge.choices["ApplicantName"].currentText() == "applicant.name"
    assert merge.table.item(0, 2).text() == "suggested by its name"
    merge.choices["Property_Address"].setCurrentText("property.map_lot")
    merge.save()
    assert dialog.result.toPlainText().splitlines() == [
        "permit from the town hall.docx: fine (checked as the permit template)",
        "Mail-merge fields, printed as these fields' values:",
        "  «ApplicantName» → {{ applicant.name }}",
        "  «Property_Address» → {{ property.map_lot }}"]


def test_a_word_file_is_put_in_as_the_selected_template(qtbot, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.helpers.mail_merge_docx import mail_merge_letter

    letter = mail_merge_letter(tmp_path / "Town hall letter.docx")
    chosen = [letter]
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        lambda *args, **kwargs: (str(chosen[0]), "Word documents"))
    dialog = TemplatesDialog()
    qtbot.addWidget(dialog)
    assert not dialog.use_file_button.isEnabled()  # which template first
    select(dialog, "board-notice")
    qtbot.mouseClick(dialog.use_file_button, Qt.MouseButton.LeftButton)
    assert cell(dialog, "board-notice", 1) == "your copy"
    copy = user_templates_dir() / "board-notice.docx"
    assert copy.read_bytes() == letter.read_bytes()
    # Checked at once: its mail-merge fields are matched next.
    assert dialog.result.toPlainText().splitlines()[:2] == [
        "board-notice: now your file Town hall letter.docx.",
        "board-notice.docx: 2 problem(s) (checked as the board-notice template)"]
    assert dialog.merge_button.isEnabled()

    chosen[0] = tmp_path / "letter.docm"  # a macro file: refused, nothing changed
    chosen[0].write_bytes(letter.read_bytes())
    qtbot.mouseClick(dialog.use_file_button, Qt.MouseButton.LeftButton)
    assert dialog.result.toPlainText().startswith(
        "Not used: letter.docm is not used as the board-notice template: letter.docm is a "
        "macro-enabled Word file (.docm)")
    assert copy.read_bytes() == letter.read_bytes()
    assert not (user_templates_dir() / "replaced").exists()
