"""Templates that would put active Word content into what the commission sends
out: each is refused by `check-template` and by `render`, with the template and
the field named; nothing is written to the documents folder or the database."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from concom_desk.domain.docx_safety import package_refusals
from concom_desk.services.documents.template_library import user_templates_dir
from tests.helpers.hostile_files import (
    OLE_MAGIC,
    add_header,
    add_relationship,
    change,
    declare_part,
    field,
    main_part_renamed,
    part,
    template,
)


def first_filing(db: Path) -> str:
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT file_no FROM filing WHERE status != 'void' "
                                  "ORDER BY id LIMIT 1").fetchone()[0]


def _ole_as_picture(path: Path) -> Path:
    """An OLE Package object under a picture's name, wired in as an object."""
    change(path, {"word/media/image9.png": OLE_MAGIC + b"\0" * 512})
    return add_relationship(path, "oleObject", "media/image9.png")


def _ole_by_content_type(path: Path) -> Path:
    types = part(path, "[Content_Types].xml").replace("</Types>", (
        '<Override PartName="/word/custom/thing.dat" ContentType="application/'
        'vnd.openxmlformats-officedocument.oleObject"/></Types>'))
    return change(path, {"[Content_Types].xml": types.encode(),
                         "word/custom/thing.dat": b"not an image"})


# (how the template is made, what the refusal names)
ACTIVE = {
    "dde assembled by jinja": (
        lambda p: template(p, body_xml=field('{{ "DDE" }}AUTO cmd "/c calc"')), "DDEAUTO field"),
    "autoescape turned off": (
        lambda p: template(p, '{% autoescape false %}{{ "<w:fldSimple w:instr=\\"INCLUDE'
                              'PICTURE \\\\\\\\server\\\\share\\\\a.png\\"/>" }}'
                              '{% endautoescape %}'), "autoescape cannot be turned off"),
    "includepicture to a share, split over runs": (
        lambda p: template(p, body_xml=field('INCLUDEPICTURE "\\\\server\\share\\a.png"')),
        "INCLUDEPICTURE field"),
    "includetext from the web": (
        lambda p: template(p, body_xml=field('INCLUDETEXT "http://example.invalid/x"')),
        "INCLUDETEXT field"),
    "link field": (lambda p: template(p, body_xml=field('LINK Excel.Sheet "c:\\\\a.xls" A1')),
                   "LINK field"),
    "macrobutton": (lambda p: template(p, body_xml=field("MACROBUTTON AutoOpen click")),
                    "MACROBUTTON field"),
    "field code built by a nested field": (
        lambda p: template(p, body_xml=(
            '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r>'
            '<w:r><w:fldChar w:fldCharType="begin"/></w:r>'
            '<w:r><w:instrText>QUOTE "DDEAUTO"</w:instrText></w:r>'
            '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
            '<w:r><w:instrText> cmd "/c calc"</w:instrText></w:r>'
            '<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>')),
        "whose code is made by another field"),
    "data placed inside a field code": (
        lambda p: template(p, body_xml=field("{{ applicant.name }}")),
        None),  # fine as a template; tested with hostile data in test_hostile_data.py
    "ole package under a picture's name": (lambda p: _ole_as_picture(template(p, "x")),
                                           "embedded"),
    "ole object declared by content type": (lambda p: _ole_by_content_type(template(p, "x")),
                                            "embedded object"),
    "object element in the text": (
        lambda p: template(p, body_xml='<w:p><w:r><w:object/></w:r></w:p>'),
        "an embedded object"),
    "altchunk": (lambda p: add_relationship(template(p, "x"), "aFChunk", "afchunk.mht"),
                 "altChunk"),
    "external picture relationship": (
        lambda p: add_relationship(template(p, "x"), "image", "file://///server/share/a.png",
                                   external=True), "links to something outside the file"),
    "vml picture from a share": (
        lambda p: template(p, body_xml=(
            '<w:p><w:r><w:pict><v:shape xmlns:v="urn:schemas-microsoft-com:vml">'
            '<v:imagedata src="\\\\server\\share\\a.png"/></v:shape></w:pict></w:r></w:p>')),
        "picture read from outside the file"),
    "macro in an unusual part name": (
        lambda p: change(template(p, "x"), {"word/stuff/data.bin": OLE_MAGIC + b"\0" * 64}),
        "embedded object"),
    "mail merge reading a data source": (
        lambda p: change(template(p, "x"), {"word/settings.xml": (
            b'<w:settings xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/'
            b'main"><w:mailMerge><w:connectString w:val="DSN=x"/></w:mailMerge>'
            b'</w:settings>')}), "mail merge"),
    # Round three: a part is what the package says it is, whatever its name.
    "main part named word/main.dat carrying DDEAUTO": (
        lambda p: main_part_renamed(template(p, body_xml=field('DDEAUTO cmd "/c calc"')),
                                    "word/main.dat"), "DDEAUTO field"),
    "header named word/header9.dat with INCLUDETEXT from a share": (
        lambda p: add_header(template(p, "x"), "word/header9.dat",
                             field('INCLUDETEXT "\\\\host\\share\\x.docx"')),
        "INCLUDETEXT field"),
    "simple field in a header named .dat": (
        lambda p: add_header(template(p, "x"), "word/header9.dat",
                             '<w:p><w:fldSimple w:instr=" DDEAUTO cmd calc"/></w:p>'),
        "DDEAUTO field"),
    "hyperlink field to a share": (
        lambda p: template(p, body_xml=field('HYPERLINK "\\\\host\\share\\x.docx"')),
        "HYPERLINK field"),
    "hyperlink field to a file url": (
        lambda p: template(p, body_xml=field('HYPERLINK "file:///c:/windows/x.exe"')),
        "HYPERLINK field"),
    "simple hyperlink field to a share": (
        lambda p: template(p, body_xml=('<w:p><w:fldSimple w:instr="HYPERLINK '
                                        '&quot;\\\\host\\share&quot;"/></w:p>')),
        "HYPERLINK field"),
    "print field": (lambda p: template(p, body_xml=field('PRINT "\\\\pp setup"')),
                    "PRINT field"),
    "a part that is neither XML nor a picture": (
        lambda p: declare_part(template(p, "x"), "word/notes/readme.txt", "text/plain",
                               b"hello"), "neither XML nor a picture"),
    "a picture that is not one": (
        lambda p: declare_part(template(p, "x"), "word/media/image7.png", "image/png",
                               b"<html>not a picture</html>"), "is not a picture"),
    "XML part that is not XML": (
        lambda p: declare_part(template(p, "x"), "word/footer4.bin2", "application/vnd."
                               "openxmlformats-officedocument.wordprocessingml.footer+xml",
                               b"\x01\x02 not xml"), "damaged"),
}
REFUSED = {name: case for name, case in ACTIVE.items() if case[1] is not None}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_check_template_refuses_active_content(name: str, tmp_path: Path, run) -> None:
    make, named = REFUSED[name]
    path = make(tmp_path / "permit.docx")
    ran = run("check-template", path)
    assert ran.code == 1
    assert named in ran.out
    assert "fine" not in ran.out.splitlines()[0]


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_render_refuses_and_leaves_nothing(name: str, town: Path, run, unchanged) -> None:
    make, named = REFUSED[name]
    user_templates_dir().mkdir(parents=True, exist_ok=True)
    make(user_templates_dir() / "permit.docx")
    ran = run("render", "--db", town, "--filing", first_filing(town), "--template", "permit")
    assert ran.code == 2
    assert "template permit" in ran.line
    assert named in ran.line
    documents = town.parent / "documents"
    assert not documents.exists() or not any(documents.rglob("*.docx"))
    unchanged()


