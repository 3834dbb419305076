"""Starting on a server whose password this computer's keyring does not hold: a small
dialog asks for it (masked), the records open, and the password is kept when asked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QLineEdit

from concom_desk.errors import UserError
from concom_desk.services.safekeeping import server_connection as servers
from concom_desk.ui.app import Launcher
from tests.ui.server.conftest import MemoryKeyring


@pytest.fixture
def password_asked(monkeypatch: pytest.MonkeyPatch, town_server: Any) -> list[str | None]:
    """The test server trusts its socket; here it asks for a password, as a town hall's
    does over the network: refused until 's3cret' is given. The passwords tried."""
    tried: list[str | None] = []
    real_connect = servers.connect

    def connect(address: Any, password: str | None = None, initials: str = "") -> Any:
        tried.append(password)
        if password != "s3cret":
            raise UserError(f"the server {address.display()} refused the password for "
                            f"{address.user}")
        return real_connect(address, password, initials)

    monkeypatch.setattr(servers, "connect", connect)
    return tried


def start(qtbot: Any, address: Any, tmp_path: Path) -> Launcher:
    launcher = Launcher(tmp_path / "concom-desk.sqlite", demo_if_missing=False,
                        server=address)
    launcher.start()
    assert launcher.window is not None
    qtbot.addWidget(launcher.window)
    return launcher


def test_a_password_the_keyring_lacks_is_asked_for_and_kept(
        qtbot, town_server: Any, password_asked: list[str | None],
        memory_keyring: MemoryKeyring, tmp_path: Path) -> None:
    launcher = start(qtbot, town_server.address, tmp_path)
    qtbot.waitUntil(lambda: launcher.server_start.password_dialog is not None
                    and launcher.server_start.password_dialog.isVisible(), timeout=20_000)
    dialog = launcher.server_start.password_dialog
    assert dialog.question.text() == (f"The password of {town_server.address.user} on the "
                                      f"server {town_server.address.display()}:")
    assert dialog.password.echoMode() == QLineEdit.EchoMode.Password
    assert dialog.keep.isChecked() and not dialog.ok_button.isEnabled()

    dialog.password.setText("wrong")
    dialog.ok_button.click()
    qtbot.waitUntil(lambda: launcher.server_start.password_dialog is not dialog
                    and launcher.server_start.password_dialog.isVisible(), timeout=20_000)
    again = launcher.server_start.password_dialog
    assert again.question.text().startswith(
        f"The server {town_server.address.display()} refused the password kept for")
    again.password.setText("s3cret")
    with qtbot.waitSignal(launcher.window.lists_loaded, timeout=20_000):
        again.ok_button.click()
    assert password_asked == [None, "wrong", "s3cret"]
    assert launcher.window.filings_tab.count_label.text() == "2 filings"
    assert memory_keyring.kept == {
        ("ConCom Desk server", town_server.address.keyring_name()): "s3cret"}
    launcher.window.close()
    launcher.db.close()


def test_no_password_given_leaves_the_choice_of_retrying_or_the_file_here(
        qtbot, town_server: Any, password_asked: list[str | None], tmp_path: Path) -> None:
    launcher = start(qtbot, town_server.address, tmp_path)
    qtbot.waitUntil(lambda: launcher.server_start.password_dialog is not None
                    and launcher.server_start.password_dialog.isVisible(), timeout=20_000)
    launcher.server_start.password_dialog.reject()
    qtbot.waitUntil(lambda: launcher.server_start.box is not None
                    and launcher.server_start.box.isVisible(), timeout=20_000)
    assert launcher.server_start.box.text().startswith(
        f"No password was given for {town_server.address.display()}.\n\nTry again once the "
        "server is back, or set up a records file on this computer instead.")
    launcher.window.close()
