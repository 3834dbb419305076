"""Open, show, print and turn into PDF a document the program made, with
whatever this computer has: the system's default application for .docx, and
LibreOffice (or, on Windows, Microsoft Word) for printing without a dialog and
for PDF. When neither is there the clerk is told so in plain words.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from concom_desk.child_programs import no_console_window
from concom_desk.domain.docx_safety import package_refusals
from concom_desk.domain.safe_filename import safe_path
from concom_desk.errors import OperationFailed, UserError

CONVERT_TIMEOUT_S = 180
_WINDOWS_SOFFICE = (
    r"C:\Program Files\LibreOffice\program\soffice.exe",
    r"C:\Program Files (x86)\LibreOffice\program\soffice.exe",
)
_MAC_SOFFICE = "/Applications/LibreOffice.app/Contents/MacOS/soffice"
NO_CONVERTER = ("PDF export needs LibreOffice (free, from libreoffice.org) or Microsoft Word, "
                "and neither was found on this computer; open the document in a word "
                "processor and save it as PDF from there")


def find_libreoffice() -> Path | None:
    for name in ("soffice", "libreoffice"):
        found = shutil.which(name)
        if found:
            return Path(found)
    candidates = _WINDOWS_SOFFICE if sys.platform == "win32" else (_MAC_SOFFICE,)
    for candidate in candidates:
        if Path(candidate).is_file():
            return Path(candidate)
    return None


def word_is_installed() -> bool:
    if sys.platform != "win32":
        return False
    import winreg  # Windows only

    try:
        winreg.OpenKey(winreg.HKEY_CLASSES_ROOT, r"Word.Application\CLSID").Close()
    except OSError:
        return False
    return True


def pdf_converter() -> str | None:
    """'LibreOffice', 'Microsoft Word', or None."""
    if find_libreoffice() is not None:
        return "LibreOffice"
    if word_is_installed():
        return "Microsoft Word"
    return None


def _existing(path: Path) -> Path:
    path = Path(path)
    if not path.is_file():
        raise UserError(f"{path} does not exist (was it moved or deleted?)")
    return path


def _plain(path: Path) -> Path:
    """The document, when it is plain: a file changed on disk since the program made
    it (a macro or a field added in Word) is not printed or converted by the program."""
    path = _existing(path)
    if path.suffix.lower() in (".docx", ".docm", ".dotm"):
        refusals = package_refusals(path)
        if refusals:
            raise UserError(f"{path.name} is not printed or converted: "
                            f"{'; '.join(map(str, refusals))}")
    return path


def open_document(path: Path) -> None:
    """Open in the application the system uses for this kind of file."""
    path = _existing(path)
    if sys.platform == "win32":
        os.startfile(str(path))  # type: ignore[attr-defined]
    else:
        _launch(["open" if sys.platform == "darwin" else "xdg-open", str(path)])


def show_in_folder(path: Path) -> None:
    """Open the folder holding the document, with the document selected where the
    system's file manager can do that."""
    path = _existing(path)
    if sys.platform == "win32":
        _launch(["explorer", f"/select,{path}"])
    elif sys.platform == "darwin":
        _launch(["open", "-R", str(path)])
    else:
        _launch(["xdg-open", str(path.parent)])


def print_document(path: Path, printer: str, copies: int = 1) -> str:
    """Send the document to the named printer, `copies` times; returns what took it
    (the print queue with its job number, LibreOffice, or the program that opens .docx
    files on Windows) so the clerk is told exactly that."""
    path = _plain(path)
    copies = max(1, copies)
    if sys.platform == "win32":
        try:
            for _copy in range(copies):
                # "printto" names the printer; the application registered for .docx prints.
                os.startfile(str(path), "printto", f'"{printer}"')  # type: ignore[attr-defined]
            return "the program that opens .docx files"
        except OSError:
            pass  # no application registered to print .docx: try LibreOffice
    lp = shutil.which("lp") if sys.platform != "win32" else None
    if lp is not None and find_libreoffice() is not None:
        # The print system's own queue: it answers with a job number, so the clerk is
        # told what was queued rather than what LibreOffice was asked to do.
        with tempfile.TemporaryDirectory(prefix="concom-print-") as work:
            pdf = export_pdf(path, Path(work) / f"{path.stem}.pdf")
            return _queue(lp, pdf, printer, copies)
    soffice = find_libreoffice()
    if soffice is None:
        raise OperationFailed("printing needs Microsoft Word or LibreOffice, and neither "
                              "was found; open the document and print it from there")
    for _copy in range(copies):
        _run_soffice(soffice, ["--pt", printer, str(path)])
    return "LibreOffice"


