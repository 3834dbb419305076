"""File menu: backup, restore and export run in the background and report in words."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from concom_desk.store import Database
from concom_desk.ui import file_actions
from concom_desk.ui.calendar.calendar_tab import CalendarTab
from concom_desk.ui.placeholders import PlaceholderTab
from tests.ui.conftest import add_filing
from tests.ui.test_main_window import open_window


@pytest.fixture
def told(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the message boxes said (they would wait for a click)."""
    said: list[str] = []

    def record(_parent: object, title: str, text: str, *_args: object) -> None:
        said.append(f"{title}: {text}")

    monkeypatch.setattr(QMessageBox, "information", record)
    monkeypatch.setattr(QMessageBox, "warning", record)
    return said


def test_backup_then_restore_brings_the_records_back(qtbot, town_db: Database, tmp_path: Path,
                                                     told: list[str]) -> None:
    window = open_window(qtbot, town_db)
    archive = tmp_path / "backup.zip"
    file_actions.backup(window, out_zip=archive)
    qtbot.waitUntil(lambda: bool(told), timeout=20_000)
    assert told[-1].startswith("Backup made: The backup is saved and checked:")
    assert archive.is_file()

    add_filing(window.db, kind="rda", file_no="2026-99", applicant="Late Entry",
               address="1 Main Street", received=window.today)
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        window.reload()
    assert window.filings_tab.count_label.text() == "5 filings"

    file_actions.restore(window, archive=archive)
    qtbot.waitUntil(lambda: len(told) == 2, timeout=20_000)
    assert told[-1].startswith("Restored: The records were restored from the backup.")
    assert "kept as" in told[-1]
    qtbot.waitUntil(lambda: window.filings_tab.count_label.text() == "4 filings",
                    timeout=10_000)
    assert window.tabs.isEnabled()
    window.close()


def test_a_damaged_backup_is_refused_and_the_records_stay(qtbot, town_db: Database,
                                                          tmp_path: Path, told: list[str]
                                                          ) -> None:
    window = open_window(qtbot, town_db)
    archive = tmp_path / "not-a-backup.zip"
    archive.write_bytes(b"this is not a zip file")
    file_actions.restore(window, archive=archive)
    qtbot.waitUntil(lambda: bool(told), timeout=20_000)
    assert told[-1].startswith("ConCom Desk: Nothing was restored:")
    qtbot.waitUntil(lambda: window.tabs.isEnabled(), timeout=10_000)
    qtbot.waitUntil(lambda: window.filings_tab.count_label.text() == "4 filings",
                    timeout=10_000)
    window.close()


def test_export_for_a_records_request(qtbot, town_db: Database, tmp_path: Path,
                                      told: list[str]) -> None:
    window = open_window(qtbot, town_db)
    out = tmp_path / "export"
    file_actions.export(window, out_dir=out, fmt="csv")
    qtbot.waitUntil(lambda: bool(told), timeout=20_000)
    tables = sorted(p for p in out.iterdir())
    assert tables and all(p.suffix == ".csv" for p in tables)
    assert told[-1] == (f"Exported: {len(tables)} CSV files, one per table, are saved in "
                        f"{out}.")
    file_actions.export(window, out_dir=out / "workbook", fmt="xlsx")
    qtbot.waitUntil(lambda: len(told) == 2, timeout=20_000)
    (workbook,) = (out / "workbook").iterdir()
    assert told[-1] == f"Exported: {workbook.name} is saved in {out / 'workbook'}."
    window.close()


def test_the_tab_in_front_opens_again_after_a_restore(qtbot, town_db: Database,
                                                      tmp_path: Path, told: list[str]) -> None:
    """Restoring with the Hearing calendar in front shows the restored calendar, not
    "The hearing calendar opens once the records are loaded…" until another tab is clicked."""
    window = open_window(qtbot, town_db)
    archive = tmp_path / "backup.zip"
    file_actions.backup(window, out_zip=archive)
    qtbot.waitUntil(lambda: bool(told), timeout=20_000)
    window.show_section("Hearing calendar")
    assert isinstance(window.tabs.currentWidget(), CalendarTab)

    file_actions.restore(window, archive=archive)
    qtbot.waitUntil(lambda: len(told) == 2, timeout=20_000)
    assert told[-1].startswith("Restored:")
    shown = window.tabs.currentWidget()
    assert not isinstance(shown, PlaceholderTab)
    assert isinstance(shown, CalendarTab) and shown is window.calendar_tab
    assert window.tabs.tabText(window.tabs.currentIndex()) == "Hearing &calendar"
    window.close()
