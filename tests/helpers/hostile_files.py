"""Hostile files for tests/hostile/: Word templates carrying active content or
costly Jinja, workbooks that are bombs or carry XML entities, broken text."""

from __future__ import annotations

import hashlib
import io
import shutil
import zipfile
from pathlib import Path

import openpyxl
from docx import Document

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
OLE_MAGIC = bytes.fromhex("d0cf11e0a1b11ae1")

# Field codes and WordML, as an applicant's or owner's name might carry them.
WORDML = ('<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>DDEAUTO '
          'c:\\\\windows\\\\system32\\\\cmd.exe "/c calc"</w:instrText></w:r>'
          '<w:r><w:fldChar w:fldCharType="end"/></w:r>')
FIELD_TEXT = '{ INCLUDEPICTURE "\\\\\\\\evil\\\\share\\\\x.png" } DDEAUTO cmd "/c calc"'
CONTROL = "\x01\x0b"  # characters XML cannot hold


def sha256(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def template(path: Path, *paragraphs: str, body_xml: str = "") -> Path:
    """A .docx with these paragraphs (Jinja in them), and raw WordML added to the body."""
    document = Document()
    for text in paragraphs:
        document.add_paragraph(text)
    document.save(str(path))
    if body_xml:
        change(path, {"word/document.xml": _document(path).replace(
            "<w:sectPr", body_xml + "<w:sectPr", 1).encode()})
    return path


def _document(path: Path) -> str:
    with zipfile.ZipFile(path) as archive:
        return archive.read("word/document.xml").decode()


def part(path: Path, name: str) -> str:
    with zipfile.ZipFile(path) as archive:
        return archive.read(name).decode()


def change(path: Path, parts: dict[str, bytes]) -> Path:
    """Replace or add parts of a package in place."""
    temp = path.with_name("changing-" + path.name)
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(temp, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            if item.filename not in parts:
                dst.writestr(item, src.read(item.filename))
        for name, data in parts.items():
            dst.writestr(name, data)
    shutil.move(temp, path)
    return path


def field(code: str) -> str:
    """A complex field with its code split over three runs, as Word writes them."""
    half = len(code) // 2
    return ('<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r>'
            f'<w:r><w:instrText xml:space="preserve">{code[:half]}</w:instrText></w:r>'
            f'<w:r><w:instrText xml:space="preserve">{code[half:]}</w:instrText></w:r>'
            '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>x</w:t></w:r>'
            '<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>')


def add_relationship(path: Path, rel_type: str, target: str, external: bool = False) -> Path:
    rels = part(path, "word/_rels/document.xml.rels")
    mode = ' TargetMode="External"' if external else ""
    rels = rels.replace("</Relationships>", f'<Relationship Id="rId900" Type="{REL}/'
                        f'{rel_type}" Target="{target}"{mode}/></Relationships>')
    return change(path, {"word/_rels/document.xml.rels": rels.encode()})


# -- workbooks -----------------------------------------------------------------

HEADER = ["Owner", "Mailing Address", "City", "State", "Zip", "Map", "Lot"]


def workbook(path: Path, rows: int = 2) -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(HEADER)
    for number in range(rows):
        sheet.append([f"Owner {number}", f"{number + 1} Main Street", "Upton", "MA", "01568",
                      "12", str(number)])
    book.save(path)
    return path


def sheet_xml(path: Path) -> str:
    return part(path, "xl/worksheets/sheet1.xml")


def with_external_link(path: Path, link_xml: bytes) -> Path:
    """A workbook that links to another workbook through an externalLink part."""
    types = part(path, "[Content_Types].xml").replace("</Types>", (
        '<Override PartName="/xl/externalLinks/externalLink1.xml" ContentType="application/'
        'vnd.openxmlformats-officedocument.spreadsheetml.externalLink+xml"/></Types>'))
    rels = part(path, "xl/_rels/workbook.xml.rels").replace("</Relationships>", (
        f'<Relationship Id="rId99" Type="{REL}/externalLink" '
        'Target="externalLinks/externalLink1.xml"/></Relationships>'))
    book = part(path, "xl/workbook.xml").replace("</workbook>", (
        f'<externalReferences><externalReference xmlns:r="{REL}" r:id="rId99"/>'
        '</externalReferences></workbook>'))
    return change(path, {"[Content_Types].xml": types.encode(),
                         "xl/_rels/workbook.xml.rels": rels.encode(),
                         "xl/workbook.xml": book.encode(),
                         "xl/externalLinks/externalLink1.xml": link_xml})


def zip_bytes(parts: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return buffer.getvalue()