def _queue(lp: str, pdf: Path, printer: str, copies: int) -> str:
    """Hand the PDF to the print queue; returns 'LibreOffice and the print queue (job …)'."""
    # errors="replace" here and below: another program's messages are in its own code page
    # (PowerShell's, a console's), which need not be ours; an unreadable byte is a mark.
    try:
        done = subprocess.run([lp, "-d", printer, "-n", str(copies), str(pdf)],
                              capture_output=True, text=True, errors="replace", timeout=60,
                              check=False,
                              **no_console_window())
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise OperationFailed(f"the print queue did not take it: {exc}") from None
    if done.returncode != 0:
        raise OperationFailed("the print queue refused it: "
                              f"{(done.stderr or done.stdout).strip()[:200]}")
    job = re.search(r"request id is (\S+)", done.stdout)
    return f"the print queue, job {job.group(1)}" if job else "the print queue"


def _launch(command: list[str]) -> None:
    try:
        subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True, **no_console_window())
    except OSError as exc:
        raise OperationFailed(f"could not start {command[0]}: {exc.strerror or exc}") from None


def export_pdf(path: Path, out: Path | None = None) -> Path:
    """Convert a .docx to PDF beside it (or at `out`); returns the PDF's path.
    An existing PDF is never overwritten: the new one gets " (2)"."""
    path = _plain(path)
    target = out or safe_path(path.parent, path.stem, ".pdf")
    soffice = find_libreoffice()
    with tempfile.TemporaryDirectory(prefix="concom-pdf-") as work:
        if soffice is not None:
            _run_soffice(soffice, ["--convert-to", "pdf", "--outdir", work, str(path)],
                         profile=Path(work) / "profile")
        elif word_is_installed():
            _word_to_pdf(path, Path(work) / f"{path.stem}.pdf")
        else:
            raise OperationFailed(NO_CONVERTER)
        produced = Path(work) / f"{path.stem}.pdf"
        if not produced.is_file():
            raise OperationFailed(f"the PDF of {path.name} was not produced (is the document "
                                  "damaged?)")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(produced), str(target))
    return target


def _run_soffice(soffice: Path, arguments: list[str], profile: Path | None = None) -> None:
    # A private profile lets the conversion run while the clerk has LibreOffice open
    # (otherwise the running instance swallows the request and nothing is written).
    own_profile = profile or Path(tempfile.mkdtemp(prefix="concom-lo-"))
    command = [str(soffice), f"-env:UserInstallation={own_profile.as_uri()}", "--headless",
               "--norestore", *arguments]
    try:
        done = subprocess.run(command, capture_output=True, text=True, errors="replace",
                              timeout=CONVERT_TIMEOUT_S, check=False, **no_console_window())
    except subprocess.TimeoutExpired:
        raise OperationFailed(f"LibreOffice did not finish within {CONVERT_TIMEOUT_S} s"
                              ) from None
    except OSError as exc:
        raise OperationFailed(f"could not start LibreOffice: {exc.strerror or exc}") from None
    finally:
        if profile is None:
            shutil.rmtree(own_profile, ignore_errors=True)
    if done.returncode != 0:
        raise OperationFailed(f"LibreOffice failed: {(done.stderr or done.stdout).strip()[:200]}")


def _word_to_pdf(source: Path, target: Path) -> None:
    """Word's own 'Save as PDF' (format 17), driven through PowerShell's COM bridge."""
    source_text = str(source).replace("'", "''")  # PowerShell's quoting inside '...'
    target_text = str(target).replace("'", "''")
    script = (
        "$ErrorActionPreference='Stop';"
        "$w=New-Object -ComObject Word.Application;$w.Visible=$false;"
        f"try{{$d=$w.Documents.Open('{source_text}',$false,$true);"
        f"$d.SaveAs([ref]'{target_text}',[ref]17);$d.Close($false)}}finally{{$w.Quit()}}"
    )
    try:
        done = subprocess.run(["powershell", "-NoProfile", "-NonInteractive", "-Command",
                               script], capture_output=True, text=True, errors="replace",
                              timeout=CONVERT_TIMEOUT_S, check=False, **no_console_window())
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise OperationFailed(f"Microsoft Word could not make the PDF: {exc}") from None
    if done.returncode != 0:
        raise OperationFailed(f"Microsoft Word could not make the PDF: {done.stderr[:200]}")
