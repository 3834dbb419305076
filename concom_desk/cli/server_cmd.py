"""`concom-desk server init | add-user | users | role`: setting a town hall's PostgreSQL
server up for the desks, and the logins of the people at them.

`init` and `add-user` run as the server's administrator (the login that owns the
commission's database). Its password is the one kept in this computer's keyring, or
libpq's own (PGPASSWORD, the .pgpass file; none at all over the server's own socket),
or asked for when a terminal is there — and never kept. The new login's password is
asked twice, or read from CONCOM_DESK_PASSWORD when a script makes the logins.
"""

from __future__ import annotations

import argparse
import dataclasses
import getpass
import os
import sys
from typing import Any

from concom_desk.cli.common import EXIT_OK, print_json
from concom_desk.errors import UserError

ROLE_WORDS = {
    "owner": "it set the server up (or is its superuser) and may do everything",
    "clerk": "reads and writes every record (filings and cases are voided, never deleted)",
    "commissioner": "reads every record, records votes and drafts minutes; changing "
                    "filings and approving minutes are the clerk's",
    "read-only": "reads the records and changes nothing (a public-records terminal)",
}
LOGIN_KIND = {"owner": "the administrator's login", "clerk": "a clerk's login",
              "commissioner": "a commissioner's login", "read-only": "a read-only login"}


def register(subparsers: argparse._SubParsersAction) -> None:
    server = subparsers.add_parser(
        "server", help="set a town hall's PostgreSQL server up: init, add-user, users, role")
    commands = server.add_subparsers(dest="server_command", metavar="STEP", required=True)

    init = commands.add_parser(
        "init", help="make the records' tables, the roles and the grants on an empty "
                     "database (or upgrade one an older program set up)")
    _add_server_option(init, "the administrator's")
    init.set_defaults(run=run_init)

    add = commands.add_parser("add-user", help="make a login for a person at a desk")
    add.add_argument("name", metavar="NAME", help="the login, e.g. jsmith or kiosk")
    add.add_argument("--role", required=True, choices=("clerk", "commissioner", "read-only"),
                     help="clerk: every record; commissioner: reads, votes and minutes "
                          "drafts; read-only: a public-records terminal")
    _add_server_option(add, "the administrator's")
    add.set_defaults(run=run_add_user)

    users = commands.add_parser("users", help="list the desk logins and their roles")
    _add_server_option(users, "any login's")
    users.add_argument("--json", action="store_true", help="print JSON")
    users.set_defaults(run=run_users)

    role = commands.add_parser("role", help="connect as a desk would and say what the "
                                            "login may do")
    _add_server_option(role, "the desk login's")
    role.set_defaults(run=run_role)


def _add_server_option(parser: argparse.ArgumentParser, whose: str) -> None:
    parser.add_argument("--db", metavar="postgresql://USER@HOST/DATABASE",
                        default=argparse.SUPPRESS,
                        help=f"the server, as {whose} address (add ?sslmode=disable only on "
                             "the town hall's own network, for a server with no TLS)")


def _address(args: argparse.Namespace) -> Any:
    from concom_desk.store.server.address import is_server_address, parse_address

    given = getattr(args, "db", None)
    if not given:
        raise UserError("name the server with --db postgresql://USER@HOST/DATABASE")
    if not is_server_address(given):
        raise UserError(f"{given!r} is not a server address; `server` commands take "
                        "--db postgresql://USER@HOST/DATABASE")
    return parse_address(given)


def _asks_for_password(exc: BaseException) -> bool:
    text = str(getattr(exc, "orig", None) or exc).lower()
    return "password" in text


def _admin_engine(address: Any, environment: bool = True) -> Any:
    """An engine as the administrator, its password tried first as kept, then asked."""
    from sqlalchemy.exc import OperationalError

    from concom_desk.store.audit import Actor
    from concom_desk.store.server.database import explain_connection_failure
    from concom_desk.store.server.engine import make_server_engine
    from concom_desk.store.server.password import stored_password

    password = stored_password(address, environment=environment)
    for attempt in (1, 2):
        engine = make_server_engine(address, Actor(address.user, ""), password)
        try:
            with engine.connect():
                return engine
        except OperationalError as exc:
            engine.dispose()
            if attempt == 1 and _asks_for_password(exc) and sys.stdin.isatty():
                password = getpass.getpass(f"Password for {address.display()}: ")
                continue
            said = explain_connection_failure(address, exc)
            if _asks_for_password(exc) and not sys.stdin.isatty():
                said += " (run this at a terminal to be asked, or set PGPASSWORD)"
            raise UserError(said) from None
    raise AssertionError("unreachable")  # pragma: no cover


