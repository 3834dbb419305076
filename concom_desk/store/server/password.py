"""The server password, kept in the system's keyring (Windows Credential Manager, the
macOS Keychain, the Secret Service on Linux) and never in a file the program writes.

A machine with no keyring (a bare Linux box) cannot keep it: the program then asks for
it at each connection, and says why.
"""

from __future__ import annotations

import contextlib
import os

from concom_desk.store.server.address import ServerAddress

SERVICE = "ConCom Desk server"
# For scripts and the nightly backup task on a server's own machine: the password in
# the environment (as libpq's own PGPASSWORD), never on the command line.
ENVIRONMENT = "CONCOM_DESK_PASSWORD"


def stored_password(address: ServerAddress, environment: bool = True) -> str | None:
    """The password kept for this server, or None (none kept, or no keyring here).
    `environment=False` looks in the keyring only (`server add-user` reads the new
    login's password from the environment, not the administrator's)."""
    if environment and os.environ.get(ENVIRONMENT):
        return os.environ[ENVIRONMENT]
    try:
        import keyring
        from keyring.errors import KeyringError

        try:
            return keyring.get_password(SERVICE, address.keyring_name())
        except KeyringError:
            return None
    except ImportError:  # pragma: no cover - keyring is a dependency
        return None


def keep_password(address: ServerAddress, password: str) -> str | None:
    """Keep the password in the keyring; returns why it could not, or None when kept."""
    import keyring
    from keyring.errors import KeyringError

    try:
        keyring.set_password(SERVICE, address.keyring_name(), password)
    except KeyringError as exc:
        return f"this computer has no keyring to keep the password in ({exc})"
    return None


def forget_password(address: ServerAddress) -> None:
    import keyring
    from keyring.errors import KeyringError, PasswordDeleteError

    with contextlib.suppress(PasswordDeleteError, KeyringError):  # none kept: none to forget
        keyring.delete_password(SERVICE, address.keyring_name())
