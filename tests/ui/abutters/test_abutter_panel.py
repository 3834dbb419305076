"""The panel a filing shows: the buttons open the dialogs, the table follows."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concom_desk.store import Database
from concom_desk.ui.abutters.abutter_panel import AbutterPanel
from tests.helpers.abutter_fixtures import GOOD_ROWS, add_filing, write_csv


# The offscreen platform cannot size a child dialog's window: not a problem of ours.
@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_import_from_the_panel_fills_the_table(qtbot: QtBot, db: Database,
                                               tmp_path: Path) -> None:
    filing = add_filing(db, owner_is_applicant=True)
    panel = AbutterPanel(db, filing)
    qtbot.addWidget(panel)
    assert panel.count_label.text() == ("No abutter list yet: import the assessor's "
                                        "list, or compute it from the parcels.")
    assert not panel.mailing_button.isEnabled()
    assert panel.tracking.model.rowCount() == 0
    qtbot.mouseClick(panel.import_button, Qt.MouseButton.LeftButton)
    dialog = panel.import_dialog
    assert dialog is not None and dialog.isVisible()
    dialog.load_file(write_csv(tmp_path / "list.csv", GOOD_ROWS))
    qtbot.waitUntil(lambda: not dialog.busy, timeout=10_000)
    with qtbot.waitSignal(panel.changed, timeout=10_000):
        qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.busy, timeout=10_000)
    assert panel.count_label.text() == "3 owners to notify"
    assert panel.mailing_button.isEnabled()
    assert panel.tracking.model.rowCount() == 3
    dialog.close()
