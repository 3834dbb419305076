"""A desk on the town hall's server, started the way the clerk starts it: the server
chosen last time opens with its records; a server out of reach is told in one message,
and the clerk tries again or works on this computer's file meanwhile."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication, QMessageBox

from concom_desk.services.commission.settings import save_settings
from concom_desk.services.safekeeping import server_connection as servers
from concom_desk.store import open_database
from concom_desk.ui.main_window import MainWindow
from tests.journeys.conftest import Steps, Wait, top_level
from tests.ui.conftest import SETTINGS, TODAY, add_filing


def showing(count: str) -> Callable[[], Any]:
    """The main window once its records are in, showing `count` ("2 filings")."""
    def test() -> Any:
        window = top_level(MainWindow)
        return window if (window is not None and window.db is not None
                          and window.filings_tab.count_label.text() == count) else None
    return test


def message_box(name: str) -> Callable[[], Any]:
    def test() -> Any:
        return next((w for w in QApplication.topLevelWidgets()
                     if isinstance(w, QMessageBox) and w.objectName() == name
                     and w.isVisible()), None)
    return test


def test_the_server_chosen_last_time_opens_with_its_records(
        run_program: Callable[[Steps], int], data_folder: Path, server_db: Any) -> None:
    save_settings(server_db, SETTINGS, today=TODAY)
    add_filing(server_db, kind="noi", file_no="2026-77", applicant="Ruth Åkesson",
               address="5 Pratt Hill Road", received=date(2026, 11, 9))
    add_filing(server_db, kind="rda", file_no="2026-78", applicant="Milford Pond LLC",
               address="2 Pond Road", received=date(2026, 11, 10))
    servers.remember_server(server_db.address)  # what File → Connect to server… left
    where = server_db.address.display()

    def steps() -> Steps:
        window = yield Wait("the window on the server's filings", showing("2 filings"))
        assert sorted(r.file_no for r in window.filings_tab.model.rows()) == [
            "2026-77", "2026-78"]
        assert window.statusBar().currentMessage() == f"2 filings · server: {where}"
        assert window.windowTitle().endswith(f"— on the server {where}")
        assert window.local_file_action.isEnabled()
        window.close()

    assert run_program(steps()) == 0
    # Nothing of the records was written on this desk: no file, no backup of one.
    assert not (data_folder / "concom-desk.sqlite").exists()
    assert not list(data_folder.rglob("backups"))


def test_a_server_out_of_reach_is_told_and_this_computers_file_opens_instead(
        run_program: Callable[[Steps], int], data_folder: Path, server_address: Any) -> None:
    with open_database(data_folder / "concom-desk.sqlite", initials="JB") as local:
        save_settings(local, SETTINGS, today=TODAY)
        add_filing(local, kind="noi", file_no="2026-12", applicant="Jane Doe",
                   address="12 Pond Road", received=date(2026, 11, 5))
    gone = servers.ServerAddress(host=server_address.host, port=server_address.port + 1,
                                 database="concom", user="clerk")  # nothing listens there
    servers.remember_server(gone)

    def steps() -> Steps:
        box = yield Wait("the message that the server cannot be reached",
                         message_box("server-unreachable"))
        assert box.windowTitle() == "The server cannot be reached"
        assert box.text().startswith(f"Cannot reach the server {gone.display()}: ")
        assert box.text().endswith(
            "Try again once the server is back, or work on the records file on this "
            "computer meanwhile. ConCom Desk tries the server again at its next start; "
            "File → Connect to server… reaches it at any time.")
        window = top_level(MainWindow)  # never a blank window: it says what it is doing
        assert window.today_view.heading.text() == (
            f"Connecting to the server {gone.display()}…")
        assert not window.tabs.isEnabled()

        assert [b.text() for b in box.buttons()] == [
            "&Try again", "Work on the &file on this computer"]
        next(b for b in box.buttons() if b.text() == "&Try again").click()
        again = yield Wait("the message again, the server still out of reach",
                           lambda: (b := message_box("server-unreachable")()) is not None
                           and b is not box and b)
        next(b for b in again.buttons()
             if b.text() == "Work on the &file on this computer").click()
        window = yield Wait("the window on this computer's file", showing("1 filing"))
        assert window.statusBar().currentMessage() == (
            f"1 filing · database: {data_folder / 'concom-desk.sqlite'}")
        assert not window.local_file_action.isEnabled()
        window.close()

    assert run_program(steps()) == 0
    assert servers.remembered_server() == gone  # tried again at the next start
