"""A command run from the command line (a scheduled backup, say) imports its own
module alone, found in `COMMAND_HOMES`; a command the table does not name still runs,
with every module registered as for --help."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from concom_desk.cli import (
    COMMAND_HOMES,
    COMMAND_MODULES,
    COMMANDS,
    build_parser,
    command_named,
)
from tests.store.conftest import make_record


def _commands(parser: object) -> set[str]:
    return set(parser._subparsers._group_actions[0].choices)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("command", "module"), sorted(COMMAND_HOMES.items()))
def test_each_command_is_registered_by_its_module_alone(command: str, module: str) -> None:
    assert module in COMMAND_MODULES
    alone = _commands(build_parser(command=command))
    assert command in alone
    assert alone < _commands(build_parser())  # the other modules were not imported for it


@pytest.mark.parametrize(("words", "named"), [
    (["backup", "--out", "E:/"], "backup"),
    (["--db", "check", "check"], "check"),  # the first is --db's path
    (["--demo"], None),
    (["--help"], None),
    (["check", "--help"], "check"),
])
def test_the_command_named_by_the_words(words: list[str], named: str | None) -> None:
    assert command_named(words) == named


def test_an_unlisted_word_gets_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser(command="no-such-command")
    with pytest.raises(SystemExit):
        parser.parse_args(["no-such-command"])
    assert "backup" in capsys.readouterr().err  # the choices listed are all of them


def test_backup_and_check_import_neither_the_orm_nor_the_documents(tmp_path: Path) -> None:
    db = make_record(tmp_path / "concom-desk.sqlite")
    probe = ("import sys\n"
             "from concom_desk.cli import main\n"
             f"assert main(['backup', '--db', {str(db)!r}, '--out', {str(tmp_path)!r}]) == 0\n"
             f"assert main(['check', '--db', {str(db)!r}]) == 0\n"
             "heavy = ('sqlalchemy', 'alembic', 'PySide6', 'docx', 'docxtpl', 'openpyxl',\n"
             "         'concom_desk.services.documents.template_examples')\n"
             "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy\n"
             "             or m in heavy or m.endswith('_cmd')))\n")
    shown = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                           check=True, cwd=Path(__file__).resolve().parents[2]
                           ).stdout.strip().splitlines()[-1]
    assert shown == "['concom_desk.cli.backup_cmd']"


@pytest.mark.parametrize(("module", "names"), COMMANDS)
def test_each_module_registers_the_names_the_table_gives_it(module: str,
                                                            names: tuple[str, ...]) -> None:
    """The table is the one place a command is added: a module registering a command the
    table does not give it (as `copy` and `server` were, each loading every module and
    SQLAlchemy for its --help) fails here."""
    import argparse
    import importlib

    subparsers = argparse.ArgumentParser().add_subparsers()
    importlib.import_module(module).register(subparsers)
    assert tuple(subparsers.choices) == names


def test_the_table_names_every_command_once() -> None:
    named = [name for _module, names in COMMANDS for name in names]
    assert len(named) == len(set(named)) == len(COMMAND_HOMES)
    assert _commands(build_parser()) == set(named)


# Loaded by no command's --help: the window, the ORM and the documents' engines. A command
# whose help needs one of them says why here.
NOT_FOR_HELP = ("PySide6", "shiboken6", "sqlalchemy", "alembic", "docx", "docxtpl", "openpyxl",
                "shapely", "psycopg", "concom_desk.ui")

_HELP_PROBE = """
import sys
from concom_desk.cli import main
try:
    main([{command!r}, "--help"])
except SystemExit as stop:
    status = stop.code
heavy = {heavy!r}
print(status, sorted(m for m in sys.modules if m in heavy or m.split(".")[0] in heavy
                     or any(m.startswith(h + ".") for h in heavy)))
"""


@pytest.mark.parametrize("command", sorted(COMMAND_HOMES))
def test_help_of_each_command_loads_neither_the_window_nor_the_orm(command: str) -> None:
    """In a fresh interpreter, as a clerk's `concom-desk server --help` runs."""
    probe = _HELP_PROBE.format(command=command, heavy=NOT_FOR_HELP)
    shown = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                           check=True, cwd=Path(__file__).resolve().parents[2],
                           timeout=120).stdout.strip().splitlines()[-1]
    assert shown == "0 []"