def test_every_default_template_passes_the_output_scan(town: Path, run) -> None:
    from concom_desk.services.documents.template_examples import FILING_BASED_TEMPLATES

    file_no = first_filing(town)
    for name in FILING_BASED_TEMPLATES:
        ran = run("render", "--db", town, "--filing", file_no, "--template", name)
        assert ran.code == 0, ran.err
        made = Path(ran.out.splitlines()[-1].removeprefix("saved: "))
        assert package_refusals(made) == [], name


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_named_like_a_template_is_refused_without_waiting(tmp_path: Path) -> None:
    import os

    pipe = tmp_path / "permit.docx"
    os.mkfifo(pipe)
    refusals = [str(r) for r in package_refusals(pipe)]
    assert refusals == [f"{pipe.name} is not an ordinary file (a pipe or a device); choose "
                        "the saved file of a Word document"]


@pytest.mark.parametrize("code", ['HYPERLINK "https://www.mass.gov/wetlands"',
                                  'HYPERLINK "mailto:conservation@example.org"',
                                  'HYPERLINK \\l "hearing"', "PAGE", "DATE \\@ \"MMMM d\""])
def test_plain_fields_and_web_hyperlink_fields_pass(code: str, tmp_path: Path) -> None:
    path = template(tmp_path / "permit.docx", "x", body_xml=field(code))
    assert package_refusals(path) == []
