"""`concom-desk case-history` and `concom-desk enforcement-deadlines`."""

from __future__ import annotations

import json
from datetime import date

import pytest

from concom_desk.cli import main
from concom_desk.services.enforcement.actions import OrderDraft, issue_order
from concom_desk.services.enforcement.cases import ComplaintDraft, open_case
from tests.helpers.enforcement_db import docx_text, sandwich_database


@pytest.fixture
def db_path(tmp_path, isolated_data_dir):
    db = sandwich_database(tmp_path, isolated_data_dir)
    case_id = open_case(db, ComplaintDraft(reported_on=date(2026, 12, 4), address="3 Pine Lane",
                                           description="Fill in the marsh",
                                           source="observation"))
    issue_order(db, case_id, OrderDraft(date(2026, 12, 4), ["Pat Lee"], emergency=True,
                                        restore_by=date(2027, 1, 15)))
    path = db.path
    db.close()
    return path


def test_case_history_writes_the_document(db_path, tmp_path, capsys):
    out = tmp_path / "EC-2026-001 history.docx"
    assert main(["case-history", "--db", str(db_path), "--case", "EC-2026-001",
                 "--out", str(out)]) == 0
    assert capsys.readouterr().out.strip() == str(out)
    assert "December 4, 2026 | Case EC-2026-001 opened. Violation observed by the commission" \
        in docx_text(out)


@pytest.mark.parametrize(("args", "message"), [
    (["--case", "EC-1999-001", "--out", "x.docx"], "there is no enforcement case 'EC-1999-001'"),
    (["--case", "EC-2026-001", "--out", "x.pdf"], "--out must name a .docx file"),
])
def test_case_history_refusals(db_path, capsys, args, message):
    assert main(["case-history", "--db", str(db_path), *args]) == 2
    assert message in capsys.readouterr().err


def test_enforcement_deadlines_json(db_path, capsys):
    assert main(["enforcement-deadlines", "--db", str(db_path), "--from", "2026-12-05",
                 "--to", "2027-01-31", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["date"], r["kind"], r["case_no"]) for r in rows] == [
        ("2026-12-09", "ratify", "EC-2026-001"),
        ("2027-01-15", "restore_by", "EC-2026-001"),
    ]
