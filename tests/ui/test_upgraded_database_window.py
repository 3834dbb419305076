"""The window opens a database of an earlier schema as a clerk would (File → Open or a
double-click: the launcher opens, upgrades and reads it behind the window) and shows
its records: the oldest schema head kept, and the dev database whose upgrade once
ended in `no such column: hearing_waiver.period` (issue 27)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from concom_desk.paths import backups_dir
from concom_desk.ui.app import Launcher
from tests.store.test_upgrade_fixtures import revision, unpack

WAIT_MS = 30_000  # at most, should the test fail first


@pytest.mark.parametrize(("name", "stamped", "filings", "shown"), [
    ("01-c506cf6-schema-0002", "0002", 3, "2026-001"),
    ("10-a195f3f-schema-0010_joined_again", "0010_joined_again", 94, "2021-001"),
])
def test_the_window_opens_an_earlier_schemas_database_upgraded_with_its_records(
        qtbot, tmp_path: Path, program_clock: date, name: str, stamped: str, filings: int,
        shown: str) -> None:
    path = unpack(name, tmp_path)
    launcher = Launcher(path, demo_if_missing=False, today=program_clock)
    launcher.start()
    window = launcher.window
    assert window is not None
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.lists_loaded, timeout=WAIT_MS):
        pass
    assert window.windowTitle() == "ConCom Desk — Upton Conservation Commission"
    rows = window.filings_tab.model.rows()
    assert len(rows) == filings
    assert shown in {row.file_no for row in rows}
    assert window.filings_tab.count_label.text() == f"{filings} filings"
    assert revision(path) != stamped  # upgraded, with the copy made before kept:
    assert list(backups_dir(path).glob(f"town-before-upgrade-from-{stamped}-*.sqlite"))
    # The opening backup follows behind the records; the test ends once it is made.
    qtbot.waitUntil(lambda: bool(list(backups_dir(path).glob("*-auto-*.zip"))),
                    timeout=WAIT_MS)
    window.close()
