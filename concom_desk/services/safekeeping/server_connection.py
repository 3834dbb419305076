"""This desk and a town-hall server: which records it opens, and how it gets in.

The window's File → Connect to server… and the launcher call these, never the store.
Which server this desk uses is remembered in the data folder (`server.json`, the
address alone); the password is kept in the system's keyring if the clerk asks, and
never in a file. A desk with no remembered server opens its own file, as always.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING

from concom_desk.errors import OperationFailed, UserError
from concom_desk.store.server.address import (
    DEFAULT_PORT,
    ServerAddress,
    is_server_address,
    parse_address,
)

if TYPE_CHECKING:
    from concom_desk.store import Database

log = logging.getLogger(__name__)

CHOICE_FILE = "server.json"

__all__ = ["DEFAULT_PORT", "ServerAddress", "address_from_fields", "connect",
           "forget_server", "is_server_address", "parse_address", "password_refused",
           "remember_server", "remembered_server", "try_connection"]


def _choice_file() -> Path:
    from concom_desk.paths import data_dir

    return data_dir() / CHOICE_FILE


def address_from_fields(host: str, port: int, database: str, user: str,
                        tls: bool) -> ServerAddress:
    """The address from the Connect dialog's fields, checked as a typed one is."""
    host, database, user = host.strip(), database.strip(), user.strip()
    for what, value in (("server", host), ("database", database), ("user", user)):
        if not value:
            raise UserError(f"give the {what}'s name")
    if any(c in host for c in "/@?# ") and not Path(host).is_absolute():
        raise UserError(f"the server {host!r} should be a name like townhall or an "
                        "address like 10.0.0.5")
    typed = ServerAddress(host=host, database=database, user=user, port=port,
                          sslmode="require" if tls else "disable")
    return parse_address(typed.url())  # the same checks as `--db postgresql://…`


def remembered_server() -> ServerAddress | None:
    """The server this desk opens at start, or None (its own file). A file damaged or
    written by hand wrong is set aside in the log, and the desk opens its file."""
    path = _choice_file()
    try:
        text = json.loads(path.read_text(encoding="utf-8")).get("server")
        return parse_address(text) if text else None
    except FileNotFoundError:
        return None
    except (OSError, ValueError, AttributeError, UserError) as exc:
        log.warning("the remembered server in %s could not be read: %s", path, exc)
        return None


def remember_server(address: ServerAddress) -> None:
    """Open this server at the next start (the address only: no password, ever)."""
    path = _choice_file()
    temporary = path.with_name(path.name + ".new")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(json.dumps({"server": address.url()}, indent=2) + "\n",
                             encoding="utf-8")
        os.replace(temporary, path)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        raise OperationFailed(f"this desk could not remember the server ({exc.strerror or exc}"
                              f", in {path.parent}); it opens its own file at the next "
                              "start") from None


def forget_server() -> None:
    """Back to this computer's own file at the next start."""
    try:
        _choice_file().unlink(missing_ok=True)
    except OSError as exc:
        raise OperationFailed(f"this desk could not forget the server ({exc.strerror or exc})"
                              ) from None


def stored_password(address: ServerAddress) -> str | None:
    from concom_desk.store.server.password import stored_password as kept

    return kept(address)


def keep_password(address: ServerAddress, password: str) -> str | None:
    """Keep it in the system's keyring; why it could not, or None when kept."""
    from concom_desk.store.server.password import keep_password as keep

    return keep(address, password)


def password_refused(address: ServerAddress, message: str) -> bool:
    """Whether an opening failed for the password (none kept, or a wrong one): the
    window then asks for it rather than saying the server is out of reach."""
    return message.startswith(f"the server {address.display()} refused the password")


def connect(address: ServerAddress, password: str | None = None,
            initials: str = "") -> Database:
    """Open the server's records (UserError in one line when it cannot: out of reach,
    the password refused, a server not set up or set up by a newer program)."""
    from concom_desk.store.server.database import open_server_database

    return open_server_database(address, initials=initials, password=password)


def try_connection(address: ServerAddress, password: str | None = None) -> str:
    """Connect, look, and leave: what the clerk is told when it worked."""
    from sqlalchemy import func, select

    from concom_desk.store.models import Filing

    database = connect(address, password)
    try:
        with database.read_session() as session:
            filings = session.scalar(select(func.count()).select_from(Filing)) or 0
    finally:
        database.close()
    from concom_desk.domain.wording import counted

    return f"Connected to {address.display()}: its records are there " \
           f"({counted(filings, 'filing')})."


def desk_records_path(address: ServerAddress) -> Path:
    """Where this desk keeps what it prints from the server's records (its documents,
    parcels and backups folder): the window's `db_path` while it is on the server."""
    from concom_desk.store.server.database import DESK_FILE, desk_folder

    return desk_folder(address) / DESK_FILE
