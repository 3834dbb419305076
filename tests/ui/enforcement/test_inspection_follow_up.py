"""Ticking 'Follow-up inspection by' offers a day the dialog accepts (it refused today)."""

from __future__ import annotations

from datetime import timedelta

from PySide6.QtCore import QDate
from pytestqt.qtbot import QtBot

from concom_desk.store import Database
from concom_desk.ui.enforcement.dialogs import InspectionDialog
from tests.helpers.clock import TEST_TODAY


def test_a_ticked_follow_up_is_accepted_and_follows_the_inspection(qtbot: QtBot,
                                                                   db: Database) -> None:
    dialog = InspectionDialog(db, 1, TEST_TODAY)
    qtbot.addWidget(dialog)
    dialog.inspector.setText("Pat Lee")
    dialog.findings.setPlainText("Fill in the buffer zone.")
    dialog.follow_up.check.setChecked(True)
    assert dialog.follow_up.value() == TEST_TODAY + timedelta(days=7)
    assert dialog.problems_now() == [] and dialog.save_button.isEnabled()
    later = TEST_TODAY + timedelta(days=10)
    dialog.inspected_on.setDate(QDate(later.year, later.month, later.day))
    assert dialog.follow_up.value() == later + timedelta(days=7)
    assert dialog.save_button.isEnabled()
