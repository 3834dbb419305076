"""An enforcement case's resource areas as codes with amounts, as a filing's are: picked
from the town's list (or read from the words a script wrote), kept in the audit trail,
shown by name and citation on the record, in the export and on the papers; an area on
no list is kept as the clerk's plain words, never active."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from sqlalchemy import select

from concom_desk.domain.resource_areas import OTHER, NamedArea
from concom_desk.errors import UserError
from concom_desk.services.enforcement.actions import OrderDraft, ViolationDraft, issue_order
from concom_desk.services.enforcement.case_edit import case_draft, update_case
from concom_desk.services.enforcement.cases import ComplaintDraft, open_case
from concom_desk.services.enforcement.documents import WPA_ORDER, print_order
from concom_desk.services.enforcement.queries import case_detail
from concom_desk.store.export_writers import export_records
from concom_desk.store.models import AuditEntry, CaseResourceArea
from tests.helpers.clock import TEST_TODAY
from tests.helpers.docx_reading import every_word

HOSTILE = '=HYPERLINK("http://x.example/","click") {{ evil }}'


def _open(db, **areas) -> int:
    return open_case(db, ComplaintDraft(
        reported_on=TEST_TODAY, address="14 Shawme Road", description="Fill in the marsh",
        complainant="Mary Abbott", violator_name="Shawme Builders LLC", **areas))


def _rows(db, case_id: int) -> list[tuple]:
    with db.read_session() as s:
        return [(r.code, r.amount, r.unit, r.text) for r in s.scalars(
            select(CaseResourceArea).where(CaseResourceArea.case_id == case_id)
            .order_by(CaseResourceArea.id))]


def test_picked_areas_are_stored_as_codes_with_amounts_and_shown_by_citation(db) -> None:
    case_id = _open(db, areas=(NamedArea("salt_marsh", 400.0, "sq_ft"),
                               NamedArea("coastal_bank", 30.0, "linear_ft"),
                               NamedArea(OTHER, text=HOSTILE)))
    assert _rows(db, case_id) == [("salt_marsh", 400.0, "sq_ft", ""),
                                  ("coastal_bank", 30.0, "linear_ft", ""),
                                  (OTHER, None, "", HOSTILE)]
    with db.read_session() as s:
        detail = case_detail(s, case_id, TEST_TODAY)
        trail = s.scalars(select(AuditEntry.action).where(
            AuditEntry.table_name == "case_resource_area")).all()
    assert detail.resource_areas == ("Salt Marsh (310 CMR 10.32): 400 square feet; Coastal "
                                     f"Bank (310 CMR 10.30): 30 linear feet; {HOSTILE}")
    assert trail == ["insert"] * 3
    # The words the case keeps are the phrase the areas make.
    draft = case_draft(db, case_id)
    assert draft.resource_areas == f"Salt Marsh; Coastal Bank; {HOSTILE}"


def test_words_from_a_script_become_codes_and_a_correction_is_one_history_line(db) -> None:
    case_id = _open(db, resource_areas="Salt marsh; drainage swale")
    assert _rows(db, case_id) == [("salt_marsh", None, "sq_ft", ""),
                                  (OTHER, None, "", "drainage swale")]
    draft = case_draft(db, case_id)
    assert draft.resource_areas == "Salt marsh; drainage swale"  # kept as written
    draft.areas = (NamedArea("salt_marsh", 250.0, "sq_ft"),)
    assert update_case(db, case_id, draft, TEST_TODAY) == ["resource areas"]
    assert _rows(db, case_id) == [("salt_marsh", 250.0, "sq_ft", "")]
    again = case_draft(db, case_id)
    assert again.resource_areas == "Salt Marsh"
    assert update_case(db, case_id, again, TEST_TODAY) == []  # nothing changed: no save


def test_an_other_area_on_two_lines_is_refused_in_one_line_and_nothing_written(db) -> None:
    with pytest.raises(UserError, match="one line of text"):
        _open(db, areas=(NamedArea(OTHER, text="swale\nrm -rf"),))
    with db.read_session() as s:
        assert s.scalars(select(CaseResourceArea)).all() == []


def test_the_papers_and_the_export_name_the_areas_with_their_citations(db, tmp_path: Path
                                                                        ) -> None:
    case_id = _open(db, areas=(NamedArea("salt_marsh", 400.0, "sq_ft"),
                               NamedArea(OTHER, text=HOSTILE)))
    order_id = issue_order(db, case_id, OrderDraft(
        issued_on=TEST_TODAY, signed_by=["Pat Lee, Conservation Agent"], emergency=True,
        stop_work=True, violations=[ViolationDraft(
            "MGL c.131 §40: fill in a salt marsh", "Fill placed in salt marsh",
            TEST_TODAY, TEST_TODAY)]))
    # (The test's own town templates print no areas: MassDEP's form does.)
    text = every_word(print_order(db, order_id, today=TEST_TODAY, template=WPA_ORDER))
    assert "Salt Marsh (310 CMR 10.32): 400 square feet" in text
    assert HOSTILE in text  # the clerk's words, printed as words: no field, no link
    export_records(db, "csv", tmp_path)
    [table] = [p for p in tmp_path.rglob("*.csv") if p.name.lower().startswith("case resource")]
    with table.open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    cells = [" | ".join(row.values()) for row in rows]
    assert any("Salt Marsh (310 CMR 10.32)" in c and "EC-" in c for c in cells), cells
    assert not any(value.startswith("=") for row in rows for value in row.values())
