"""A fault in a window action is told in a dialog (in plain words, that the records
are safe, with Copy details and Open log folder) and lands in the log with its
traceback; Qt's warnings reach the log too; under the smoke test nothing waits for a
click: the fault is collected and the event loop ends with a failure."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer, qWarning
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concom_desk import unexpected
from concom_desk.log_file import LOG_FILE_NAME, start_log_file, stop_log_file
from concom_desk.ui import crash_handlers, document_actions
from concom_desk.ui.crash_dialog import CrashDialog
from concom_desk.ui.crash_handlers import CrashHandlers


def raise_in_a_slot() -> None:
    raise ValueError("the hearing has no room")


@pytest.mark.logs_warning  # the fault is logged at ERROR on purpose
def test_a_fault_in_a_slot_is_shown_and_logged(qtbot: QtBot, isolated_data_dir: Path) -> None:
    shown: list[str] = []
    handlers = CrashHandlers(show=shown.append)
    try:
        QTimer.singleShot(0, raise_in_a_slot)
        qtbot.waitUntil(lambda: bool(shown))
    finally:
        handlers.remove()
    assert sys.excepthook is not handlers.excepthook
    details = shown[0]
    assert details.startswith("ConCom Desk ")
    assert "ValueError: the hearing has no room" in details and "in raise_in_a_slot" in details
    logged = (isolated_data_dir / LOG_FILE_NAME).read_text(encoding="utf-8")
    assert "unexpected failure in the window" in logged
    assert "ValueError: the hearing has no room" in logged


def test_the_dialog_says_the_records_are_safe_and_offers_the_details(
        qtbot: QtBot, isolated_data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[Path] = []
    monkeypatch.setattr(document_actions, "system_open", lambda p: opened.append(p) or True)
    dialog = CrashDialog("ConCom Desk 0.1.0\nTraceback ...\nValueError: boom")
    qtbot.addWidget(dialog)
    text = dialog.message.text()
    assert "Something went wrong inside ConCom Desk" in text
    assert "Your records are safe" in text and "whole or not at all" in text
    assert dialog.details_view.toPlainText().endswith("ValueError: boom")
    dialog.copy_button.click()
    assert QGuiApplication.clipboard().text() == dialog.details
    assert dialog.status.text() == "The details are on the clipboard: paste them into an e-mail."
    dialog.folder_button.click()
    assert opened == [isolated_data_dir]
    assert dialog.status.text() == f"Opened {isolated_data_dir}."


@pytest.mark.logs_warning
@pytest.mark.qt_log_ignore(r"^a Qt warning for the log$")
def test_qt_warnings_reach_the_log_file(qtbot: QtBot, isolated_data_dir: Path) -> None:
    handler = start_log_file()
    handlers = CrashHandlers(show=lambda _details: None)
    try:
        qWarning("a Qt warning for the log")
    finally:
        handlers.remove()
        stop_log_file(handler)
    logged = (isolated_data_dir / LOG_FILE_NAME).read_text(encoding="utf-8")
    assert "WARNING qt: a Qt warning for the log" in logged


@pytest.mark.logs_warning
def test_under_the_smoke_test_a_fault_ends_the_loop_instead_of_a_dialog(qtbot: QtBot) -> None:
    shown: list[str] = []
    with unexpected.collect_instead_of_showing() as faults:
        handlers = CrashHandlers(show=shown.append)
        hang = QTimer()  # a hang fails the test instead of waiting; stopped afterwards
        hang.setSingleShot(True)
        hang.timeout.connect(lambda: QApplication.exit(99))
        try:
            QTimer.singleShot(0, raise_in_a_slot)
            hang.start(10_000)
            status = QApplication.instance().exec()
        finally:
            hang.stop()
            handlers.remove()
    assert status == 4
    assert shown == []
    assert len(faults) == 1 and "ValueError: the hearing has no room" in faults[0]


def test_the_forced_fault_hook_is_off_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(crash_handlers.FAULT_HOOK_ENV, raising=False)
    scheduled: list[object] = []
    monkeypatch.setattr(crash_handlers.QTimer, "singleShot",
                        lambda ms, slot: scheduled.append(slot))
    crash_handlers.force_fault_if_asked()
    assert scheduled == []
    monkeypatch.setenv(crash_handlers.FAULT_HOOK_ENV, "1")
    crash_handlers.force_fault_if_asked()
    assert scheduled == [crash_handlers._raise_forced_fault]
