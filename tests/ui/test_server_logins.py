"""The window on a server, as each desk login sees it: a public-records terminal opens
read-only and says why; a commissioner's forbidden save is one line from the server."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel

from concom_desk.services.calendar.meetings import add_meeting, mark_agenda_posted
from concom_desk.services.commission.settings import CommissionSettings, save_settings
from concom_desk.store.server.address import ServerAddress
from concom_desk.store.server.database import open_server_database
from concom_desk.ui.crash_handlers import CrashHandlers
from concom_desk.ui.main_window import MainWindow
from tests.helpers.pg_cluster import Cluster
from tests.helpers.pg_logins import desk_logins
from tests.ui.conftest import SETTINGS, TODAY, add_filing

SHOTS = os.environ.get("CONCOM_SHOTS")  # a folder to keep screenshots in, when set


@pytest.fixture
def logins(server_db, server_address: ServerAddress,
           pg_cluster: Cluster) -> Iterator[dict[str, ServerAddress]]:
    save_settings(server_db, SETTINGS, today=TODAY)
    add_filing(server_db, kind="noi", file_no="2026-41", applicant="Jane Doe",
               address="12 Pond Road", received=TODAY)
    with desk_logins(server_address, pg_cluster) as made:
        yield made


def _window(qtbot, address: ServerAddress) -> MainWindow:
    db = open_server_database(address)
    window = MainWindow(None, db.path, CommissionSettings(), TODAY)
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.lists_loaded, timeout=20_000):
        window.use_database(db)
    return window


def _shot(widget, name: str) -> None:
    if SHOTS:
        widget.grab().save(str(Path(SHOTS) / f"{name}.png"))


def test_a_public_records_terminal_opens_read_only_and_says_why(qtbot, logins) -> None:
    kiosk = logins["read-only"]
    window = _window(qtbot, kiosk)
    try:
        assert window.windowTitle().startswith("ConCom Desk — Upton Conservation Commission")
        assert window.windowTitle().endswith("(read-only)")
        note = window.statusBar().findChild(QLabel, "read-only-login")
        assert note.isVisible() and note.text() == (
            f"Read-only: this login ({kiosk.user}) can only read the records")
        assert [row.file_no for row in window.filings_tab.model.rows()] == ["2026-41"]
        _shot(window, "issue21-pginit-kiosk")
        # Voiding a filing at the terminal: told in the dialog, the filing as it was.
        record = window.open_filing(window.filings_tab.model.rows()[0].id)
        dialog = record.void_filing()
        qtbot.waitUntil(dialog.isVisible)
        dialog.reason.setText("entered twice")
        dialog.go_ahead.click()  # written behind the window: "Saving…", then the refusal
        qtbot.waitUntil(lambda: dialog.problem.text() != "Saving…")
        assert dialog.isVisible()
        assert dialog.problem.text() == f"this login ({kiosk.user}) can only read the records"
        _shot(dialog, "issue21-pginit-kiosk-void")
        record.reload()
        assert record.detail.row.status == "received"
    finally:
        window.close()


def test_a_commissioners_status_change_is_refused_in_one_line(qtbot, logins) -> None:
    chair = logins["commissioner"]
    window = _window(qtbot, chair)
    try:
        assert not window.windowTitle().endswith("(read-only)")
        filing_id = window.filings_tab.model.rows()[0].id
        record = window.open_filing(filing_id)
        record.new_status.setCurrentIndex(record.new_status.findData("hearing"))
        record.status_date.setText(TODAY.isoformat())
        record.change_button.click()  # written behind the window: "Saving…", then told
        qtbot.waitUntil(lambda: record.status_reason.text() not in ("", "Saving…"))
        said = re.sub("<[^>]+>", "", record.status_reason.text())
        assert said == (f"Not allowed: your login ({chair.user}) may not change filings; "
                        "ask the clerk")
        _shot(record, "issue21-pginit-chair-refused")
        record.reload()
        assert record.detail.row.status == "received"
    finally:
        window.close()


def test_a_refusal_no_form_expected_is_one_line_not_a_fault(qtbot, server_db, logins) -> None:
    """The calendar's Agenda posted now never expected a refusal (on the file nothing
    refuses it); a commissioner's desk is refused by the server, and the window tells
    her so in one line instead of the fault dialog."""
    meeting = add_meeting(server_db, datetime(2026, 11, 18, 19), "Town Hall", "regular")
    chair = open_server_database(logins["commissioner"])
    faults: list[str] = []
    handlers = CrashHandlers(show=faults.append)
    try:
        QTimer.singleShot(0, lambda: mark_agenda_posted(chair, meeting,
                                                        datetime(2026, 11, 13, 9)))
        qtbot.waitUntil(lambda: handlers.refusal is not None and handlers.refusal.isVisible())
    finally:
        handlers.remove()
        chair.close()
    box = handlers.refusal
    qtbot.addWidget(box)
    assert faults == []
    assert box.text() == (f"Your login ({logins['commissioner'].user}) may not change meetings "
                          "(their schedule, agendas, or the approval of minutes); ask the "
                          "clerk.")
    _shot(box, "issue21-pginit-chair-agenda")
