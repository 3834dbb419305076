"""`check` tells a file stamped at this program's schema that lacks part of it: the
database of dev commit a195f3f was called sound while the window could not read it
(issue 27)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from concom_desk.store.health import check
from concom_desk.store.schema import head_revision
from concom_desk.store.schema_shape import missing_from_file
from tests.store.test_upgrade_fixtures import unpack


def test_a_file_stamped_at_the_newest_schema_without_its_columns_is_not_sound(
        tmp_path: Path) -> None:
    path = unpack("10-a195f3f-schema-0010_joined_again", tmp_path)
    with closing(sqlite3.connect(path)) as raw, raw:
        # As an edited revision left it: stamped newest, the edit's columns never made.
        raw.execute("UPDATE alembic_version SET version_num = ?", (head_revision(),))
    report = check(path)
    assert not report.sound
    # (A table the file has, made otherwise than today's, is told on a line of its own.)
    [line] = [line for line in report.lines if line.startswith("Schema: stamped")]
    assert line.startswith(f"Schema: stamped {head_revision()} but lacks ")
    assert " more; ConCom Desk cannot read these records as they are. Restore a backup " \
        "made before" in line  # ten named, the rest counted
    with closing(sqlite3.connect(path)) as raw:
        missing = missing_from_file(raw)
    assert {"hearing_waiver.period", "filing.acts_not_covered", "filing.version"} <= set(missing)
    assert "commission_settings.letterhead_logo" not in missing  # a195f3f had the logo


def test_an_older_file_is_not_judged_by_the_newest_schema(tmp_path: Path) -> None:
    # It gets what it lacks when it is opened and upgraded.
    report = check(unpack("10-a195f3f-schema-0010_joined_again", tmp_path))
    assert report.sound, "\n".join(report.lines)
    schema_lines = [line for line in report.lines if line.startswith("Schema:")]
    assert schema_lines == ["Schema: revision 0010_joined_again, upgrade pending (ConCom Desk "
                            "upgrades the file when it opens it, keeping a copy first)."]


def test_the_schema_check_holds_files_to_the_models_without_loading_them() -> None:
    """`check` reads the head and the columns from plain files (no Alembic, no
    SQLAlchemy: a scheduled check starts a second sooner); they are the models' own."""
    from concom_desk.store.db_identity import known_heads
    from concom_desk.store.models import Base
    from concom_desk.store.schema import head_revision
    from concom_desk.store.schema_columns import COLUMNS

    assert {table.name: tuple(column.name for column in table.columns)
                       for table in Base.metadata.sorted_tables} == COLUMNS
    assert known_heads() == head_revision()
