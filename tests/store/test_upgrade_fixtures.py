"""A database from each earlier schema head, made by the program of that commit
(tests/fixtures/upgrades/README.md), is opened by today's program the way the window
opens it: upgraded, built as a new file is, checked sound as `concom-desk check` checks,
and read through the services the window reads with."""

from __future__ import annotations

import lzma
import sqlite3
from contextlib import closing
from datetime import date
from pathlib import Path
from typing import NamedTuple

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, select

from concom_desk.services.commission.settings import load_settings
from concom_desk.services.enforcement.reads import read_cases
from concom_desk.services.filings.desk_lists import load_lists
from concom_desk.store import health, open_database
from concom_desk.store import schema as schema_module
from concom_desk.store.health import HealthReport, check
from concom_desk.store.models import Base, CommissionSettings, HearingWaiver

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "upgrades"


class Made(NamedTuple):
    name: str  # the fixture's file, without .sqlite.xz
    stamped: str  # its revision as the old program left it
    filings: int
    first_filing: tuple[str, str]  # (file number, applicant) of the lowest file number
    cases: int


UPGRADES = [
    Made("01-c506cf6-schema-0002", "0002", 3, ("2026-001", "Ellen Marsh"), 0),
    Made("02-093288b-schema-0005", "0005", 92, ("2021-001", "Frank Walsh"), 12),
    Made("03-ba38283-schema-0003+0005", "0003+0005", 92, ("2021-001", "Frank Walsh"), 12),
    Made("04-9735a53-schema-0004+0005", "0004+0005", 92, ("2021-001", "Frank Walsh"), 12),
    Made("05-1440685-schema-0006", "0006", 92, ("2021-001", "Frank Walsh"), 12),
    Made("06-448ba39-schema-0007_status_corrections", "0007_status_corrections", 92,
         ("2021-001", "Frank Walsh"), 12),
    # 0008_joined_again before 0007_settings_logo was added to its parents: no logo column.
    Made("07-94a4f62-schema-0008_joined_again", "0008_joined_again", 92,
         ("2021-001", "Frank Walsh"), 11),
    Made("08-afd52c3-schema-0008_joined_again", "0008_joined_again", 92,
         ("2021-001", "Frank Walsh"), 11),
    Made("09-3acefcc-schema-0009_minutes", "0009_minutes", 94, ("2021-001", "Frank Walsh"), 11),
    # 0010_joined_again before 0009_permit_life was added to its parents (issue 27).
    Made("10-a195f3f-schema-0010_joined_again", "0010_joined_again", 94,
         ("2021-001", "Frank Walsh"), 11),
    Made("11-e29f768-schema-0010_joined_again", "0010_joined_again", 92,
         ("2021-001", "Henry Costa"), 12),
    Made("12-a4188ba-schema-0011_record_versions", "0011_record_versions", 92,
         ("2021-001", "Henry Costa"), 12),
    Made("13-923608f-schema-0012_what_edits_left_out", "0012_what_edits_left_out", 92,
         ("2021-001", "Henry Costa"), 12),
    # Dev commits off main's line (issue 27): 0003 when it was the audit history index,
    # and a trail sealed in the first hash format.
    Made("dev-b717883-schema-0003", "0003", 92, ("2021-001", "Frank Walsh"), 12),
    Made("dev-45a6d4a-schema-0002", "0002", 92, ("2021-001", "Frank Walsh"), 12),
]


def unpack(name: str, folder: Path) -> Path:
    """The fixture as a database file of its own in `folder` (the kept one never opened)."""
    path = folder / "town.sqlite"
    path.write_bytes(lzma.decompress((FIXTURES / f"{name}.sqlite.xz").read_bytes()))
    return path


def revision(path: Path) -> str:
    with closing(sqlite3.connect(path)) as raw:
        rows = raw.execute("SELECT version_num FROM alembic_version").fetchall()
    return "+".join(sorted(row[0] for row in rows))


def test_every_fixture_kept_is_tested_and_told_in_the_readme() -> None:
    kept = sorted(path.name.removesuffix(".sqlite.xz") for path in FIXTURES.glob("*.xz"))
    assert kept == sorted(made.name for made in UPGRADES)
    readme = (FIXTURES / "README.md").read_text(encoding="utf-8")
    assert all(f"`{name}.sqlite.xz`" in readme for name in kept)


