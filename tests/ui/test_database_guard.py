"""The window, opened the way the program opens it (the launcher), on records that are
tampered with, damaged, or in a sync folder: what it says, and the one click it offers."""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from PySide6.QtWidgets import QAbstractButton, QMessageBox
from sqlalchemy import insert

from concom_desk.services.commission.settings import save_settings
from concom_desk.store import open_database
from concom_desk.store.backup import auto_backup
from concom_desk.store.health import check
from concom_desk.store.models import Abutter
from concom_desk.ui.app import Launcher
from tests.ui.conftest import SETTINGS, TODAY, add_filing

SHOTS = os.environ.get("CONCOM_SHOTS")  # a folder to keep screenshots in, when set


def make_records(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open_database(path, initials="JB") as db:
        save_settings(db, SETTINGS, today=TODAY)
        add_filing(db, kind="noi", file_no="2026-41", applicant="Jane Doe",
                   address="12 Pond Road", received=TODAY)
        add_filing(db, kind="rda", file_no="2026-40", applicant="Acme Builders LLC",
                   address="7 Mill Street", received=TODAY)
    return path


def launch(qtbot, db_path: Path) -> Launcher:
    launcher = Launcher(db_path, demo_if_missing=False, today=TODAY)
    launcher.start()
    qtbot.waitUntil(lambda: launcher.window is not None
                    and getattr(launcher.window, "opening_boxes", None) is not None,
                    timeout=20_000)
    qtbot.addWidget(launcher.window)
    return launcher


def box_named(launcher: Launcher, name: str) -> QMessageBox:
    window = launcher.window
    assert window is not None
    found = [b for b in window.opening_boxes if b.objectName() == name]  # type: ignore[attr-defined]
    assert found, [b.objectName() for b in window.opening_boxes]  # type: ignore[attr-defined]
    return found[0]


def button(box: QMessageBox, text: str) -> QAbstractButton:
    return next(b for b in box.buttons() if b.text().replace("&", "") == text)


def shot(widget, name: str) -> None:
    if SHOTS:
        widget.grab().save(str(Path(SHOTS) / f"{name}.png"))


def close(launcher: Launcher) -> None:
    if launcher.window is not None:
        launcher.window.close()


def test_tampered_guards_are_told_and_repaired_with_one_click(qtbot, tmp_path: Path) -> None:
    db_path = make_records(tmp_path / "office" / "concom-desk.sqlite")
    with closing(sqlite3.connect(db_path)) as conn:
        conn.execute("DROP TRIGGER audit_filing_update")
        conn.execute("UPDATE filing SET applicant_id = NULL WHERE file_no = '2026-40'")
        conn.commit()
    launcher = launch(qtbot, db_path)
    box = box_named(launcher, "guards-broken")
    qtbot.waitUntil(box.isVisible, timeout=10_000)
    assert "• trigger audit_filing_update is missing" in box.text()
    assert launcher.window.windowTitle().endswith("(read-only)")
    shot(box, "guards-broken")
    assert not launcher.window.db.writable
    button(box, "Repair the guards…").click()
    qtbot.waitUntil(lambda: launcher.window.db is not None and launcher.window.db.is_open
                    and launcher.window.db.writable, timeout=20_000)
    qtbot.waitUntil(lambda: any(b.objectName() == "guards-repaired" and b.isVisible()
                                for b in launcher.window.findChildren(QMessageBox)),
                    timeout=10_000)
    close(launcher)
    assert check(db_path).sound
    with closing(sqlite3.connect(db_path)) as conn:
        recorded = conn.execute("SELECT table_name, action, initials FROM audit_entry "
                                "ORDER BY id DESC LIMIT 2").fetchall()
    assert recorded == [("audit_entry", "repair", "JB"), ("filing", "update", "UNAUDITED")]


def test_a_damaged_database_opens_read_only_and_restores_the_last_good_backup(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    told: list[str] = []  # the File menu's "Restored" box would wait for a click
    monkeypatch.setattr(QMessageBox, "information", lambda _p, title, text: told.append(title))
    db_path = make_records(tmp_path / "office" / "concom-desk.sqlite")
    with open_database(db_path) as db, db.session() as s:  # rows over many pages
        s.execute(insert(Abutter), [{"filing_id": 1, "owner_name": f"Owner {i:06d} " * 4}
                                    for i in range(3000)])
    auto_backup(db_path)
    with closing(sqlite3.connect(db_path)) as conn:
        conn.execute("PRAGMA journal_mode=DELETE")
        root, = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'abutter'"
                             ).fetchone()
    with db_path.open("r+b") as handle:  # the abutter table's first page is wrecked
        handle.seek(4096 * (root - 1))
        handle.write(b"\x0d" + b"\xff" * 300)
    launcher = launch(qtbot, db_path)
    box = box_named(launcher, "database-damaged")
    qtbot.waitUntil(box.isVisible, timeout=10_000)
    assert "is damaged" in box.text() and "it is open read-only" in box.text()
    assert box.informativeText().startswith("The last good backup is concom-desk-auto-")
    shot(box, "database-damaged")
    button(box, "Restore the last good backup").click()
    window = launcher.window
    qtbot.waitUntil(lambda: window.db is not None and window.db.is_open and window.db.writable,
                    timeout=30_000)
    qtbot.waitUntil(lambda: window.filings_tab.count_label.text() == "2 filings",
                    timeout=10_000)
    assert told == ["Restored"]
    close(launcher)
    assert check(db_path).sound


@pytest.mark.logs_warning
def test_a_database_in_dropbox_is_moved_to_this_computer(qtbot, tmp_path: Path,
                                                         isolated_data_dir: Path) -> None:
    db_path = make_records(tmp_path / "Dropbox" / "ConCom" / "concom-desk.sqlite")
    launcher = launch(qtbot, db_path)
    box = box_named(launcher, "risky-location")
    qtbot.waitUntil(box.isVisible, timeout=10_000)
    assert box.text().startswith("The database concom-desk.sqlite is inside Dropbox")
    local = isolated_data_dir / "concom-desk.sqlite"
    assert str(local) in box.informativeText()
    shot(launcher.window, "risky-location")
    button(box, "Move it to this computer").click()
    window = launcher.window
    qtbot.waitUntil(lambda: window.db_path == local and window.db is not None
                    and window.db.is_open, timeout=20_000)
    qtbot.waitUntil(lambda: window.filings_tab.count_label.text() == "2 filings",
                    timeout=10_000)
    assert not any(b.objectName() == "risky-location" and b.isVisible()
                   for b in window.findChildren(QMessageBox) if b is not box)
    close(launcher)
    assert check(local).sound
    assert db_path.is_file()  # the copy in Dropbox is left for the clerk to delete


def test_the_wizard_warns_about_a_sync_folder_and_offers_this_computer(
        qtbot, tmp_path: Path, isolated_data_dir: Path) -> None:
    db_path = tmp_path / "OneDrive - Town of Upton" / "concom-desk.sqlite"
    launcher = Launcher(db_path, demo_if_missing=False, today=TODAY)
    launcher.start()
    wizard = launcher.wizard
    assert wizard is not None
    qtbot.addWidget(wizard)
    qtbot.waitUntil(wizard.isVisible, timeout=10_000)
    assert "is inside OneDrive" in wizard.location_line.text()
    shot(wizard, "wizard-risky-location")
    wizard.local_button.click()
    assert launcher.db_path == isolated_data_dir / "concom-desk.sqlite"
    assert wizard.location_line.text() == ("The records will be kept on this computer, in "
                                           f"{isolated_data_dir / 'concom-desk.sqlite'}.")
    assert not wizard.local_button.isVisible()
    wizard.finished_into()


def test_a_schema_changed_outside_the_program_opens_read_only_saying_what(
        qtbot, tmp_path: Path) -> None:
    db_path = make_records(tmp_path / "office" / "concom-desk.sqlite")
    with closing(sqlite3.connect(db_path)) as conn:
        conn.execute("CREATE VIEW owners AS SELECT name FROM party")
        conn.commit()
    launcher = launch(qtbot, db_path)
    box = box_named(launcher, "schema-changed")
    qtbot.waitUntil(box.isVisible, timeout=10_000)
    assert ("• a view 'owners' that ConCom Desk does not make (CREATE VIEW owners AS "
            "SELECT name FROM party)") in box.text()
    assert launcher.window.windowTitle().endswith("(read-only)")
    assert not launcher.window.db.writable
    shot(box, "schema-changed")
    button(box, "Keep reading").click()
    close(launcher)
