"""Open, Print and Save as PDF say exactly what was done. The printer list, the print
dialog, the questions and the system's opener are replaced: nothing is really
printed or opened here."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concom_desk.services.documents import output as document_output
from concom_desk.services.documents.register import RegisteredDocument
from concom_desk.ui import document_actions
from concom_desk.ui.document_actions import OPEN_FOLDER, SAVE_AS_PDF, PrintChoice
from concom_desk.ui.filings.document_maker import DocumentMakerDialog
from tests.ui.conftest import TODAY


class Desk:
    """What the program asked and handed to the system."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.asked: list[tuple[str, str, list[str]]] = []
        self.answer: str | None = None
        self.opened: list[Path] = []
        self.opens: set[str] = {"folder"}  # what the system can open: "docx", "folder"
        self.printers: list[str] = []
        self.choice: PrintChoice | None = None
        self.sent: list[tuple[Path, str, int]] = []
        monkeypatch.setattr(document_actions, "ask", self._ask)
        monkeypatch.setattr(document_actions, "system_open", self._open)
        monkeypatch.setattr(document_actions, "installed_printers", lambda: self.printers)
        monkeypatch.setattr(document_actions, "choose_printer", lambda _p, _names: self.choice)
        monkeypatch.setattr(document_output, "print_document", self._print)

    def _ask(self, _parent: object, title: str, text: str, choices: list[str]) -> str | None:
        self.asked.append((title, text, list(choices)))
        return self.answer

    def _open(self, path: Path) -> bool:
        kind = "folder" if path.is_dir() else path.suffix.lstrip(".")
        if kind in self.opens:
            self.opened.append(path)
            return True
        return False

    def _print(self, path: Path, printer: str, copies: int = 1) -> str:
        self.sent.append((path, printer, copies))
        return "LibreOffice"


@pytest.fixture
def desk(monkeypatch: pytest.MonkeyPatch) -> Desk:
    return Desk(monkeypatch)


@pytest.fixture
def letter(tmp_path: Path) -> Path:
    path = tmp_path / "letters.docx"
    path.write_bytes(b"PK")
    return path


def test_no_printer_says_so_and_offers_pdf_and_folder(desk: Desk, letter: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    made = letter.with_suffix(".pdf")
    monkeypatch.setattr(document_output, "export_pdf", lambda _path: made)
    desk.answer = SAVE_AS_PDF
    said = document_actions.print_document(None, letter)
    [(title, text, choices)] = desk.asked
    assert title == "No printer"
    assert text.startswith(f"No printer is installed on this computer, so letters.docx was "
                           f"not printed. It is saved in {letter.parent}.")
    assert choices == [SAVE_AS_PDF, OPEN_FOLDER]
    assert said == (f"No printer is installed on this computer, so letters.docx was not "
                    f"printed. It is saved in {letter.parent}. Saved letters.pdf in "
                    f"{letter.parent}.")
    assert desk.sent == []

    desk.answer = OPEN_FOLDER
    said = document_actions.print_document(None, letter)
    assert said.endswith(f"It is saved in {letter.parent}. Opened the folder {letter.parent}.")
    assert desk.opened == [letter.parent]


def test_a_chosen_printer_and_copies_are_named(desk: Desk, letter: Path) -> None:
    desk.printers = ["Town Hall LaserJet", "Clerk's inkjet"]
    desk.choice = PrintChoice("Town Hall LaserJet", 2)
    assert document_actions.print_document(None, letter) == (
        "Sent letters.docx to the printer Town Hall LaserJet (2 copies, through LibreOffice).")
    assert desk.sent == [(letter, "Town Hall LaserJet", 2)]
    assert desk.asked == []


def test_cancelling_the_print_dialog_prints_nothing(desk: Desk, letter: Path) -> None:
    desk.printers = ["Town Hall LaserJet"]
    assert document_actions.print_document(None, letter) == (
        f"Not printed. Saved letters.docx in {letter.parent}.")
    assert desk.sent == []


def test_open_with_nothing_for_docx_says_so_and_offers_the_folder(desk: Desk,
                                                                  letter: Path) -> None:
    desk.answer = OPEN_FOLDER
    said = document_actions.open_document(None, letter)
    [(title, text, choices)] = desk.asked
    assert title == "Could not open the document"
    assert text.startswith("Nothing on this computer opens .docx files, so letters.docx was "
                           f"not opened. It is saved in {letter.parent}.")
    assert choices == [OPEN_FOLDER]
    assert said == ("Nothing on this computer opens .docx files, so letters.docx was not "
                    f"opened. It is saved in {letter.parent}. Opened the folder "
                    f"{letter.parent}.")

    desk.opens = set()  # not even a file manager
    desk.asked.clear()
    said = document_actions.open_document(None, letter)
    assert said.endswith(f"The folder could not be opened on this computer; it is "
                         f"{letter.parent}.")


def test_open_that_works_names_the_file(desk: Desk, letter: Path) -> None:
    desk.opens = {"docx"}
    assert document_actions.open_document(None, letter) == "Opened letters.docx."
    assert desk.opened == [letter] and desk.asked == []


def test_a_document_moved_away_is_named(desk: Desk, tmp_path: Path) -> None:
    gone = tmp_path / "Permit.docx"
    assert document_actions.open_document(None, gone) == (
        f"Permit.docx is no longer in {tmp_path} (was it moved or deleted?).")
    assert document_actions.print_document(None, gone) == (
        f"Permit.docx is no longer in {tmp_path} (was it moved or deleted?).")


def test_make_document_print_without_printer_never_says_printed(
        qtbot: QtBot, desk: Desk, letter: Path, town_db) -> None:
    dialog = DocumentMakerDialog(town_db, "2026-01", "noi", TODAY)
    qtbot.addWidget(dialog)
    # as when the document has just been made (a document to issue: no DRAFT facts)
    dialog._made(RegisteredDocument(1, letter, "Letters", "abutter-letter.docx", ""))
    assert dialog.result.text() == (f"Saved in the record's documents: <b>letters.docx</b>"
                                    f"<br>{letter.parent}")
    qtbot.mouseClick(dialog.after_buttons["Print"], Qt.MouseButton.LeftButton)
    assert dialog.result.text() == (f"No printer is installed on this computer, so "
                                    f"letters.docx was not printed. It is saved in "
                                    f"{letter.parent}.")
    qtbot.mouseClick(dialog.after_buttons["Open"], Qt.MouseButton.LeftButton)
    assert dialog.result.text().startswith("Nothing on this computer opens .docx files")



@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the desktop's list is Linux's")
@pytest.mark.parametrize(("set_for_docx", "nothing_opens"), [("", True),
                                                             ("writer.desktop", False)])
def test_on_linux_a_document_no_program_is_set_for_is_not_called_opened(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, letter: Path,
        set_for_docx: str, nothing_opens: bool) -> None:
    """xdg-open starts whatever the file, so Qt said "opened" for a .docx on a desk with
    no word processor: the desktop's list (xdg-mime) is asked first."""
    tools = tmp_path / "bin"
    tools.mkdir()
    for name, script in (("xdg-open", "exit 0"), ("xdg-mime", f"echo '{set_for_docx}'")):
        (tools / name).write_text(f"#!/bin/sh\n{script}\n", encoding="utf-8")
        (tools / name).chmod(0o755)
    monkeypatch.setenv("PATH", str(tools))
    assert document_actions.no_program_set_for(letter) is nothing_opens
