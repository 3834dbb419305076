"""PDF export with LibreOffice (skipped only when LibreOffice is absent), and the
plain-words refusal when no converter is installed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from docx import Document

from concom_desk.errors import OperationFailed, UserError
from concom_desk.services.documents import output as document_output
from concom_desk.services.documents.rendering import render_template
from concom_desk.services.documents.template_examples import example_context

needs_libreoffice = pytest.mark.skipif(document_output.find_libreoffice() is None,
                                       reason="LibreOffice is not installed")


@needs_libreoffice
def test_permit_converts_to_pdf_with_its_facts(tmp_path: Path) -> None:
    context = example_context("permit")
    docx = render_template("permit", context, tmp_path / "Permit UCC 2026-014.docx")
    pdf = document_output.export_pdf(docx)
    assert pdf == tmp_path / "Permit UCC 2026-014.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                              text=True, check=True).stdout
        assert "ORDER OF CONDITIONS" in text
        assert context["filing"]["file_no"] in text
        assert context["commission"]["signature_lines"][-1] in text


@needs_libreoffice
def test_second_export_does_not_overwrite(tmp_path: Path) -> None:
    docx = render_template("waiver-21-day", example_context("waiver-21-day"),
                           tmp_path / "waiver.docx")
    first = document_output.export_pdf(docx)
    second = document_output.export_pdf(docx)
    assert (first.name, second.name) == ("waiver.pdf", "waiver (2).pdf")


def test_no_converter_says_what_to_install(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    docx = tmp_path / "letter.docx"
    Document().save(str(docx))  # a real, plain document: damaged ones are refused first
    monkeypatch.setattr(document_output, "find_libreoffice", lambda: None)
    monkeypatch.setattr(document_output, "word_is_installed", lambda: False)
    assert document_output.pdf_converter() is None
    with pytest.raises(OperationFailed, match="LibreOffice .* or Microsoft Word"):
        document_output.export_pdf(docx)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["letter.docx"]


def test_missing_document_is_a_user_error(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="does not exist"):
        document_output.open_document(tmp_path / "gone.docx")


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    commands: list[list[str]] = []

    class FakePopen:
        def __init__(self, command: list[str], **_: object) -> None:
            commands.append(command)

    monkeypatch.setattr(document_output.subprocess, "Popen", FakePopen)
    return commands


@pytest.mark.parametrize(("platform", "expected"), [
    ("linux", ["xdg-open", "{doc}"]),
    ("darwin", ["open", "{doc}"]),
])
def test_open_uses_the_systems_application(platform: str, expected: list[str], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch,
                                           launched: list[list[str]]) -> None:
    doc = tmp_path / "Permit 2026-014.docx"
    Document().save(str(doc))
    monkeypatch.setattr(document_output.sys, "platform", platform)
    document_output.open_document(doc)
    assert launched == [[part.format(doc=doc) for part in expected]]


@pytest.mark.parametrize(("platform", "expected"), [
    ("linux", ["xdg-open", "{folder}"]),
    ("darwin", ["open", "-R", "{doc}"]),
    ("win32", ["explorer", "/select,{doc}"]),
])
def test_show_in_folder(platform: str, expected: list[str], tmp_path: Path,
                        monkeypatch: pytest.MonkeyPatch, launched: list[list[str]]) -> None:
    doc = tmp_path / "Permit 2026-014.docx"
    Document().save(str(doc))
    monkeypatch.setattr(document_output.sys, "platform", platform)
    document_output.show_in_folder(doc)
    assert launched == [[part.format(doc=doc, folder=tmp_path) for part in expected]]


def test_print_without_word_or_libreoffice_says_so(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    doc = tmp_path / "letter.docx"
    Document().save(str(doc))
    monkeypatch.setattr(document_output.sys, "platform", "linux")
    monkeypatch.setattr(document_output, "find_libreoffice", lambda: None)
    with pytest.raises(OperationFailed, match="printing needs Microsoft Word or LibreOffice"):
        document_output.print_document(doc, "Town Hall LaserJet")


def test_print_names_the_chosen_printer_once_a_copy(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    doc = tmp_path / "letter.docx"
    Document().save(str(doc))
    runs: list[list[str]] = []
    monkeypatch.setattr(document_output.sys, "platform", "linux")
    monkeypatch.setattr(document_output, "find_libreoffice", lambda: Path("soffice"))
    monkeypatch.setattr(document_output.shutil, "which", lambda _name: None)  # no `lp`
    monkeypatch.setattr(document_output, "_run_soffice",
                        lambda _soffice, arguments, profile=None: runs.append(arguments))
    assert document_output.print_document(doc, "Town Hall LaserJet", 2) == "LibreOffice"
    assert runs == [["--pt", "Town Hall LaserJet", str(doc)]] * 2


def test_print_through_the_queue_names_the_job(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    doc = tmp_path / "letter.docx"
    Document().save(str(doc))
    queued: list[list[str]] = []

    def lp(command: list[str], **_kwargs: object) -> subprocess.CompletedProcess[str]:
        queued.append(command)
        assert Path(command[-1]).read_bytes() == b"%PDF-1.7"  # the PDF, while it exists
        return subprocess.CompletedProcess(
            command, 0, "request id is Town_Hall_LaserJet-7 (1 file(s))\n", "")

    def pdf(_path: Path, out: Path) -> Path:
        out.write_bytes(b"%PDF-1.7")
        return out

    monkeypatch.setattr(document_output.sys, "platform", "linux")
    monkeypatch.setattr(document_output, "find_libreoffice", lambda: Path("soffice"))
    monkeypatch.setattr(document_output.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(document_output, "export_pdf", pdf)
    monkeypatch.setattr(document_output.subprocess, "run", lp)
    assert document_output.print_document(doc, "Town_Hall_LaserJet", 2) == (
        "the print queue, job Town_Hall_LaserJet-7")
    [command] = queued
    assert command[:5] == ["/usr/bin/lp", "-d", "Town_Hall_LaserJet", "-n", "2"]
    assert Path(command[5]).name == "letter.pdf"


@pytest.mark.slow
@needs_libreoffice
def test_every_default_template_opens_in_libreoffice(tmp_path: Path) -> None:
    from concom_desk.services.documents.template_library import TEMPLATE_NAMES

    docs = [str(render_template(name, example_context(name), tmp_path / f"{name}.docx"))
            for name in TEMPLATE_NAMES]
    soffice = document_output.find_libreoffice()
    assert soffice is not None
    document_output._run_soffice(soffice, ["--convert-to", "pdf", "--outdir",
                                           str(tmp_path / "pdf"), *docs],
                                 profile=tmp_path / "profile")
    made = sorted(p.stem for p in (tmp_path / "pdf").glob("*.pdf"))
    assert made == sorted(TEMPLATE_NAMES)
    assert all(p.stat().st_size > 1000 for p in (tmp_path / "pdf").glob("*.pdf"))
