"""File → Connect to server…: the fields as a clerk finds them, TLS on unless she says
otherwise, Test connection's answer in words, and the window on the server's records
(remembered for the next start) until File → Use the file on this computer."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLineEdit, QMessageBox

from concom_desk.services.safekeeping import server_connection as servers
from concom_desk.store import Database
from concom_desk.ui.server import desk_actions
from concom_desk.ui.server.connect_dialog import NO_TLS_WARNING, ConnectDialog
from tests.ui.server.conftest import MemoryKeyring
from tests.ui.test_main_window import open_window


def fill(dialog: ConnectDialog, address: servers.ServerAddress) -> None:
    dialog.host.setText(address.host)
    dialog.port.setValue(address.port)
    dialog.database.setText(address.database)
    dialog.user.setText(address.user)


def test_the_dialog_asks_where_and_who_with_tls_on(qtbot) -> None:
    dialog = ConnectDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    assert (dialog.host.text(), dialog.port.value(), dialog.database.text(),
            dialog.user.text()) == ("", 5432, "concom", "")
    assert dialog.password.echoMode() == QLineEdit.EchoMode.Password
    assert dialog.keep_password.isChecked() and dialog.tls.isChecked()
    assert not dialog.tls_warning.isVisible()
    assert not dialog.connect_button.isEnabled() and not dialog.test_button.isEnabled()
    dialog.host.setText("townhall")
    dialog.user.setText("clerk")
    assert dialog.connect_button.isEnabled() and dialog.test_button.isEnabled()
    assert dialog.address().url() == "postgresql://clerk@townhall:5432/concom?sslmode=require"

    dialog.tls.setChecked(False)
    assert dialog.tls_warning.isVisible()
    assert dialog.tls_warning.text() == NO_TLS_WARNING
    assert "readable by anyone" in NO_TLS_WARNING
    assert dialog.address().sslmode == "disable"


def test_a_remembered_server_fills_the_dialog_in(qtbot, memory_keyring: MemoryKeyring) -> None:
    address = servers.parse_address("postgresql://agent@10.0.0.5:6543/upton?sslmode=disable")
    memory_keyring.set_password("ConCom Desk server", address.keyring_name(), "kept")
    dialog = ConnectDialog(None, address)
    qtbot.addWidget(dialog)
    assert (dialog.host.text(), dialog.port.value(), dialog.database.text(),
            dialog.user.text(), dialog.tls.isChecked()) == ("10.0.0.5", 6543, "upton",
                                                            "agent", False)
    assert dialog.password.text() == ""  # never shown, even masked
    assert dialog.password.placeholderText() == "kept in this computer's keyring"


def test_test_connection_says_what_it_found(qtbot, town_server: Any) -> None:
    dialog = ConnectDialog()
    qtbot.addWidget(dialog)
    fill(dialog, town_server.address)
    dialog.test_button.click()
    qtbot.waitUntil(lambda: dialog.result.text().startswith("Connected"), timeout=20_000)
    assert dialog.result.text() == (f"Connected to {town_server.address.display()}: its "
                                    "records are there (2 filings).")
    assert dialog.connect_button.isEnabled()


def test_a_server_out_of_reach_is_said_in_the_dialog(qtbot, server_address: Any) -> None:
    dialog = ConnectDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    fill(dialog, server_address)
    dialog.port.setValue(server_address.port + 1)  # nothing listens there
    dialog.test_button.click()
    qtbot.waitUntil(lambda: dialog.result.text().startswith("Cannot reach"), timeout=20_000)
    assert f"Cannot reach the server {dialog.address().display()}" in dialog.result.text()
    assert dialog.isVisible() and dialog.test_button.isEnabled()


def test_a_server_not_set_up_says_how_to_set_it_up(qtbot, server_address: Any) -> None:
    dialog = ConnectDialog()
    qtbot.addWidget(dialog)
    fill(dialog, server_address)
    dialog.test_button.click()
    qtbot.waitUntil(lambda: "server init" in dialog.result.text(), timeout=20_000)
    assert "holds no ConCom Desk records yet" in dialog.result.text()


def test_connect_puts_the_servers_records_in_the_window_until_the_file_is_chosen_again(
        qtbot, town_db: Database, town_server: Any, memory_keyring: MemoryKeyring) -> None:
    window = open_window(qtbot, town_db)
    assert window.filings_tab.count_label.text() == "4 filings"
    assert not window.local_file_action.isEnabled()

    dialog = desk_actions.connect_to_server(window)
    fill(dialog, town_server.address)
    dialog.password.setText("s3cret")
    with qtbot.waitSignal(window.lists_loaded, timeout=20_000):
        dialog.connect_button.click()
    where = town_server.address.display()
    assert window.filings_tab.count_label.text() == "2 filings"
    assert sorted(r.file_no for r in window.filings_tab.model.rows()) == ["2026-77", "2026-78"]
    assert window.windowTitle() == ("ConCom Desk — Upton Conservation Commission — on the "
                                    f"server {where}")
    assert window.statusBar().currentMessage() == f"2 filings · server: {where}"
    assert servers.remembered_server() == town_server.address  # the next start opens it
    # The file left behind got its closing backup, as when the window closes on it.
    assert [p.suffix for p in (town_db.path.parent / "backups").iterdir()] == [".zip"]
    assert "s3cret" not in servers._choice_file().read_text(encoding="utf-8")
    assert memory_keyring.kept == {("ConCom Desk server", town_server.address.keyring_name()):
                                   "s3cret"}
    assert window.local_file_action.isEnabled()

    with qtbot.waitSignal(window.lists_loaded, timeout=20_000):
        window.local_file_action.trigger()
    assert window.filings_tab.count_label.text() == "4 filings"
    assert window.statusBar().currentMessage() == f"4 filings · database: {town_db.path}"
    assert window.windowTitle() == "ConCom Desk — Upton Conservation Commission"
    assert servers.remembered_server() is None
    assert not window.local_file_action.isEnabled()
    window.close()


def test_the_password_is_kept_only_when_asked(qtbot, town_db: Database, town_server: Any,
                                              memory_keyring: MemoryKeyring) -> None:
    window = open_window(qtbot, town_db)
    dialog = desk_actions.connect_to_server(window)
    fill(dialog, town_server.address)
    dialog.password.setText("s3cret")
    dialog.keep_password.setChecked(False)
    with qtbot.waitSignal(window.lists_loaded, timeout=20_000):
        dialog.connect_button.click()
    assert memory_keyring.kept == {}
    window.close()


def test_backup_and_restore_from_the_window_point_to_the_server(
        qtbot, town_db: Database, town_server: Any) -> None:
    window = open_window(qtbot, town_db)
    desk_actions.use_server(window, servers.connect(town_server.address))
    qtbot.waitUntil(lambda: window.filings_tab.count_label.text() == "2 filings",
                    timeout=20_000)
    window.backup_action.trigger()
    box = window.findChild(QMessageBox, "not-on-a-server")
    assert box is not None and box.isVisible()
    assert box.text().startswith("A backup from this window is for a records file on this "
                                 "computer. The server's records are kept safe on the server")
    box.accept()
    window.close()
