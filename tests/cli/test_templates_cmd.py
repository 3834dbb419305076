"""`concom-desk check-template` and `concom-desk templates`, as a clerk runs them."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from docx import Document

from concom_desk.cli import main
from concom_desk.paths import forms_dir
from concom_desk.services.documents.template_library import TEMPLATE_NAMES, user_templates_dir
from concom_desk.services.documents.wpa_fields import WPA_TEMPLATE_NAMES


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_default_template_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check-template", str(forms_dir() / "permit.docx"))
    assert (code, out) == (0, "permit.docx: fine (checked as the permit template)\n")


def test_check_catches_the_clerks_typo_by_name(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    document = Document(str(forms_dir() / "permit.docx"))
    document.add_paragraph("Issued to {{ applicant.nmae }}")
    document.save(tmp_path / "permit.docx")
    code, out, _ = run(capsys, "check-template", str(tmp_path / "permit.docx"))
    assert code == 1
    assert out.splitlines() == [
        "permit.docx: 1 problem(s) (checked as the permit template)",
        '  - unknown field {{ applicant.nmae }}; did you mean {{ applicant.name }}? in the '
        'paragraph "Issued to {{ applicant.nmae }}" (body)',
    ]


def test_check_refuses_a_docm_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                     ) -> None:
    docm = tmp_path / "permit.docm"
    docm.write_bytes((forms_dir() / "permit.docx").read_bytes())
    code, out, _ = run(capsys, "check-template", str(docm))
    assert code == 1
    assert out.startswith("permit.docm: refused")


def test_check_refuses_a_vba_part(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "agenda.docx"
    with zipfile.ZipFile(forms_dir() / "agenda.docx") as src, zipfile.ZipFile(target, "w") as dst:
        for item in src.infolist():
            dst.writestr(item, src.read(item.filename))
        dst.writestr("word/vbaProject.bin", b"macro")
    code, out, _ = run(capsys, "check-template", str(target))
    assert code == 1 and "word/vbaProject.bin" in out


def test_check_with_as_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = Document()
    document.add_paragraph("{{ notices }}")
    document.save(tmp_path / "letters.docx")
    assert run(capsys, "check-template", "--as", "abutter-letter",
               str(tmp_path / "letters.docx"))[0] == 0
    assert run(capsys, "check-template", "--as", "permit", str(tmp_path / "letters.docx"))[0] == 1


def test_check_missing_file_is_usage_error(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check-template", str(tmp_path / "nope.docx"))
    assert (code, out) == (2, "")
    assert err == f"concom-desk: error: {tmp_path / 'nope.docx'} does not exist or is not a file\n"


def test_templates_json_lists_those_in_effect(capsys: pytest.CaptureFixture[str]) -> None:
    user_templates_dir().mkdir(parents=True)
    Document().save(user_templates_dir() / "permit.docx")
    code, out, _ = run(capsys, "templates", "--json")
    listed = json.loads(out)
    assert code == 0
    # The bylaw's documents, then MassDEP's WPA forms (in forms/wpa/).
    assert [t["name"] for t in listed] == [*TEMPLATE_NAMES, *WPA_TEMPLATE_NAMES]
    paths = {t["name"]: t["path"] for t in listed}
    assert paths["form-5-order-of-conditions"] == str(
        forms_dir() / "wpa" / "form-5-order-of-conditions.docx")
    assert paths["permit"] == str(user_templates_dir() / "permit.docx")
    assert paths["denial"] == str(forms_dir() / "denial.docx")


def test_templates_reference_to_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "fields.md"
    code, out, _ = run(capsys, "templates", "--reference", "--out", str(out_file))
    assert code == 0
    text = out_file.read_text(encoding="utf-8")
    assert '| `applicant.name` | "Jane Doe" |' in text
    assert "#### permit" in text and "`special_conditions[].number`" in text


def test_templates_reset(capsys: pytest.CaptureFixture[str]) -> None:
    user_templates_dir().mkdir(parents=True)
    Document().save(user_templates_dir() / "denial.docx")
    code, out, _ = run(capsys, "templates", "--reset", "denial")
    assert code == 0 and out.startswith("denial: back to the default; your copy was moved to")
    assert not (user_templates_dir() / "denial.docx").exists()
    code, out, _ = run(capsys, "templates", "--reset", "denial")
    assert (code, out) == (0, "denial: already the default template\n")


def test_templates_reset_unknown_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "templates", "--reset", "permitt")
    assert code == 2 and "no default template named 'permitt'" in err


def test_merge_fields_lists_suggests_and_keeps_matches(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from tests.helpers.mail_merge_docx import mail_merge_letter

    letter = str(mail_merge_letter(tmp_path / "permit.docx"))
    assert run(capsys, "merge-fields", letter) == (1, (
        "«ApplicantName»     not matched yet (likely {{ applicant.name }})\n"
        "«Property_Address»  not matched yet (likely {{ property.address }})\n"), "")
    code, out, _ = run(capsys, "merge-fields", letter, "--accept",
                       "--set", "Property_Address=property.map_lot")
    assert (code, out.splitlines()) == (0, ["«ApplicantName»     → {{ applicant.name }}",
                                            "«Property_Address»  → {{ property.map_lot }}"])
    code, out, _ = run(capsys, "check-template", letter)
    assert (code, out.splitlines()[0]) == (0, "permit.docx: fine (checked as the permit "
                                              "template)")
    code, _, err = run(capsys, "merge-fields", letter, "--set", "ApplicantName")
    assert (code, err.strip()) == (2, "concom-desk: error: --set 'ApplicantName': write it "
                                      "as NAME=FIELD, e.g. ApplicantName=applicant.name")


def test_templates_use_puts_the_clerks_file_in_and_checks_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.helpers.mail_merge_docx import mail_merge_letter

    letter = mail_merge_letter(tmp_path / "Town hall letter.docx")
    code, out, _ = run(capsys, "templates", "--use", "board-notice", str(letter))
    copy = user_templates_dir() / "board-notice.docx"
    assert copy.read_bytes() == letter.read_bytes()
    # In effect, and checked: its merge fields are not matched yet, so status 1.
    assert code == 1 and out.splitlines()[:2] == [
        "board-notice: now your file Town hall letter.docx",
        "board-notice.docx: 2 problem(s) (checked as the board-notice template)"]
    # Used again: the copy in effect before is moved aside, never lost.
    code, out, _ = run(capsys, "templates", "--use", "board-notice", str(letter))
    (aside,) = (user_templates_dir() / "replaced").iterdir()
    assert out.splitlines()[0] == ("board-notice: now your file Town hall letter.docx (your "
                                   f"earlier copy was moved to {aside})")
    # A macro file is refused in one line and nothing changes.
    macro = tmp_path / "letter.docm"
    macro.write_bytes(letter.read_bytes())
    code, out, err = run(capsys, "templates", "--use", "board-notice", str(macro))
    assert (code, out) == (2, "")
    assert err.startswith("concom-desk: error: letter.docm is not used as the board-notice "
                          "template: letter.docm is a macro-enabled Word file (.docm)")
    assert copy.read_bytes() == letter.read_bytes()
    assert len(list((user_templates_dir() / "replaced").iterdir())) == 1
