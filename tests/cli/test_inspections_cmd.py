"""`concom-desk inspections`: a filing's visits listed, and the report of one printed.
The dates are the fixture record's (2026), none compared with today."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from concom_desk.cli import main
from concom_desk.services.commission.settings import CommissionSettings, save_settings
from concom_desk.services.inspections.filing_inspections import (
    FilingInspectionDraft,
    save_inspection,
)
from concom_desk.store import open_database
from tests.helpers.docx_reading import full_text
from tests.helpers.site_photos import png_photo
from tests.store.conftest import make_record


@pytest.fixture
def record(tmp_path: Path, isolated_data_dir: Path) -> Path:
    path = make_record(tmp_path / "concom-desk.sqlite")
    db = open_database(path, initials="JB")
    save_settings(db, CommissionSettings(
        town_id="massachusetts", name="Test Conservation Commission",
        address_lines=["Town Hall"], clerk_initials="JB"), today=date(2026, 3, 1))
    filing_id = 1  # 2026-014, received 2026-03-02
    save_inspection(db, filing_id, FilingInspectionDraft(
        date(2026, 5, 4), "Pat Agent", "Erosion controls", findings="Silt fence holding.",
        photos=[png_photo(tmp_path / "IMG_7.png")]))
    save_inspection(db, filing_id, FilingInspectionDraft(
        date(2026, 6, 1), "Pat Agent", "Construction progress", done=False))
    db.close()
    return path


def test_the_visits_are_listed_and_a_report_printed(record: Path, capsys) -> None:
    assert main(["inspections", "--db", str(record), "--filing", "2026-014"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "2026-05-04 done     Erosion controls — Pat Agent · 1 photo(s)",
        "    Silt fence holding.",
        "2026-06-01 planned  Construction progress — Pat Agent"]
    assert main(["inspections", "--db", str(record), "--filing", "2026-014", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(i["date"], i["state"], len(i["photos"])) for i in listed] == [
        ("2026-05-04", "done", 1), ("2026-06-01", "planned", 0)]
    assert main(["inspections", "--db", str(record), "--filing", "2026-014",
                 "--report", "2026-05-04"]) == 0
    report = Path(capsys.readouterr().out.strip())
    assert report.parent == record.parent / "documents" / "2026-014"
    assert "Silt fence holding." in full_text(report) and "Photo 1: IMG_7.png" in full_text(
        report)


@pytest.mark.parametrize(("args", "message"), [
    (["--filing", "1999-001"], "there is no filing numbered '1999-001'"),
    (["--filing", "2026-014", "--report", "2026-06-01"],
     "no inspection of 2026-014 was made on 2026-06-01"),
])
def test_a_wrong_filing_or_day_is_one_line(record: Path, capsys, args: list[str],
                                           message: str) -> None:
    assert main(["inspections", "--db", str(record), *args]) != 0
    assert message in capsys.readouterr().err
