"""The window opened on records whose restore was killed half-way: the restore is
undone before the records are shown, and a box says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from concom_desk.paths import documents_dir
from concom_desk.store.backup import make_backup
from concom_desk.store.restore_journal import journal_path
from tests.store.test_restore_journal import kill_restore_at
from tests.ui.test_database_guard import box_named, close, launch, make_records, shot


@pytest.mark.slow  # the restore runs in a child process that is killed
def test_the_window_says_a_stopped_restore_was_undone(qtbot, tmp_path: Path) -> None:
    db_path = make_records(tmp_path / "office" / "concom-desk.sqlite")
    archive = make_backup(db_path, tmp_path / "2026-11-30.zip").path
    letters = documents_dir(db_path) / "2026-41"
    letters.mkdir(parents=True)
    (letters / "permit.docx").write_bytes(b"PK\x03\x04 permit")
    kill_restore_at("os.rename~documents~2", archive, db_path)
    assert not documents_dir(db_path).exists() and journal_path(db_path).exists()

    launcher = launch(qtbot, db_path)
    box = box_named(launcher, "restore-settled")
    qtbot.waitUntil(box.isVisible, timeout=10_000)
    assert box.windowTitle() == "A restore had been stopped half-way"
    assert box.text().startswith("The restore of 2026-11-30.zip was stopped before it "
                                 "finished")
    assert (letters / "permit.docx").read_bytes() == b"PK\x03\x04 permit"
    assert not launcher.window.windowTitle().endswith("(read-only)")
    shot(box, "restore-settled")
    close(launcher)
