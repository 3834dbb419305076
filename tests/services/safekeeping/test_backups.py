"""Automatic backups around a working session: made when the record changed,
skipped when it did not, and never in the clerk's way when they fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from concom_desk.errors import OperationFailed
from concom_desk.paths import backups_dir
from concom_desk.services.safekeeping import backups as record_backups
from concom_desk.services.safekeeping.backups import working_on_record
from concom_desk.store.models import Party


def automatic(db: Path) -> list[str]:
    folder = backups_dir(db)
    return sorted(p.name for p in folder.glob("*-auto-*.zip")) if folder.exists() else []


def test_backups_follow_changes(tmp_path: Path) -> None:
    db = tmp_path / "concom-desk.sqlite"
    with working_on_record(db, initials="JB") as database:
        # A brand-new database: backed up once it is created.
        assert len(automatic(db)) == 1
        with database.session() as s:
            s.add(Party(name="Ruth Åkesson"))
    assert len(automatic(db)) == 2  # closed after a change

    with working_on_record(db, initials="JB"):
        pass
    assert len(automatic(db)) == 2  # opened and closed, nothing changed: nothing new


@pytest.mark.logs_warning  # the failed backup is logged as well as told
def test_a_failed_backup_is_told_not_raised(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    def full(db_path: Path) -> Path:
        raise OperationFailed("could not make the automatic backup: the disk is full")

    monkeypatch.setattr(record_backups, "auto_backup", full)
    told: list[str] = []
    db = tmp_path / "concom-desk.sqlite"
    with working_on_record(db, warn=told.append) as database, database.session() as s:
        s.add(Party(name="Ruth Åkesson"))
    assert told == ["The automatic backup could not be made: could not make the automatic "
                    "backup: the disk is full"] * 2
    assert automatic(db) == []
