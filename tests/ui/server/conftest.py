"""What the server dialogs' tests share: a keyring that keeps passwords in memory (the
machine running the tests has none), and a server with a commission on it."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import keyring
import pytest
from keyring.backend import KeyringBackend

from concom_desk.services.commission.settings import save_settings
from tests.ui.conftest import SETTINGS, TODAY, add_filing


class MemoryKeyring(KeyringBackend):
    """A keyring that keeps what it is given for the test, as Windows' would."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.kept: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.kept.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.kept[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        self.kept.pop((service, username), None)


@pytest.fixture
def memory_keyring() -> Iterator[MemoryKeyring]:
    before = keyring.get_keyring()
    kept = MemoryKeyring()
    keyring.set_keyring(kept)
    yield kept
    keyring.set_keyring(before)


@pytest.fixture
def town_server(server_db: Any) -> Any:
    """The server's records: the commission set up, two filings of its own."""
    save_settings(server_db, SETTINGS, today=TODAY)
    add_filing(server_db, kind="noi", file_no="2026-77", applicant="Ruth Åkesson",
               address="5 Pratt Hill Road", received=date(2026, 11, 9))
    add_filing(server_db, kind="rda", file_no="2026-78", applicant="Milford Pond LLC",
               address="2 Pond Road", received=date(2026, 11, 10))
    return server_db
