"""Shared plumbing for subcommands: one-line errors, exit codes, dates, JSON."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any, NoReturn

from concom_desk.domain.plain_dates import typed_date
from concom_desk.errors import OperationFailed, UserError

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2


class CliParser(argparse.ArgumentParser):
    """An argument parser whose complaints are one line, never a usage dump."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def run_command(func: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """Run one command; whatever goes wrong ends in one line and an exit status, and a
    bug (anything but the two kinds of errors.py) also leaves its traceback in the log."""
    try:
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
    except Exception as exc:
        from concom_desk.log_file import log_crash, log_path

        command = getattr(args, "command", None) or "(the window)"
        log_crash(type(exc), exc, exc.__traceback__, f"concom-desk {command}")
        print(f"concom-desk: failed: something went wrong that should not have ({exc}); "
              f"the details are in {log_path()}", file=sys.stderr)
        return EXIT_FAILED


def iso_date(text: str) -> date:
    """argparse type for a date, typed as in the window: 2026-12-01 or 12/1/2026
    (one parser for both, so what the window accepts the command line accepts)."""
    try:
        return typed_date(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_db_option(parser: argparse.ArgumentParser) -> None:
    """Every command that touches data takes --db PATH (default: the user data folder)."""
    parser.add_argument(
        "--db",
        metavar="PATH",
        default=argparse.SUPPRESS,
        help="database file (default: concom-desk.sqlite in your data folder)",
    )


def db_path_from(args: argparse.Namespace) -> Path:
    from concom_desk.paths import default_db_path

    given = getattr(args, "db", None)
    return Path(given) if given else default_db_path()


def print_json(value: Any) -> None:
    json.dump(value, sys.stdout, indent=2, ensure_ascii=False, default=str)
    sys.stdout.write("\n")
