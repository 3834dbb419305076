"""A desk starting on a server whose catalog was changed behind the program's back
(tests/store/server/test_server_catalog_tamper.py has each kind): the window shows the
records read-only, saying what was found and who puts it right."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QThreadPool

from concom_desk.ui.app import Launcher
from tests.ui.test_database_guard import box_named, button


def test_a_view_on_the_server_opens_the_records_read_only_saying_what(
        qtbot, town_server: Any, pg_cluster: Any, memory_keyring: Any,
        tmp_path: Path) -> None:
    pg_cluster.psql("CREATE VIEW owners AS SELECT name FROM party",
                    town_server.address.database)
    launcher = Launcher(tmp_path / "concom-desk.sqlite", demo_if_missing=False,
                        server=town_server.address)
    launcher.start()
    qtbot.waitUntil(lambda: launcher.window is not None
                    and getattr(launcher.window, "opening_boxes", None) is not None,
                    timeout=20_000)
    qtbot.addWidget(launcher.window)
    box = box_named(launcher, "schema-changed")
    qtbot.waitUntil(box.isVisible, timeout=10_000)
    assert box.windowTitle() == "The server's records were changed outside ConCom Desk"
    assert ("• a view 'owners' that ConCom Desk does not make (SELECT party.name FROM "
            "party;)") in box.text()
    assert box.text().endswith("whoever runs the server restores a good backup of it, or "
                               "removes what was added.")
    assert launcher.window.windowTitle().endswith("(read-only)")
    assert not launcher.window.db.writable
    button(box, "Keep reading").click()
    # the records are still read and listed
    qtbot.waitUntil(lambda: launcher.window.filings_tab.count_label.text() == "2 filings",
                    timeout=20_000)
    launcher.window.close()
    QThreadPool.globalInstance().waitForDone()  # nothing reads once the server is gone
    launcher.db.close()
