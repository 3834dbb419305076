"""Open, print or save as PDF a document the program made, and say exactly what was
done: "Saved …", "Sent … to <printer>", never "printed" unless a printer was chosen.

When nothing on this computer opens the file, or no printer is installed, the clerk
is told so in those words and offered the folder (and, for printing, a PDF). Each
function returns the sentence to show; the few questions go through `ask` and the
print dialog through `choose_printer`, so tests can answer them.
"""

from __future__ import annotations

import mimetypes
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrinterInfo
from PySide6.QtWidgets import QDialog, QGroupBox, QMessageBox, QWidget

from concom_desk.child_programs import no_console_window
from concom_desk.errors import OperationFailed, UserError
from concom_desk.services.documents import output as document_output

OPEN_FOLDER = "Open folder"
SAVE_AS_PDF = "Save as PDF"


@dataclass(frozen=True)
class PrintChoice:
    printer: str
    copies: int


def installed_printers() -> list[str]:
    return [printer.printerName() for printer in QPrinterInfo.availablePrinters()]


def choose_printer(parent: QWidget | None, printers: Sequence[str]) -> PrintChoice | None:
    """The system's print dialog: which printer and how many copies (None: cancelled)."""
    printer = QPrinter()
    default = QPrinterInfo.defaultPrinter().printerName()
    printer.setPrinterName(default if default in printers else printers[0])
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle("Print")
    # Pages and ranges are the word processor's business: the whole document prints, so
    # the dialog offers only the printer and the copies.
    dialog.setOptions(QPrintDialog.PrintDialogOption.PrintCollateCopies)
    for box in dialog.findChildren(QGroupBox):
        # Qt's own dialog on Linux shows the range whatever the options say.
        if box.title().replace("&", "").lower() == "print range":
            box.setEnabled(False)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return PrintChoice(printer.printerName(), max(1, printer.copyCount()))


def ask(parent: QWidget | None, title: str, text: str, choices: Sequence[str]) -> str | None:
    """A message with a button for each next step; returns the one clicked (None: Close)."""
    box = QMessageBox(QMessageBox.Icon.Information, title, text,
                      QMessageBox.StandardButton.Close, parent)
    buttons = {box.addButton(choice, QMessageBox.ButtonRole.ActionRole): choice
               for choice in choices}
    box.exec()
    return buttons.get(box.clickedButton())  # type: ignore[call-overload]


def system_open(path: Path) -> bool:
    """Hand the file (or folder) to the program the system uses for it; False when
    nothing took it."""
    if sys.platform == "win32":
        try:
            os.startfile(str(path))  # type: ignore[attr-defined]
        except OSError:  # no program is set for the kind of file
            return False
        return True
    if sys.platform != "darwin" and no_program_set_for(path):
        return False
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))


def no_program_set_for(path: Path) -> bool:
    """On Linux Qt hands the file to xdg-open and answers "opened" as soon as xdg-open
    starts, even when no program is set for that kind of file and nothing opens (the
    window said "Opened Violation notice … .docx" when nothing had): ask the desktop's
    own list first. When it cannot be asked, Qt's answer stands."""
    if shutil.which("xdg-open") is None:
        return True
    kind = "inode/directory" if path.is_dir() else mimetypes.guess_type(path.name)[0]
    if kind is None or shutil.which("xdg-mime") is None:
        return False
    try:
        answer = subprocess.run(["xdg-mime", "query", "default", kind], capture_output=True,
                                text=True, timeout=5, check=False, **no_console_window())
    except (OSError, subprocess.SubprocessError):
        return False
    return answer.returncode == 0 and not answer.stdout.strip()


def _missing(path: Path) -> str | None:
    if path.is_file():
        return None
    return f"{path.name} is no longer in {path.parent} (was it moved or deleted?)."


def saved_words(path: Path) -> str:
    return f"Saved {path.name} in {path.parent}."


def open_folder(path: Path) -> str:
    """Open the folder holding `path` (or `path` itself when it is a folder)."""
    folder = path if path.is_dir() else path.parent
    if system_open(folder):
        return f"Opened the folder {folder}."
    return f"The folder could not be opened on this computer; it is {folder}."


def open_document(parent: QWidget | None, path: Path) -> str:
    path = Path(path)
    gone = _missing(path)
    if gone:
        return gone
    if system_open(path):
        return f"Opened {path.name}."
    kind = path.suffix.lower() or "such"
    text = (f"Nothing on this computer opens {kind} files, so {path.name} was not opened. "
            f"It is saved in {path.parent}.")
    advice = ("\n\nInstall a word processor (LibreOffice is free, from libreoffice.org), or "
              "open the folder and copy the file to a computer that has one.")
    if ask(parent, "Could not open the document", text + advice, [OPEN_FOLDER]) == OPEN_FOLDER:
        return f"{text} {open_folder(path)}"
    return text


def save_pdf(path: Path) -> str:
    path = Path(path)
    try:
        produced = document_output.export_pdf(path)
    except (OperationFailed, UserError) as exc:
        return f"No PDF was made: {exc}."
    return saved_words(produced)


def print_document(parent: QWidget | None, path: Path) -> str:
    path = Path(path)
    gone = _missing(path)
    if gone:
        return gone
    printers = installed_printers()
    if not printers:
        text = (f"No printer is installed on this computer, so {path.name} was not printed. "
                f"It is saved in {path.parent}.")
        choice = ask(parent, "No printer", text + "\n\nSave it as PDF to print elsewhere or "
                     "send by e-mail, or open its folder.", [SAVE_AS_PDF, OPEN_FOLDER])
        if choice == SAVE_AS_PDF:
            return f"{text} {save_pdf(path)}"
        if choice == OPEN_FOLDER:
            return f"{text} {open_folder(path)}"
        return text
    chosen = choose_printer(parent, printers)
    if chosen is None:
        return f"Not printed. {saved_words(path)}"
    try:
        by = document_output.print_document(path, chosen.printer, chosen.copies)
    except (OperationFailed, UserError) as exc:
        return f"{path.name} was not printed: {exc}."
    copies = "1 copy" if chosen.copies == 1 else f"{chosen.copies} copies"
    return f"Sent {path.name} to the printer {chosen.printer} ({copies}, through {by})."
