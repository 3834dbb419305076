"""`concom-desk render --filing NO --template NAME --out FILE.docx`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from concom_desk.cli import main
from concom_desk.services.documents import output as document_output
from tests.helpers.docx_reading import paragraphs
from tests.helpers.record_fixtures import make_record


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    database = make_record(tmp_path)
    path = database.path
    database.close()
    return path


def test_render_permit_to_out(db_path: Path, tmp_path: Path,
                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "copies" / "permit.docx"
    code = main(["render", "--db", str(db_path), "--filing", "2026-014", "--template", "permit",
                 "--date", "2026-08-05", "--out", str(out), "--json"])
    result = json.loads(capsys.readouterr().out)
    assert code == 0
    assert result["copy"] == str(out)
    assert Path(result["path"]).name == "Permit 2026-014 2026-08-05.docx"
    lines = paragraphs(out)
    assert "3.\tNo fertilizer within 50 feet, in perpetuity." in lines
    assert Path(result["path"]).read_bytes() == out.read_bytes()


def test_render_draft_permit_with_special_conditions(db_path: Path, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "draft.docx"
    code = main(["render", "--db", str(db_path), "--filing", "2026-020", "--template", "permit",
                 "--special", "Plant 12 shrubs.", "--special", "No lawn.", "--out", str(out)])
    assert code == 0
    numbered = [line for line in paragraphs(out) if line[:1].isdigit() and ".\t" in line]
    assert numbered[-2:] == [f"{len(numbered) - 1}.\tPlant 12 shrubs.",
                             f"{len(numbered)}.\tNo lawn."]


@pytest.mark.parametrize(("argv", "message"), [
    (["--filing", "1999-001", "--template", "permit"], "no filing numbered '1999-001'"),
    (["--filing", "2026-014", "--template", "agenda"], "'agenda' is not a filing's template"),
    (["--filing", "2026-014", "--template", "permit", "--out", "x.pdf"], "must end in .docx"),
])
def test_render_user_errors(db_path: Path, argv: list[str], message: str,
                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", "--db", str(db_path), *argv]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.skipif(document_output.find_libreoffice() is None,
                    reason="LibreOffice is not installed")
def test_render_with_pdf(db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", "--db", str(db_path), "--filing", "2026-021", "--template", "denial",
                 "--pdf", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert Path(result["pdf"]).read_bytes().startswith(b"%PDF")


def test_render_a_permit_not_yet_voted_says_draft_in_one_line(
        db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["render", "--db", str(db_path), "--filing", "2026-020", "--template", "permit",
                 "--date", "2026-09-20"])
    first, saved = capsys.readouterr().out.splitlines()
    assert code == 0
    assert first == "DRAFT — not for issue (no vote recorded; not issued)"
    assert saved.endswith("DRAFT Permit 2026-020 2026-09-20.docx")
    assert main(["render", "--db", str(db_path), "--filing", "2026-020", "--template",
                 "permit", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["draft"] == ["no vote recorded", "not issued"]
