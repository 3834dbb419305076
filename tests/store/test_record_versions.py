"""Each record counts its saves (`version`, SQLAlchemy's version_id_col): rows from
before the upgrade are at 1, every ORM save adds one, and a save made from an
older read is refused as a whole with nothing written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sqlalchemy import func, select, text

from concom_desk.errors import RecordChanged
from concom_desk.store import Database, open_database
from concom_desk.store.models import AuditEntry, Base, Filing, Party
from concom_desk.store.models.base import save_counter
from concom_desk.store.record_versions import CHANGED_MEANWHILE, version_of

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "schema_0001.sqlite"


def test_rows_from_before_the_upgrade_start_at_one(tmp_path: Path) -> None:
    path = tmp_path / "commission.sqlite"
    shutil.copy(FIXTURE, path)
    with open_database(path, initials="JB") as db:
        with db.read_session() as s:
            filing = s.scalars(select(Filing)).one()
            assert (filing.file_no, filing.version) == ("2025-007", 1)
            assert {p.version for p in s.scalars(select(Party))} == {1}
        with db.session() as s:
            s.scalars(select(Filing)).one().notes = "upgraded"
        with db.read_session() as s:
            assert s.scalars(select(Filing.version)).one() == 2
            # The version column came with its default: no entry of the upgrade's sets it.
            # (0013's one entry puts the state default's filing under the Act alone.)
            upgrade = s.scalars(select(AuditEntry).where(AuditEntry.initials == "UPGRADE"))
            assert [set(entry.changes()) for entry in upgrade] == [{"laws"}]


def test_every_save_counts_and_raw_sql_starts_at_one(db: Database) -> None:
    with db.session() as s:
        party = Party(name="Jane Doe")
        s.add(party)
    assert version_of(party) == 1
    for phone in ("508-555-0100", "508-555-0101"):
        with db.session() as s:
            s.get(Party, party.id).phone = phone
    with db.session() as s:
        s.execute(text("INSERT INTO party (name) VALUES ('Raw Co')"))
    with db.read_session() as s:
        assert dict(s.execute(select(Party.name, Party.version)).all()) == {
            "Jane Doe": 3, "Raw Co": 1}


def test_a_save_from_an_older_read_is_refused_with_nothing_written(db: Database) -> None:
    with db.session() as s:
        s.add(Party(name="Jane Doe", phone="508-555-0100"))
    with db.read_session() as s:
        held = s.scalars(select(Party)).one()  # another desk's copy, read now
    with db.session() as s:
        s.scalars(select(Party)).one().phone = "508-555-0199"  # this desk saves first
    entries = db.trail_mark()
    with pytest.raises(RecordChanged) as refused, db.session() as s:
        s.add(held)  # the held copy is at version 1; the row is at 2
        held.phone = "508-555-0000"
        held.email = "jane@example.org"
    assert str(refused.value) == CHANGED_MEANWHILE
    assert db.trail_mark() == entries  # no entry: nothing was written
    with db.read_session() as s:
        party = s.scalars(select(Party)).one()
        assert (party.phone, party.email, party.version) == ("508-555-0199", "", 2)


def test_the_trail_mark_is_the_newest_entry(db: Database) -> None:
    with db.read_session() as s:
        assert db.trail_mark() == (s.scalar(select(func.max(AuditEntry.id))) or 0)
    with db.session() as s:
        s.add(Party(name="Jane Doe"))
    with db.read_session() as s:
        newest = s.scalars(select(AuditEntry).order_by(AuditEntry.id.desc())).first()
    assert (newest.table_name, db.trail_mark()) == ("party", newest.id)


def test_every_table_but_the_trail_that_a_person_edits_counts_its_saves() -> None:
    counted = {t for t in Base.metadata.tables if save_counter(t)}
    not_counted = set(Base.metadata.tables) - counted
    # Written once and never edited (the trail, a correction's record, payments,
    # attachments, the feed's identity), or parts written with their record.
    assert not_counted == {"audit_entry", "calendar_feed", "status_correction",
                           "fine_payment", "case_attachment", "attendance", "member_vote",
                           "town_closure_day", "inspection_check", "payment",
                           "filing_resource_area", "case_resource_area"}
    assert save_counter("minutes") == "edit_version" and save_counter("filing") == "version"