def _server_refusal(exc: BaseException, address: Any) -> str:
    """The administrator's command refused by the server, in one line."""
    detail = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    message = detail[0] if detail else type(exc).__name__
    lowered = message.lower()
    if "permission denied for schema public" in lowered:
        return (f"the login {address.user!r} may not make tables in {address.database!r}: "
                f"run init as the database's owner (createdb -O {address.user} "
                f"{address.database}); nothing was changed")
    if "permission denied to create role" in lowered or "must have createrole" in lowered:
        return (f"the login {address.user!r} may not make logins (it needs CREATEROLE, or "
                "run this as the server's superuser); nothing was changed")
    return f"the server refused: {message}; nothing was changed"


def _in_transaction(args: argparse.Namespace, work: Any, environment: bool = True) -> Any:
    from sqlalchemy.exc import DBAPIError

    address = _address(args)
    engine = _admin_engine(address, environment)
    try:
        with engine.begin() as connection:
            return work(connection, address)
    except DBAPIError as exc:
        raise UserError(_server_refusal(exc, address)) from None
    finally:
        engine.dispose()


def run_init(args: argparse.Namespace) -> int:
    from concom_desk.store.server.roles import GROUPS
    from concom_desk.store.server.set_up import set_up_server

    done = _in_transaction(args, lambda connection, address: set_up_server(
        connection, address.display()))
    address = _address(args)
    if done.upgraded_from:
        print(f"Upgraded {address.display()} from schema {done.upgraded_from} to "
              f"{done.revision}; the grants were made again for the tables as they now are.")
    else:
        print(f"Set up {address.display()} for ConCom Desk (schema {done.revision}):")
        print(f"  {done.tables} record tables and the audit trail, owned by {address.user}")
    for role, group in GROUPS.items():
        made = "made" if group in done.groups_made else "already on this server"
        print(f"  {group} ({made}): {ROLE_WORDS[role]}")
    print(f"  only those three groups may connect to {address.database}; no one else may "
          "make tables in it")
    print("Next: a login for each person at a desk, e.g.")
    print(f"  concom-desk server add-user jsmith --role clerk --db {args.db.strip()}")
    return EXIT_OK


def _new_password(name: str) -> str:
    from concom_desk.store.server.password import ENVIRONMENT

    if os.environ.get(ENVIRONMENT):
        return os.environ[ENVIRONMENT]
    if not sys.stdin.isatty():
        raise UserError(f"give {name}'s password at a terminal (it is asked twice), or in "
                        f"{ENVIRONMENT} for a script; nothing was changed")
    first = getpass.getpass(f"Password for the new login {name}: ")
    if getpass.getpass("The same password again: ") != first:
        raise UserError("the two passwords differ; nothing was changed")
    return first


def run_add_user(args: argparse.Namespace) -> int:
    from concom_desk.store.server.roles import add_desk_user, check_login_name, login_exists
    from concom_desk.store.server.schema import server_revision

    address = _address(args)
    check_login_name(args.name)  # before a password is asked for

    def work(connection: Any, address: Any) -> None:
        if server_revision(connection) is None:
            raise UserError(f"{address.display()} is not set up for ConCom Desk yet; run "
                            "`concom-desk server init` first — nothing was changed")
        if login_exists(connection, args.name):  # said before the password is typed
            raise UserError(f"there is already a login named {args.name!r} on this server; "
                            "nothing was changed")
        add_desk_user(connection, args.name, args.role, _new_password(args.name))

    # The environment holds the new login's password here, not the administrator's.
    _in_transaction(args, work, environment=False)
    desk = dataclasses.replace(address, user=args.name)
    print(f"Made the login {args.name} ({args.role}) on {address.display()}: "
          f"{ROLE_WORDS[args.role]}.")
    print(f"At that desk: File → Connect to server…, or --db {desk.url()}")
    return EXIT_OK


def run_users(args: argparse.Namespace) -> int:
    from concom_desk.store.server.roles import desk_users

    rows = _in_transaction(args, lambda connection, _address: desk_users(connection))
    if args.json:
        print_json([dataclasses.asdict(row) for row in rows])
        return EXIT_OK
    if not rows:
        print("No desk logins yet; make one with `concom-desk server add-user NAME "
              "--role clerk --db …`.")
        return EXIT_OK
    width = max(len("LOGIN"), *(len(row.name) for row in rows))
    print(f"{'LOGIN':<{width}}  ROLE")
    for row in rows:
        note = "" if row.can_log_in else "  (cannot log in)"
        print(f"{row.name:<{width}}  {row.role}{note}")
    return EXIT_OK


def run_role(args: argparse.Namespace) -> int:
    from concom_desk.store.server.database import open_server_database

    address = _address(args)
    database = open_server_database(address)
    try:
        role = database.desk_role
    finally:
        database.close()
    print(f"{address.display()} is {LOGIN_KIND[role]}: {ROLE_WORDS[role]}.")
    return EXIT_OK
