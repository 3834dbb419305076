"""Issue 30's "Must show", for each town profile's demo: the export has one Decision row
per issued filing; a COC for a completed NOI, Form 5 for a denied NOI and Form 2 for an
RDA come out as papers to sign (no "DRAFT"), the COC with the permit's book and page."""

from __future__ import annotations

import csv
import re
import sqlite3
import zipfile
from pathlib import Path

import pytest

from concom_desk.cli import main
from concom_desk.services.demo.town import load_demo
from tests.helpers.clock import TEST_TODAY

TOWNS = ["massachusetts", "upton", "shutesbury", "nantucket", "sandwich", "bourne"]
# statuses a filing reaches only after the commission issued its decision
ISSUED = ("issued", "completed", "denied")


@pytest.fixture(scope="module", params=TOWNS)
def demo(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp(request.param) / "concom-desk.sqlite"
    load_demo(path, "small", today=TEST_TODAY, town=request.param)
    return path


def _rows(db: Path, sql: str) -> list[tuple]:
    with sqlite3.connect(db) as connection:
        return connection.execute(sql).fetchall()


def _text(docx: Path) -> str:
    with zipfile.ZipFile(docx) as package:
        xml = package.read("word/document.xml").decode("utf-8")
    return re.sub(r"<[^>]+>", "", xml)


def _render(db: Path, filing: str, template: str, out: Path) -> str:
    assert main(["render", "--db", str(db), "--filing", filing, "--template", template,
                 "--out", str(out)]) == 0
    return _text(out)


def test_export_has_one_decision_per_issued_filing(demo: Path, tmp_path: Path) -> None:
    assert main(["export", "--db", str(demo), "--format", "csv", "--out", str(tmp_path)]) == 0
    with (tmp_path / "Decision.csv").open(encoding="utf-8-sig", newline="") as sheet:
        decided = [row["Filing"] for row in csv.DictReader(sheet)]
    issued = {no for (no,) in _rows(
        demo, f"select file_no from filing where status in {ISSUED!r}")}
    assert issued
    missing = sorted(issued - set(decided))
    assert missing == []
    twice = sorted({no for no in decided if decided.count(no) > 1})
    assert twice == []


def test_coc_for_a_completed_noi_is_final_with_its_recording(demo: Path, tmp_path: Path) -> None:
    no, book, page = _rows(demo, "select file_no, recorded_book, recorded_page from filing "
                                 "where kind='noi' and status='completed' "
                                 "and recorded_book != '' order by file_no limit 1")[0]
    text = _render(demo, no, "certificate-of-compliance", tmp_path / "coc.docx")
    assert "DRAFT" not in text
    assert f"Book {book}, Page {page}" in text


def test_form_5_for_a_denied_noi_is_final(demo: Path, tmp_path: Path) -> None:
    denied = _rows(demo, "select file_no from filing where kind='noi' and status='denied'")
    assert denied, "the demo has a denied NOI"
    text = _render(demo, denied[0][0], "form-5-order-of-conditions", tmp_path / "f5.docx")
    assert "DRAFT" not in text
    assert "☒" in text


def test_form_2_for_an_issued_rda_checks_a_box(demo: Path, tmp_path: Path) -> None:
    no = _rows(demo, "select file_no from filing where kind='rda' and status='issued' "
                     "order by file_no limit 1")[0][0]
    text = _render(demo, no, "form-2-determination-of-applicability", tmp_path / "f2.docx")
    assert "DRAFT" not in text
    assert re.search(r"☒\s*(Positive|Negative) Determination", text)
    assert re.search(r"☒\s*\d\.", text)


def test_form_5_denial_ticks_the_box_its_reasons_give(demo: Path, tmp_path: Path) -> None:
    # 310 CMR 10.05(6)(c): "insufficient information" is box c; box b is for work that
    # cannot be conditioned to meet the performance standards.
    no = _rows(demo, "select file_no from filing where kind='noi' and status='denied'")[0][0]
    text = _render(demo, no, "form-5-order-of-conditions", tmp_path / "f5.docx")
    insufficient = "Insufficient information" in text
    assert bool(re.search(r"☒\s*c\. the information submitted", text)) == insufficient
    assert bool(re.search(r"☒\s*b\. the proposed work cannot", text)) == (not insufficient)


def test_form_5_denial_ticks_the_interests_its_findings_name(demo: Path, tmp_path: Path) -> None:
    # Form 5 B.1: "the areas in which work is proposed is significant to the following
    # interests": a denial finds them as an approval does; the demo's denials name the
    # interests a bordering wetland is presumed significant to (310 CMR 10.55(1)).
    no = _rows(demo, "select file_no from filing where kind='noi' and status='denied'")[0][0]
    text = _render(demo, no, "form-5-order-of-conditions", tmp_path / "f5.docx")
    for interest in ("Public Water Supply", "Prevention of Pollution", "Flood Control",
                     "Protection of Wildlife Habitat"):
        assert re.search(rf"☒\s*{interest}", text), interest
    assert re.search(r"☐\s*Land Containing Shellfish", text)  # named by no finding


def test_the_coc_names_the_agent_who_inspected(demo: Path, tmp_path: Path) -> None:
    (no,) = _rows(demo, "select f.file_no from filing f join inspection i "
                        "on i.filing_id = f.id where f.kind='coc' limit 1")[0]
    (inspector,) = _rows(demo, "select i.inspector from inspection i join filing f "
                               f"on i.filing_id = f.id where f.file_no = '{no}'")[0]
    assert inspector == "Jamie Park, Conservation Agent"  # a person, not only a title
    text = _render(demo, no, "form-8b-certificate-of-compliance", tmp_path / "f8b.docx")
    assert "Jamie Park, Conservation Agent" in text
