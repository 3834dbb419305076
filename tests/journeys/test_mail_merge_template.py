"""A town hall's own Word mail-merge letter through the real window, in Shutesbury,
from the first run: a Notice of Intent filed; Tools → Word templates…, the board
notice selected and the clerk's letter put in as it (Use a Word file…;
«ApplicantName» as Word writes it: a complex field, its code split over runs, shown
bold; «Property_Address» a simple field); Check names the fields not matched yet and
a document made from it is refused; Merge fields… keeps the suggested matches; then
the record's Make a document… prints the applicant's name and address, bold kept,
and no field left."""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from docx import Document
from PySide6.QtWidgets import QDialogButtonBox, QFileDialog, QLineEdit, QPushButton

from concom_desk.services.documents.template_library import user_templates_dir
from concom_desk.ui.filings.document_maker import DocumentMakerDialog
from concom_desk.ui.merge_fields_dialog import MergeFieldsDialog
from concom_desk.ui.templates_dialog import TemplatesDialog
from tests.helpers.docx_reading import paragraphs
from tests.helpers.mail_merge_docx import mail_merge_letter
from tests.journeys.conftest import (
    Steps,
    Wait,
    menu_action,
    no_window_missed,
    top_level,
    when_shown,
)
from tests.journeys.test_a_notice_of_intent import file_the_noi

pytestmark = pytest.mark.slow  # a first run, a filing, the templates and two documents

TEMPLATE = "board-notice"  # a letter a Notice of Intent is offered first
APPLICANT, ADDRESS = "Daniel Forsberg", "12 Pond Road"  # as file_the_noi types them


def make_letter(record: object) -> Steps:
    """The record's Make a document…, the board notice chosen, Make: the dialog once
    it says what came of it."""
    make = next(b for b in record.findChildren(QPushButton)  # type: ignore[attr-defined]
                if b.text() == "Make a &document…")
    make.click()
    maker: DocumentMakerDialog = yield Wait(
        "the Make a document dialog", lambda: top_level(DocumentMakerDialog))
    maker.template.setCurrentIndex(maker.template.findData(TEMPLATE))
    assert maker.template.currentData() == TEMPLATE
    maker.make_button.click()
    yield Wait("the document made or refused", lambda: maker.make_button.isEnabled())
    return maker


def test_a_word_mail_merge_letter_prints_the_applicants_name(
        run_program: Callable[[Steps], int], tmp_path: Path) -> None:
    # The clerk's letter, as Word saved it in her documents.
    letter = mail_merge_letter(tmp_path / "Letter to the applicant.docx")
    made: list[Path] = []

    def open_it(dialog: QFileDialog) -> None:  # types the file's name, presses Open
        dialog.findChild(QLineEdit, "fileNameEdit").setText(str(letter))
        dialog.accept()

    def steps() -> Steps:
        window, _filing_id, record = yield from file_the_noi(
            "shutesbury", "Shutesbury Conservation Commission")

        menu_action(window, "Word &templates…").trigger()
        templates: TemplatesDialog = yield Wait("the Word templates",
                                                lambda: top_level(TemplatesDialog))
        names = [row.name for row in templates.model.rows]
        templates.table.selectRow(names.index(TEMPLATE))
        when_shown(QFileDialog, open_it, "Use which Word file as the board notice?")
        templates.use_file_button.click()  # Use a Word file…
        yield Wait("the letter put in", lambda: no_window_missed()
                   and "now your file" in templates.result.toPlainText())
        assert templates.model.index(names.index(TEMPLATE), 1).data() == "your copy"
        assert (user_templates_dir() / f"{TEMPLATE}.docx").read_bytes() == letter.read_bytes()
        templates.check_button.click()
        report = templates.result.toPlainText()
        assert report.startswith(f"{TEMPLATE}.docx: 2 problem(s)"), report
        assert ("the mail-merge field «ApplicantName» is not matched to a field of the "
                "program yet; likely {{ applicant.name }}") in report
        assert templates.merge_button.isEnabled()

        # Not matched yet: a document made from it is refused, naming the field.
        maker = yield from make_letter(record)
        assert maker.document_path is None
        assert "«ApplicantName»" in maker.result.text(), maker.result.text()
        maker.close()

        templates.merge_button.click()
        merge: MergeFieldsDialog = yield Wait("Merge fields…", lambda: isinstance(
            getattr(templates, "merge_dialog", None), MergeFieldsDialog)
            and templates.merge_dialog)
        table = merge.table
        assert [(table.item(r, 0).text(), table.cellWidget(r, 1).currentData(),
                 table.item(r, 2).text()) for r in range(table.rowCount())] == [
            ("«ApplicantName»", "applicant.name", "suggested by its name"),
            ("«Property_Address»", "property.address", "suggested by its name")]
        merge.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Save).click()
        yield Wait("checked again", lambda: "Mail-merge fields" in
                   templates.result.toPlainText())
        assert templates.result.toPlainText().splitlines()[1:] == [
            "Mail-merge fields, printed as these fields' values:",
            "  «ApplicantName» → {{ applicant.name }}",
            "  «Property_Address» → {{ property.address }}"]
        templates.close()

        maker = yield from make_letter(record)
        assert maker.document_path is not None, maker.result.text()
        made.append(maker.document_path)
        maker.close()
        record.close()
        window.close()

    assert run_program(steps()) == 0
    (letter,) = made
    printed = paragraphs(letter)
    assert f"Dear {APPLICANT}," in printed and f"Re: {ADDRESS}" in printed
    with zipfile.ZipFile(letter) as package:
        body = package.read("word/document.xml").decode("utf-8")
    for left in ("fldSimple", "instrText", "fldChar", "MERGEFIELD", "«"):
        assert left not in body, left
    runs = [run for paragraph in Document(str(letter)).paragraphs for run in paragraph.runs
            if APPLICANT in run.text]
    assert [run.bold for run in runs] == [True]  # the run Word showed «ApplicantName» in
