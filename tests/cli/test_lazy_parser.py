"""Opening the window parses the few top-level options alone: the command modules
(and what they import) are loaded only when a command or --help is asked for."""

from __future__ import annotations

import subprocess
import sys

import pytest

from concom_desk.cli import COMMAND_MODULES, build_parser, names_a_command


@pytest.mark.parametrize(("words", "command"), [
    ([], False),  # the window
    (["--demo"], False),
    (["--db", "C:/ConCom/backup.sqlite"], False),  # the path is --db's, not a command
    (["--db", "towns"], False),  # even a path that spells a command's name
    (["--version"], False),
    (["towns"], True),
    (["--db", "x.sqlite", "backup", "--out", "E:/"], True),
    (["--help"], True),  # help lists every command
    (["-h"], True),
    (["no-such-command"], True),  # told as the full parser tells it
])
def test_which_words_need_the_commands(words: list[str], command: bool) -> None:
    assert names_a_command(words) is command


def test_the_window_s_parser_knows_the_top_level_options() -> None:
    args = build_parser(with_commands=False).parse_args(["--db", "x.sqlite", "--demo"])
    assert (args.db, args.demo, args.command, args.smoke_test) == ("x.sqlite", True, None,
                                                                   False)


def test_no_command_module_is_imported_to_open_the_window() -> None:
    probe = ("import sys\n"
             "from concom_desk.cli import build_parser, names_a_command\n"
             "build_parser(with_commands=names_a_command(['--db', 'x.sqlite']))\n"
             "print(sorted(m for m in sys.modules if m.endswith('_cmd')))\n")
    shown = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                           check=True).stdout.strip()
    assert shown == "[]"
    assert COMMAND_MODULES  # the one list of commands, imported for a command