def _newest_entry(path: Path) -> int:
    with closing(sqlite3.connect(path)) as conn:
        return int(conn.execute("SELECT coalesce(max(id), 0) FROM audit_entry").fetchone()[0])


def _checked(path: Path, made_before: int, monkeypatch: pytest.MonkeyPatch) -> HealthReport:
    """`check` of the upgraded file. The fixtures' entries are dated when they were made;
    where the machine's clock is behind that (CI runs the suite again with it a year
    back), the upgrade's own entries come out dated before them, which `check` rightly
    calls a clock set back: that one finding, and only when the upgrade's entries (those
    after `made_before`) are the ones dated back, is not the file's."""
    with closing(sqlite3.connect(path)) as conn:
        old, new = conn.execute(
            "SELECT (SELECT max(julianday(at)) FROM audit_entry WHERE id <= ?), "
            "(SELECT min(julianday(at)) FROM audit_entry WHERE id > ?)",
            (made_before, made_before)).fetchone()
    if old is not None and new is not None and new < old:
        monkeypatch.setattr(health, "CLOCK_SLACK_MINUTES", (old - new) * 1440 + 1)
    return check(path)


# compare_metadata cannot reflect nor compare 0017's expression indexes (lower(name));
# `check` compares them (store/schema_master.py).
@pytest.mark.filterwarnings(
    "ignore:autogenerate skipping metadata-specified expression-based index:UserWarning")
@pytest.mark.filterwarnings(
    "ignore:Skipped unsupported reflection of expression-based index")
@pytest.mark.parametrize("made", UPGRADES, ids=[made.name for made in UPGRADES])
def test_a_database_of_an_earlier_schema_opens_upgraded_sound_and_whole(
        made: Made, tmp_path: Path, program_clock: date,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = unpack(made.name, tmp_path)
    made_before = _newest_entry(path)
    assert revision(path) == made.stamped
    with open_database(path, initials="JB") as db:
        assert db.upgrade_backup is not None
        assert revision(db.upgrade_backup) == made.stamped  # the copy kept is the old file
        settings = load_settings(db)
        records = load_lists(db, program_clock)
        cases = read_cases(db, program_clock)
        with db.read_session() as session:
            # What the edited revisions had left out is there (the failure).
            session.scalars(select(HearingWaiver.period)).all()
            session.scalars(select(CommissionSettings.letterhead_logo)).all()
    assert revision(path) == schema_module.head_revision()
    assert settings is not None and settings.name == "Upton Conservation Commission"
    assert len(records.filings) == made.filings
    first = min(records.filings, key=lambda row: row.file_no)
    assert (first.file_no, first.applicant) == made.first_filing
    assert len(cases) == made.cases
    # Built as a new file is: every table, column and index of the models, no more.
    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as connection:
            assert compare_metadata(MigrationContext.configure(connection),
                                    Base.metadata) == []
    finally:
        engine.dispose()
    report = _checked(path, made_before, monkeypatch)
    assert report.sound, "\n".join(report.lines)


def test_a_second_opening_has_nothing_to_upgrade(tmp_path: Path) -> None:
    path = unpack("10-a195f3f-schema-0010_joined_again", tmp_path)
    open_database(path).close()
    with open_database(path) as again:
        assert again.upgrade_backup is None


def test_a_file_the_0011_programs_upgraded_without_the_edits_columns_is_mended(
        tmp_path: Path, program_clock: date, monkeypatch: pytest.MonkeyPatch) -> None:
    # The a195f3f database opened by a program of 1-3 Dec 2026: stamped 0011, still
    # without the permit-life columns. 0012 adds them as it does for the file itself.
    from alembic import command

    from concom_desk.store.audit import Actor, install_audit_triggers

    path = unpack("10-a195f3f-schema-0010_joined_again", tmp_path)
    made_before = _newest_entry(path)
    engine = schema_module._migration_engine(path, Actor("clerk", "UPGRADE"))
    try:
        with engine.begin() as connection:
            command.upgrade(schema_module.alembic_config(connection), "0011_record_versions")
            install_audit_triggers(connection)
    finally:
        engine.dispose()
    assert revision(path) == "0011_record_versions"
    with open_database(path) as db:
        assert len(load_lists(db, program_clock).filings) == 94
    assert revision(path) == schema_module.head_revision()
    report = _checked(path, made_before, monkeypatch)
    assert report.sound, "\n".join(report.lines)
