"""Word mail-merge templates: MERGEFIELDs recognised by the checker, matched to the
program's fields (suggested by name, kept in the clerk's table), and printed as the
values, with no field left in the letter."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from concom_desk.domain.docx_safety import merge_fields_left, package_refusals
from concom_desk.errors import UserError
from concom_desk.services.documents.mail_merge import (
    load_map,
    merge_fields_in,
    save_map,
    suggest,
    text_fields,
)
from concom_desk.services.documents.rendering import render_template
from concom_desk.services.documents.template_check import check_template
from concom_desk.services.documents.template_examples import example_context
from tests.helpers.docx_reading import paragraphs
from tests.helpers.mail_merge_docx import complex_field_runs, mail_merge_letter


@pytest.fixture
def letter(tmp_path: Path) -> Path:
    return mail_merge_letter(tmp_path / "permit.docx")


def test_the_checker_names_each_merge_field_with_a_suggestion(letter: Path) -> None:
    assert merge_fields_in(letter) == ["ApplicantName", "Property_Address"]
    assert package_refusals(letter) == []  # a merge field reads nothing: the file is plain
    result = check_template(letter)
    assert not result.ok
    assert [p.message for p in result.problems] == [
        "the mail-merge field «ApplicantName» is not matched to a field of the program yet; "
        "likely {{ applicant.name }} — match it in Tools → Word templates → Merge fields… "
        "(or `concom-desk merge-fields FILE`)",
        "the mail-merge field «Property_Address» is not matched to a field of the program "
        "yet; likely {{ property.address }} — match it in Tools → Word templates → Merge "
        "fields… (or `concom-desk merge-fields FILE`)"]
    with pytest.raises(UserError, match="«ApplicantName», «Property_Address» are not matched"):
        render_template(letter, example_context("permit"), letter.with_name("out.docx"))


def test_a_matched_merge_template_prints_the_values_and_no_field(letter: Path) -> None:
    save_map({"ApplicantName": "applicant.name", "Property_Address": "property.address"})
    assert load_map() == {"ApplicantName": "applicant.name",
                          "Property_Address": "property.address"}
    result = check_template(letter)
    assert result.ok, result.report()
    assert result.report().splitlines()[1:] == [
        "Mail-merge fields, printed as these fields' values:",
        "  «ApplicantName» → {{ applicant.name }}",
        "  «Property_Address» → {{ property.address }}"]
    context = example_context("permit")
    context["applicant"]["name"] = "Dana O'Brien & Sons"
    context["property"]["address"] = "12 Pond Road"
    out = render_template(letter, context, letter.with_name("made.docx"))
    printed = paragraphs(out)
    assert "Dear Dana O'Brien & Sons," in printed and "Re: 12 Pond Road" in printed
    assert merge_fields_left(out) == []
    with zipfile.ZipFile(out) as archive:
        body = archive.read("word/document.xml").decode()
    assert "MERGEFIELD" not in body and "fldChar" not in body and "«" not in body
    # The run keeps what Word showed «ApplicantName» in (bold).
    assert "<w:b/><w:noProof/></w:rPr><w:t xml:space=\"preserve\">Dana O'Brien" in body


def test_a_merge_field_left_in_a_made_document_is_refused(letter: Path) -> None:
    assert sorted(str(r) for r in merge_fields_left(letter)) == [
        "it still holds the mail-merge field «ApplicantName» (word/document.xml), which "
        "would print as its name",
        "it still holds the mail-merge field «Property_Address» (word/document.xml), which "
        "would print as its name"]


@pytest.mark.parametrize(("merge_name", "field"), [
    ("ApplicantName", "applicant.name"),
    ("applicant_name", "applicant.name"),
    ("OwnerEmail", "owner.email"),
    ("PropertyAddress", "property.address"),
    ("FileNo", None),  # too far from filing.file_no to guess
    ("Favourite_Colour", None),
])
def test_suggestions_by_the_names_likeness(merge_name: str, field: str | None) -> None:
    assert suggest(merge_name, text_fields("permit")) == field


def test_the_table_refuses_what_is_not_a_field_name() -> None:
    with pytest.raises(UserError, match="'applicant name' is not a field of the program"):
        save_map({"ApplicantName": "applicant name"})
    save_map({"ApplicantName": "applicant.name"})
    save_map({"ApplicantName": ""})
    assert load_map() == {}


def test_a_merge_field_across_paragraphs_is_refused_in_one_line(tmp_path: Path) -> None:
    from docx import Document
    from docx.oxml import parse_xml

    document = Document()
    runs = complex_field_runs("ApplicantName")
    first, second = document.add_paragraph("Dear "), document.add_paragraph()
    for xml in runs[:4]:
        first._p.append(parse_xml(xml))
    for xml in runs[4:]:
        second._p.append(parse_xml(xml))
    path = tmp_path / "split.docx"
    document.save(path)
    save_map({"ApplicantName": "applicant.name"})
    with pytest.raises(UserError, match="runs on past the end of its paragraph"):
        render_template(path, example_context("permit"), tmp_path / "out.docx")


def test_a_letter_still_tied_to_its_data_source_is_refused_with_the_way_out(
        letter: Path) -> None:
    with zipfile.ZipFile(letter) as archive:
        settings = archive.read("word/settings.xml").decode()
        parts = {name: archive.read(name) for name in archive.namelist()}
    parts["word/settings.xml"] = settings.replace(
        "</w:settings>", "<w:mailMerge><w:mainDocumentType w:val=\"formLetters\"/>"
        "<w:query w:val=\"SELECT * FROM `Applicants$`\"/></w:mailMerge></w:settings>"
    ).encode()
    with zipfile.ZipFile(letter, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    assert check_template(letter).refusals == [
        "it contains a mail merge that reads a data source (to keep its «fields» and let the "
        "data go: in Word, Mailings → Start Mail Merge → Normal Word Document) (in "
        "word/settings.xml)"]
