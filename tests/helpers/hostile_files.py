"""Hostile files for tests/hostile/: Word templates carrying active content or
costly Jinja, workbooks that are bombs or carry XML entities, broken text."""

from __future__ import annotations

import hashlib
import io
import re
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


# -- parts under names that do not say what they are ---------------------------

def main_part_renamed(path: Path, new_name: str) -> Path:
    """The main document moved to `new_name` (e.g. word/main.dat), with the content type
    override and the package relationship pointing at it, as Word would follow them."""
    with zipfile.ZipFile(path) as src:
        parts = {info.filename: src.read(info.filename) for info in src.infolist()}
    folder, _, leaf = new_name.rpartition("/")
    types = parts.pop("[Content_Types].xml").decode().replace(
        'PartName="/word/document.xml"', f'PartName="/{new_name}"')
    rels = parts.pop("_rels/.rels").decode().replace('Target="word/document.xml"',
                                                     f'Target="{new_name}"')
    parts[new_name] = parts.pop("word/document.xml")
    parts[f"{folder}/_rels/{leaf}.rels"] = parts.pop("word/_rels/document.xml.rels")
    temp = path.with_name("changing-" + path.name)
    with zipfile.ZipFile(temp, "w", zipfile.ZIP_DEFLATED) as dst:
        dst.writestr("[Content_Types].xml", types)
        dst.writestr("_rels/.rels", rels)
        for name, data in parts.items():
            dst.writestr(name, data)
    shutil.move(temp, path)
    return path


def add_header(path: Path, name: str, body_xml: str) -> Path:
    """A header part under `name` (any name: word/header9.dat), declared by a content
    type override and referenced from the section, holding `body_xml`."""
    header_type = "application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"
    types = part(path, "[Content_Types].xml").replace(
        "</Types>", f'<Override PartName="/{name}" ContentType="{header_type}"/></Types>')
    rels = part(path, "word/_rels/document.xml.rels").replace(
        "</Relationships>", f'<Relationship Id="rId901" Type="{REL}/header" '
        f'Target="{name.removeprefix("word/")}"/></Relationships>')
    document = re.sub(r"(<w:sectPr\b[^>]*>)", rf'\1<w:headerReference xmlns:r="{REL}" '
                      'w:type="default" r:id="rId901"/>', _document(path), count=1)
    header = (f'<w:hdr xmlns:w="{W_NS}">{body_xml}</w:hdr>').encode()
    return change(path, {"[Content_Types].xml": types.encode(),
                         "word/_rels/document.xml.rels": rels.encode(),
                         "word/document.xml": document.encode(), name: header})


def declare_part(path: Path, name: str, content_type: str, data: bytes) -> Path:
    """A part added under `name` with a content type override saying what it is."""
    types = part(path, "[Content_Types].xml").replace(
        "</Types>", f'<Override PartName="/{name}" ContentType="{content_type}"/></Types>')
    return change(path, {"[Content_Types].xml": types.encode(), name: data})
