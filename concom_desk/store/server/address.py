"""A server's address as the clerk types it: `postgresql://user@host:port/database`.

TLS is asked for unless the clerk says otherwise (`?sslmode=disable` on a town hall's
own network, if its server has no certificate): the password and the records cross the
building's network. A host that is a folder (`host=/run/postgresql`) is the machine's
own Unix socket, where libpq uses no TLS and needs none.

The password is never part of the address: it is kept in the system's keyring
(`concom_desk.store.server.password`), so no file the program writes holds it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import parse_qs, quote, unquote, urlsplit

from concom_desk.errors import UserError

SCHEMES = ("postgresql", "postgres")
DEFAULT_PORT = 5432
TLS_MODES = ("disable", "allow", "prefer", "require", "verify-ca", "verify-full")
_NAME = re.compile(r"^[A-Za-z0-9_.\-]{1,63}$")


def is_server_address(text: str | None) -> bool:
    """Whether `--db` names a server rather than a file."""
    return bool(text) and str(text).split(":", 1)[0].lower() in SCHEMES


@dataclass(frozen=True)
class ServerAddress:
    host: str
    database: str
    user: str
    port: int = DEFAULT_PORT
    sslmode: str = "require"
    # Other libpq settings the clerk put after "?" (sslrootcert=… for verify-full).
    options: tuple[tuple[str, str], ...] = field(default=())

    @property
    def on_socket(self) -> bool:
        return self.host.startswith("/") or re.match(r"^[A-Za-z]:[\\/]", self.host) is not None

    def display(self) -> str:
        """How the window and messages name the server (no password, ever)."""
        where = self.host if self.on_socket else f"{self.host}:{self.port}"
        return f"{self.user}@{where}/{self.database}"

    def url(self) -> str:
        """The address back as text, in the form `parse_address` reads."""
        query = [("sslmode", self.sslmode), *self.options]
        if self.on_socket:
            query = [("host", self.host), ("port", str(self.port)), *query]
            netloc = f"{quote(self.user, safe='')}@"
        else:
            netloc = f"{quote(self.user, safe='')}@{self.host}:{self.port}"
        tail = "&".join(f"{k}={quote(v, safe='/:')}" for k, v in query)
        return f"postgresql://{netloc}/{quote(self.database, safe='')}?{tail}"

    def keyring_name(self) -> str:
        """The name the password is kept under in the system's keyring."""
        return f"{self.user}@{self.host}:{self.port}/{self.database}"

    def connect_args(self) -> dict[str, object]:
        """What psycopg is given, the password apart."""
        args: dict[str, object] = {"host": self.host, "port": self.port,
                                   "dbname": self.database, "user": self.user,
                                   "application_name": "ConCom Desk",
                                   "connect_timeout": 10}
        if not self.on_socket:
            args["sslmode"] = self.sslmode
        args.update(dict(self.options))
        return args


def parse_address(text: str) -> ServerAddress:
    """Read `postgresql://user@host:port/database?sslmode=…`; one clear line if wrong."""
    parts = urlsplit(text.strip())
    if parts.scheme.lower() not in SCHEMES:
        raise UserError(f"{text!r} is not a server address; it should begin postgresql://")
    if parts.password:
        raise UserError("the server address must not hold the password; the program asks "
                        "for it and keeps it in the system's keyring")
    query = {key: values[-1] for key, values in parse_qs(parts.query).items()}
    host = query.pop("host", None) or parts.hostname or ""
    try:
        port = int(query.pop("port", None) or parts.port or DEFAULT_PORT)
    except ValueError:
        raise UserError(f"the server's port in {text!r} is not a number") from None
    database = unquote(parts.path.lstrip("/"))
    user = unquote(parts.username or "")
    sslmode = query.pop("sslmode", "require")
    for what, value in (("server", host), ("database", database), ("user", user)):
        if not value:
            raise UserError(f"the server address {text!r} names no {what}; write it as "
                            "postgresql://user@host:5432/database")
    for what, value in (("database", database), ("user", user)):
        if not _NAME.match(value):
            raise UserError(f"the {what} name {value!r} may hold only letters, digits, "
                            "'_', '.' and '-'")
    if sslmode not in TLS_MODES:
        raise UserError(f"sslmode {sslmode!r} is not one of {', '.join(TLS_MODES)}")
    if not 0 < port < 65536:
        raise UserError(f"the server's port {port} is not between 1 and 65535")
    return ServerAddress(host=host, database=database, user=user, port=port,
                         sslmode=sslmode, options=tuple(sorted(query.items())))
