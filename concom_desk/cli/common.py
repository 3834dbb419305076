"""Shared plumbing for subcommands: one-line errors, exit codes, dates, JSON.

Whatever goes wrong, a command says it in one line: a mistake the person can
fix (UserError), a request that could not be carried out (OperationFailed, a
full disk, a read-only folder or database), or, for anything else, that it is
a fault of the program, with the traceback kept in the program's log rather
than thrown at the clerk.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from concom_desk.domain.plain_dates import typed_date
from concom_desk.errors import OperationFailed, UserError

if TYPE_CHECKING:
    from concom_desk.store.database import Database
    from concom_desk.store.server.address import ServerAddress

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2


DB_HELP = ("the records: a database file (default: concom-desk.sqlite in your data folder) "
           "or a server, postgresql://user@host:5432/database (the password from the "
           "system's keyring, or CONCOM_DESK_PASSWORD)")


class CliParser(argparse.ArgumentParser):
    """An argument parser whose complaints are one line, never a usage dump."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def run_command(func: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """Run one command; whatever goes wrong ends in one line and an exit status, and a
    bug (anything but the two kinds of errors.py) also leaves its traceback in the log."""
    try:
        refuse_unreadable_text(args)
        return func(args)
    except UserError as exc:
        print(f"concom-desk: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except OperationFailed as exc:
        print(f"concom-desk: failed: {exc}", file=sys.stderr)
        return EXIT_FAILED
    except BrokenPipeError:
        # `concom-desk filings --json | head`: the reader left; that is not an error.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:  # the last line of defence: never a traceback
        print(f"concom-desk: failed: {unexpected_failure(exc)}", file=sys.stderr)
        return EXIT_FAILED


def unexpected_failure(exc: BaseException) -> str:
    """One line for a failure no service turned into words: the disk, the database
    file, memory; anything else is logged with its traceback as a fault."""
    import sqlite3

    from sqlalchemy.exc import SQLAlchemyError

    detail = str(getattr(exc, "orig", None) or exc).splitlines()[0][:200] if str(exc) else ""
    if isinstance(exc, OSError):
        where = f" ({exc.filename})" if exc.filename else ""
        if exc.errno == errno.ENOSPC:
            return f"the disk is full{where}; nothing was changed — free some space and " \
                   "try again"
        if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return f"no permission to write{where}: the folder or file is read-only"
        return f"{exc.strerror or detail}{where}"
    if isinstance(exc, sqlite3.Error | SQLAlchemyError):
        lowered = detail.lower()
        if "readonly" in lowered or "read-only" in lowered:
            return "the database is read-only (its file or folder cannot be written); " \
                   "nothing was changed"
        if "disk is full" in lowered:
            return "the disk is full; nothing was changed — free some space and try again"
        return f"the database could not do it: {detail}"
    if isinstance(exc, UnicodeError) and "surrogate" in str(exc):
        # bytes that are not UTF-8, brought in by an argument or a file name
        return ("a value given holds bytes that are not readable text (not UTF-8); "
                "type it again in plain characters; nothing was changed")
    if isinstance(exc, MemoryError):
        return "this computer ran out of memory; nothing was changed"
    if isinstance(exc, OverflowError):
        return f"a date or number is out of range ({detail})"
    kept = _log_fault(exc)
    where = f"the details are in {kept}" if kept else "the details could not be kept"
    return (f"an unexpected fault in the program ({type(exc).__name__}: {detail}); "
            f"nothing more was done; {where} — please report it")


def _log_fault(exc: BaseException) -> Path | None:
    """The traceback into the program's rotating log (the window's, in the data folder),
    never onto the clerk's screen."""
    from concom_desk.log_file import log_crash, log_path

    try:
        log_crash(type(exc), exc, exc.__traceback__, "the concom-desk command")
    except OSError:
        return None
    return log_path() if log_path().exists() else None


# The years a date on the command line may fall in: a permit from 1900 is still a
# permit; a year like 9999 or 0001 is a typing slip, and counting 21 days or three
# years from it would run off the calendar (a traceback, not an answer).
FIRST_YEAR, LAST_YEAR = 1900, 2199


def check_year(day: date, text: str) -> None:
    """Refuse, in one line, a date whose year is outside FIRST_YEAR..LAST_YEAR."""
    if not FIRST_YEAR <= day.year <= LAST_YEAR:
        raise argparse.ArgumentTypeError(
            f"{text.strip()}: the year must be between {FIRST_YEAR} and {LAST_YEAR}")


