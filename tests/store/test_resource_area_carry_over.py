"""An old database's free-text resource areas, carried over by revision
0019_resource_area_codes: the words that name an area become its code, the rest is
kept as "other" with its words, every row in the audit trail."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from concom_desk.store import open_database
from concom_desk.store.models import AuditEntry, Filing, FilingResourceArea
from tests.store.test_upgrade_fixtures import unpack


def test_an_upgraded_database_keeps_its_areas_as_codes(tmp_path: Path) -> None:
    path = unpack("13-923608f-schema-0012_what_edits_left_out", tmp_path)
    with open_database(path, initials="JB") as db, db.read_session() as s:
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
