"""The `concom-desk` command.

With no subcommand it opens the main window. Each subcommand lives in its own
module under `concom_desk.cli` and exposes `register(subparsers)`; the table
`COMMANDS` below is the only place a new command is added.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from pathlib import Path

from concom_desk import __version__, clock
from concom_desk.cli.common import EXIT_USAGE, CliParser, run_command
from concom_desk.cli.output_streams import ensure_output_streams

# Every command, by the module that registers it (`register(subparsers)`), in the order
# `--help` lists them: the one place a command is added. Running one imports its module
# alone: a scheduled `concom-desk backup` needs sqlite3 and zipfile, not the documents'
# examples and the ORM that other commands' modules bring in (a second of a slow
# laptop's start-up). tests/cli/test_command_homes.py holds each module to its names.
COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("concom_desk.cli.deadlines_cmd", ("towns", "deadlines")),
    ("concom_desk.cli.filings_cmd", ("demo", "filings")),
    ("concom_desk.cli.calendar_cmd", ("posting-deadline", "ical")),
    ("concom_desk.cli.abutters_cmd", ("abutters",)),
    ("concom_desk.cli.parcels_cmd", ("parcels",)),
    ("concom_desk.cli.render_cmd", ("render",)),
    ("concom_desk.cli.wpa_cmd", ("dep-copies",)),
    ("concom_desk.cli.templates_cmd", ("check-template", "merge-fields", "templates")),
    ("concom_desk.cli.conditions_cmd", ("conditions",)),
    ("concom_desk.cli.fines_cmd", ("fines",)),
    ("concom_desk.cli.enforcement_cmd", ("case-history", "enforcement-deadlines")),
    ("concom_desk.cli.inspections_cmd", ("inspections",)),
    ("concom_desk.cli.backup_cmd", ("backup", "restore", "check", "repair-guards", "export")),
    ("concom_desk.cli.copy_cmd", ("copy",)),
    ("concom_desk.cli.meeting_record_cmd", ("meeting-record", "records-requests")),
    ("concom_desk.cli.report_cmd", ("report", "retention")),
    ("concom_desk.cli.turnover_cmd", ("turnover",)),
    ("concom_desk.cli.expiry_watch_cmd", ("expiry-watch",)),
    ("concom_desk.cli.guide_cmd", ("guide",)),
    ("concom_desk.cli.server_cmd", ("server",)),
)
COMMAND_MODULES: tuple[str, ...] = tuple(module for module, _names in COMMANDS)
# Where each command is (a word no module names still runs: every module is then
# registered, as for --help, and argparse lists the commands there are).
COMMAND_HOMES: dict[str, str] = {name: module for module, names in COMMANDS for name in names}


def build_parser(with_commands: bool = True, command: str | None = None) -> CliParser:
    """The command line's parser; `with_commands=False` leaves the subcommands out
    (opening the window needs none of them, nor their imports); `command` names the
    one the words ask for, when only its module need be imported."""
    parser = CliParser(
        prog="concom-desk",
        description="ConCom Desk: conservation commission records, deadlines and letters.",
    )
    parser.add_argument("--version", action="version", version=f"concom-desk {__version__}")
    parser.add_argument("--db", metavar="PATH",
                        help="database file (default: your data folder), or a server: "
                             "postgresql://user@host:5432/database")
    parser.add_argument(
        "--demo", action="store_true",
        help="when there is no database yet, start with the demo town instead of the setup wizard",
    )
    parser.add_argument(
        "--smoke-test", action="store_true",
        help="check that this installation works end to end, then exit (used by the build)",
    )
    if not with_commands:
        parser.set_defaults(command=None)
        return parser
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    home = COMMAND_HOMES.get(command or "")
    if home in COMMAND_MODULES:
        importlib.import_module(home).register(subparsers)
        if command in subparsers.choices:
            return parser
    for module_name in COMMAND_MODULES:
        if module_name != home:
            importlib.import_module(module_name).register(subparsers)
    return parser


# The top-level options that take a value (the next word is theirs, not a command).
_VALUE_OPTIONS = ("--db",)


def command_named(argv: Sequence[str]) -> str | None:
    """The subcommand the words name (the first word that is neither an option nor an
    option's value), or None for the window and for --help (which lists them all)."""
    words = iter(argv)
    for word in words:
        if word in ("-h", "--help"):
            return None
        if word in _VALUE_OPTIONS:
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def names_a_command(argv: Sequence[str]) -> bool:
    """Whether the words hold a subcommand (or ask for help, which lists them all):
    only then are the command modules imported. Starting the window, the usual case,
    parses `--db` and `--demo` alone and starts a second sooner on a slow laptop."""
    words = iter(argv)
    for word in words:
        if word in ("-h", "--help"):
            return True
        if word in _VALUE_OPTIONS:
            next(words, None)
        elif not word.startswith("-"):
            return True
    return False


def main(argv: Sequence[str] | None = None) -> int:
    ensure_output_streams()  # the windowed Windows program has no stdout or stderr
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(with_commands=names_a_command(words), command=command_named(words))
    args = parser.parse_args(words)
    if clock.setting_problem():  # every deadline would count from it: refused first
        print(f"concom-desk: error: {clock.setting_problem()}", file=sys.stderr)
        return EXIT_USAGE
    if args.smoke_test:
        from concom_desk.smoke_test import run_smoke_test

        return run_command(lambda a: run_smoke_test(Path(a.db) if a.db else None), args)
    if args.command is None:
        from concom_desk.cli.window_cmd import open_window

        return run_command(open_window, args)
    return run_command(args.run, args)
