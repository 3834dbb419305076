"""The renderer: split placeholders, escaping, the sandbox, missing fields named,
and nothing half-written under the real name."""

from __future__ import annotations

from pathlib import Path

import pytest
from docx import Document
from docx.shared import Pt

from concom_desk.errors import UserError
from concom_desk.services.documents.rendering import render_template
from concom_desk.services.documents.template_library import user_templates_dir


def split_template(path: Path) -> Path:
    """`{{ applicant.name }}` typed in Word with formatting changed mid-word: three runs."""
    document = Document()
    paragraph = document.add_paragraph("Applicant: ")
    paragraph.add_run("{{ appl").bold = True
    paragraph.add_run("icant.na").italic = True
    paragraph.add_run("me }}").font.size = Pt(14)
    document.add_paragraph("Locus: {{ property.address }}")
    document.save(path)
    return path


def texts(path: Path) -> list[str]:
    return [p.text for p in Document(path).paragraphs]


def test_placeholder_split_over_runs_is_filled(tmp_path: Path) -> None:
    template = split_template(tmp_path / "split.docx")
    out = render_template(template, {"applicant": {"name": "Jane Doe"},
                                     "property": {"address": "12 Pond Rd"}},
                          tmp_path / "out" / "letter.docx")
    assert texts(out) == ["Applicant: Jane Doe", "Locus: 12 Pond Rd"]


def test_markup_characters_in_values_are_printed_not_parsed(tmp_path: Path) -> None:
    template = split_template(tmp_path / "split.docx")
    out = render_template(template, {"applicant": {"name": "Smith & <Sons> \"LLC\""},
                                     "property": {"address": "Lot 5/6"}},
                          tmp_path / "letter.docx")
    assert texts(out)[0] == 'Applicant: Smith & <Sons> "LLC"'


def test_missing_field_names_template_and_field(tmp_path: Path) -> None:
    template = split_template(tmp_path / "split.docx")
    with pytest.raises(UserError, match=r"split\.docx.*'property\.address'"):
        render_template(template, {"applicant": {"name": "Jane"}, "property": {}},
                        tmp_path / "letter.docx")
    assert not (tmp_path / "letter.docx").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["split.docx"]  # no temp file left


def test_missing_top_level_field_is_named(tmp_path: Path) -> None:
    template = split_template(tmp_path / "split.docx")
    with pytest.raises(UserError, match="'applicant'"):
        render_template(template, {}, tmp_path / "letter.docx")


def test_failed_render_leaves_the_previous_file_untouched(tmp_path: Path) -> None:
    template = split_template(tmp_path / "split.docx")
    out = tmp_path / "letter.docx"
    render_template(template, {"applicant": {"name": "First"}, "property": {"address": "1"}}, out)
    with pytest.raises(UserError):
        render_template(template, {"applicant": {"name": "Second"}}, out)
    assert texts(out)[0] == "Applicant: First"


def test_sandbox_refuses_python_internals(tmp_path: Path) -> None:
    document = Document()
    document.add_paragraph("{{ applicant.name.__class__.__mro__ }}")
    document.save(tmp_path / "evil.docx")
    with pytest.raises(UserError, match="evil.docx"):
        render_template(tmp_path / "evil.docx", {"applicant": {"name": "x"}},
                        tmp_path / "out.docx")


def test_loop_variable_field_is_named_with_its_list(tmp_path: Path) -> None:
    document = Document()
    document.add_paragraph("{%p for notice in notices %}")
    document.add_paragraph("{{ notice.ownr_name }}")
    document.add_paragraph("{%p endfor %}")
    document.save(tmp_path / "loop.docx")
    with pytest.raises(UserError, match=r"'notices\[0\]\.ownr_name'"):
        render_template(tmp_path / "loop.docx", {"notices": [{"owner_name": "A"}]},
                        tmp_path / "out.docx")


def test_bad_tag_says_where(tmp_path: Path) -> None:
    document = Document()
    document.add_paragraph("Dear owner,")
    document.add_paragraph("{% if applicant.name %}Hello{% endfi %}")
    document.save(tmp_path / "bad.docx")
    with pytest.raises(UserError, match=r"bad\.docx.*bad template tag.*endfi"):
        render_template(tmp_path / "bad.docx", {"applicant": {"name": "x"}},
                        tmp_path / "out.docx")


def test_not_a_word_file_is_a_user_error(tmp_path: Path) -> None:
    fake = tmp_path / "notes.docx"
    fake.write_text("just text")
    with pytest.raises(UserError, match="not a Word"):
        render_template(fake, {}, tmp_path / "out.docx")


def test_user_copy_overrides_default_by_name(tmp_path: Path) -> None:
    user_templates_dir().mkdir(parents=True)
    document = Document()
    document.add_paragraph("CLERK'S OWN {{ applicant.name }}")
    document.save(user_templates_dir() / "permit.docx")
    out = render_template("permit", {"applicant": {"name": "Jane"}}, tmp_path / "p.docx")
    assert texts(out) == ["CLERK'S OWN Jane"]


def test_unknown_template_name(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="no template named 'permitt'"):
        render_template("permitt", {}, tmp_path / "p.docx")


def test_none_prints_nothing_and_dates_print_as_in_a_letter(tmp_path: Path) -> None:
    from datetime import date

    template = split_template(tmp_path / "split.docx")
    out = render_template(template, {"applicant": {"name": None},
                                     "property": {"address": date(2026, 7, 4)}},
                          tmp_path / "letter.docx")
    assert texts(out) == ["Applicant: ", "Locus: July 4, 2026"]


def test_impossible_operation_is_a_user_error(tmp_path: Path) -> None:
    document = Document()
    document.add_paragraph("{% for x in count %}{% endfor %}")
    document.save(tmp_path / "loop.docx")
    with pytest.raises(UserError, match=r"loop\.docx: 'int' object is not iterable"):
        render_template(tmp_path / "loop.docx", {"count": 3}, tmp_path / "out.docx")


def test_template_named_as_the_register_records_it(tmp_path: Path) -> None:
    from concom_desk.services.documents.template_library import default_template_path, find_template

    assert find_template("permit.docx") == default_template_path("permit")
    with pytest.raises(UserError, match="does not exist"):
        find_template(tmp_path / "permit.docx")
