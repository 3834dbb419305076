"""Revision 0003 (enforcement records) on a database written under schema 0001:
the new statuses and columns are there, the old CHECKs still refuse nonsense."""

from __future__ import annotations

import shutil
import sqlite3
from datetime import date
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine
from sqlalchemy.exc import IntegrityError

from concom_desk.store import open_database
from concom_desk.store.models import Base, CaseNote, EnforcementCase, Fine

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "schema_0001.sqlite"


@pytest.fixture
def upgraded(tmp_path: Path) -> Path:
    path = tmp_path / "commission.sqlite"
    shutil.copy(FIXTURE, path)
    open_database(path).close()
    return path


# compare_metadata cannot reflect nor compare 0017's expression indexes (lower(name));
# `check` compares them (store/schema_master.py).
@pytest.mark.filterwarnings(
    "ignore:autogenerate skipping metadata-specified expression-based index:UserWarning")
@pytest.mark.filterwarnings(
    "ignore:Skipped unsupported reflection of expression-based index")
def test_upgraded_schema_matches_the_models(upgraded: Path) -> None:
    engine = create_engine(f"sqlite:///{upgraded}")
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    engine.dispose()
    raw = sqlite3.connect(upgraded)
    table_sql = raw.execute("SELECT sql FROM sqlite_master WHERE name = 'enforcement_case'"
                            ).fetchone()[0]
    triggers = {row[0] for row in raw.execute(
        "SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    raw.close()
    assert "'notice_sent'" in table_sql and "'referred_police'" in table_sql
    assert {"audit_case_note_insert", "audit_case_attachment_insert",
            "guard_enforcement_case_delete"} <= triggers


def test_new_statuses_columns_and_tables_work_after_the_upgrade(upgraded: Path) -> None:
    db = open_database(upgraded, initials="JB")
    try:
        with db.session() as s:
            case = EnforcementCase(case_no="EC-2026-001", town="upton",
                                   opened_on=date(2026, 12, 1), status="notice_sent",
                                   source="observation")
            s.add(case)
            s.flush()
            s.add(CaseNote(case_id=case.id, noted_on=date(2026, 12, 1), text="seen"))
            s.add(Fine(case_id=case.id, offense_on=date(2026, 12, 1), amount_cents=30000,
                       waived_cents=30000, waived_on=date(2026, 12, 9), waiver_reason="fixed"))
        with pytest.raises(IntegrityError), db.session() as s:
            s.add(EnforcementCase(case_no="EC-2026-002", town="upton",
                                  opened_on=date(2026, 12, 1), status="pending"))
        with pytest.raises(IntegrityError), db.session() as s:
            s.add(Fine(case_id=case.id, offense_on=date(2026, 12, 1), amount_cents=100,
                       waived_cents=200))
    finally:
        db.close()