def iso_date(text: str) -> date:
    """argparse type for a date, typed as in the window: 2026-12-01 or 12/1/2026
    (one parser for both, so what the window accepts the command line accepts)."""
    try:
        day = typed_date(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    check_year(day, text)
    return day


def add_db_option(parser: argparse.ArgumentParser, makes_new: bool = False) -> None:
    """Every command that touches data takes --db PATH (default: the user data folder).

    A --db that names no file is a typo far more often than a wish for a new, empty
    database: it is refused unless the command makes a new one (`demo`, `restore`)
    or --create asks for it."""
    parser.add_argument(
        "--db",
        metavar="PATH",
        default=argparse.SUPPRESS,
        help=DB_HELP,
    )
    if makes_new:
        parser.set_defaults(create=True)
    else:
        parser.add_argument("--create", action="store_true",
                            help="start a new, empty database at --db PATH if none is there")


# The options that are words, not file names: bytes that are not UTF-8 in one of them
# (`--filing $'\xff\xfe'`) are refused before the command starts.
TEXT_OPTIONS = ("filing", "case", "meeting", "initials", "signed_by", "reason", "town",
                "kind", "role", "template", "name")


def refuse_unreadable_text(args: argparse.Namespace) -> None:
    for dest in TEXT_OPTIONS:
        value = getattr(args, dest, None)
        if isinstance(value, str) and any("\udc80" <= ch <= "\udcff" for ch in value):
            option = dest if dest == "name" else "--" + dest.replace("_", "-")
            raise UserError(f"{option}: the value holds bytes that are not readable text "
                            "(not UTF-8); type it again in plain characters")


def db_path_from(args: argparse.Namespace) -> Path:
    """The database file --db names (default: the data folder's). A server address is
    refused in one line: what calls this works on a file on this computer."""
    from concom_desk.paths import default_db_path
    from concom_desk.store.server.address import is_server_address

    given = getattr(args, "db", None)
    if given is None:
        return default_db_path()
    if not given.strip():
        # `--db ""` (an unset variable in a script) is not a wish for the default file:
        # taken as it, a command went on and made an empty database there.
        raise UserError("--db is empty; give the database file (or leave --db out to use "
                        "the one in your data folder)")
    if is_server_address(given):
        command = getattr(args, "command", None)
        what = f"`concom-desk {command}`" if command else "this command"
        raise UserError(f"{what} works on a database file on this computer, not on a "
                        "server; give --db a file")
    path = Path(given)
    # `check` settles a copy from a server that was stopped before the file took its
    # name (store.copy_journal), and says so, rather than only that there is no file.
    settling = getattr(args, "command", None) == "check" and _copy_journal_beside(path)
    if not path.exists() and not getattr(args, "create", False) and not settling:
        raise UserError(f"there is no database at {path}; check the path (or add --create "
                        "to start a new, empty database there)")
    if path.exists() and not path.is_file():
        # SQLite opening a named pipe waits for a writer for ever; a folder or a device
        # is no database either
        what = "a folder" if path.is_dir() else "not an ordinary file (a pipe or a device)"
        raise UserError(f"{path} is {what}, not a database file; give --db the "
                        "database file")
    return path


def _copy_journal_beside(path: Path) -> bool:
    from concom_desk.store.copy_journal import copy_journal_path

    return copy_journal_path(path).exists()


def server_address_from(args: argparse.Namespace) -> ServerAddress | None:
    """The server --db names (`postgresql://user@host:5432/database`), or None for a
    file. A mistyped address is refused in one line."""
    from concom_desk.store.server.address import is_server_address, parse_address

    given = getattr(args, "db", None)
    return parse_address(given) if given and is_server_address(given) else None


def open_and_back_up(args: argparse.Namespace, initials: str = "", lock: bool = True, *,
                 must_exist: bool = False) -> Database:
    """The commission's records --db names: a file on this computer (opened, checked,
    upgraded as `open_database` does) or a server. `must_exist` refuses, in one line, a
    file not there yet rather than starting an empty one (the commands that only read).

    On a server the password comes from CONCOM_DESK_PASSWORD or the system's keyring;
    when neither has it and the command runs at a terminal, it is asked for once."""
    address = server_address_from(args)
    if address is not None:
        return _open_server(address, initials)
    from concom_desk.store import open_database

    path = db_path_from(args)
    if must_exist and not path.is_file():
        raise UserError(f"there is no database at {path}; give one with --db PATH")
    return open_database(path, initials=initials, lock=lock)


def _open_server(address: ServerAddress, initials: str) -> Database:
    from concom_desk.store.server.database import open_server_database
    from concom_desk.store.server.password import stored_password

    try:
        return open_server_database(address, initials=initials)
    except UserError as exc:
        if not (_password_refused(address, exc) and stored_password(address) is None
                and sys.stdin is not None and sys.stdin.isatty()):
            raise
    import getpass

    try:
        typed = getpass.getpass(f"Password for {address.display()}: ")
    except (EOFError, KeyboardInterrupt):
        raise UserError(f"no password was given for {address.display()}") from None
    return open_server_database(address, initials=initials, password=typed)


def _password_refused(address: ServerAddress, exc: UserError) -> bool:
    return str(exc).startswith(f"the server {address.display()} refused the password")


def print_json(value: Any) -> None:
    import json  # here, not at the top: opening the window needs neither json nor sqlite3

    json.dump(value, sys.stdout, indent=2, ensure_ascii=False, default=str)
    sys.stdout.write("\n")


def writable_folder(out: Path) -> None:
    """Refuse, before any work is done or recorded, an --out whose folder cannot take
    a new file (read-only, missing and not creatable, or full)."""
    import tempfile

    if not str(out).strip() or Path(out).name in ("", ".", ".."):
        # `--out ""` is Path("."): the folder the command runs in, with no file name
        raise UserError("--out is empty or names no file; give the file (or folder) to "
                        "write, e.g. --out calendar.ics")
    folder = Path(out).parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".concom-", suffix=".probe"):
            pass
    except OSError as exc:
        why = {errno.ENOSPC: "the disk is full", errno.EROFS: "the folder is read-only",
               errno.EACCES: "the folder is read-only", errno.EPERM: "the folder is read-only",
               }.get(exc.errno or 0, exc.strerror or str(exc))
        raise OperationFailed(f"cannot write in {folder}: {why}; nothing was made") from None
