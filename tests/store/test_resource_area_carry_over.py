"""An old database's free-text resource areas, carried over by revision
0019_resource_area_codes: the words that name an area become its code, the rest is
kept as "other" with its words, every row in the audit trail."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from concom_desk.store import open_database
from concom_desk.store.models import AuditEntry, Filing, FilingResourceArea
from tests.store.test_upgrade_fixtures import unpack


@pytest.fixture(scope="module")
def upgraded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The old database, upgraded once for the module (0019 and 0020 both run)."""
    path = unpack("13-923608f-schema-0012_what_edits_left_out",
                  tmp_path_factory.mktemp("carry"))
    with open_database(path, initials="JB"):
        pass
    yield path


def test_an_upgraded_database_keeps_its_areas_as_codes(upgraded: Path) -> None:
    with open_database(upgraded, initials="JB") as db, db.read_session() as s:
        codes: dict[str, list[str]] = {}
        for file_no, code, text in s.execute(
                select(Filing.file_no, FilingResourceArea.code, FilingResourceArea.text)
                .join(FilingResourceArea, FilingResourceArea.filing_id == Filing.id)
                .order_by(FilingResourceArea.id)):
            codes.setdefault(file_no, []).append(text if code == "other" else code)
        texts = dict(s.execute(select(Filing.file_no, Filing.resource_areas)).all())
        trail = s.scalars(select(AuditEntry.record_id).where(
            AuditEntry.table_name == "filing_resource_area",
            AuditEntry.action == "insert")).all()
    # As the fixture's text has them (sqlite3 on the fixture shows the words).
    assert codes["2021-004"] == ["bank", "blsf", "isolated_wetland"]
    assert codes["2021-006"] == ["blsf", "isolated_wetland", "buffer_zone"]
    assert codes["2021-007"] == ["bank", "luww"]
    assert codes["2021-010"] == ["vernal_pool", "isolated_wetland"]
    # Every filing that named an area has its rows; the text stays as it was written.
    assert set(codes) == {no for no, text in texts.items() if text.strip()}
    assert texts["2021-004"] == "Bank, Bordering Land Subject to Flooding, " \
                                "Isolated Vegetated Wetland"
    assert len(trail) == sum(len(v) for v in codes.values())


def test_an_upgraded_databases_cases_keep_their_areas_as_codes(upgraded: Path) -> None:
    """Revision 0021_case_resource_areas: an enforcement case's words, the same way."""
    from concom_desk.store.models import CaseResourceArea, EnforcementCase

    with open_database(upgraded, initials="JB") as db, db.read_session() as s:
        codes: dict[str, list[str]] = {}
        for case_no, code in s.execute(
                select(EnforcementCase.case_no, CaseResourceArea.code)
                .join(CaseResourceArea, CaseResourceArea.case_id == EnforcementCase.id)
                .order_by(CaseResourceArea.id)):
            codes.setdefault(case_no, []).append(code)
        texts = dict(s.execute(select(EnforcementCase.case_no,
                                      EnforcementCase.resource_areas)).all())
        trail = s.scalars(select(AuditEntry.record_id).where(
            AuditEntry.table_name == "case_resource_area",
            AuditEntry.action == "insert")).all()
    # As the fixture's text has them (sqlite3 on the fixture shows the words).
    assert codes["EC-2021-001"] == ["blsf", "riverfront", "luww"]
    assert codes["EC-2021-002"] == ["isolated_wetland", "bank"]
    assert codes["EC-2023-002"] == ["buffer_zone", "vernal_pool"]
    assert set(codes) == {no for no, text in texts.items() if text.strip()}
    assert texts["EC-2021-002"] == "Isolated Vegetated Wetland, Bank"  # the words stay
    assert len(trail) == sum(len(v) for v in codes.values())
