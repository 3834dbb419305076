"""No console window flashes from the windowed program: every program concom_desk starts
is started with `**no_console_window()` (concom_desk/child_programs.py), which on Windows
is CREATE_NO_WINDOW. The calls are found in the source, so a new one without it fails
here, on any system, before it reaches a clerk's Windows."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from concom_desk.child_programs import CREATE_NO_WINDOW, no_console_window

PACKAGE = Path(__file__).resolve().parent.parent / "concom_desk"

# What starts a program: subprocess's functions (getoutput and getstatusoutput take no
# creationflags, so they are refused outright, as are os.system and os.popen, which start
# a shell, and os.spawn*/exec*), and asyncio's.
STARTERS = {
    "subprocess": {"run", "Popen", "call", "check_call", "check_output", "getoutput",
                   "getstatusoutput"},
    "asyncio": {"create_subprocess_exec", "create_subprocess_shell"},
    "os": {"system", "popen", "spawnl", "spawnle", "spawnlp", "spawnlpe", "spawnv",
           "spawnve", "spawnvp", "spawnvpe", "execl", "execle", "execlp", "execlpe",
           "execv", "execve", "execvp", "execvpe", "posix_spawn", "posix_spawnp"},
}
WITHOUT_FLAGS = {"getoutput", "getstatusoutput", *STARTERS["os"]}


def _starter(node: ast.Call, imported: dict[str, str]) -> str | None:
    """`module.function` when the call starts a program, else None."""
    func = node.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        module = imported.get(func.value.id, func.value.id)
        if func.attr in STARTERS.get(module, ()):
            return f"{module}.{func.attr}"
    if isinstance(func, ast.Name) and "." in imported.get(func.id, ""):
        module, _, name = imported[func.id].rpartition(".")
        if name in STARTERS.get(module, ()):
            return imported[func.id]
    return None


def _without_console(node: ast.Call) -> bool:
    for keyword in node.keywords:
        if keyword.arg == "creationflags":
            return True
        value = keyword.value
        if keyword.arg is None and isinstance(value, ast.Call):
            name = value.func.attr if isinstance(value.func, ast.Attribute) else \
                getattr(value.func, "id", "")
            if name == "no_console_window":
                return True
    return False


def program_starts(source: str) -> list[tuple[int, str, bool]]:
    """(line, what, whether it starts the program without a console) for each call."""
    tree = ast.parse(source)
    imported: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                imported[alias.asname or alias.name] = alias.name
        elif isinstance(node, ast.ImportFrom) and node.module in STARTERS:
            for alias in node.names:
                imported[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and (what := _starter(node, imported)):
            quiet = what.rpartition(".")[2] not in WITHOUT_FLAGS and _without_console(node)
            found.append((node.lineno, what, quiet))
    return sorted(found)


def sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_every_program_the_program_starts_has_no_console_window() -> None:
    loud = [f"{path.relative_to(PACKAGE.parent).as_posix()}:{line} {what}"
            for path in sources()
            for line, what, quiet in program_starts(path.read_text(encoding="utf-8"))
            if not quiet]
    assert not loud, ("started without `**no_console_window()` (a console window flashes "
                      f"from concom-desk.exe on Windows): {loud}")


def test_the_search_finds_the_programs_started_today() -> None:
    # So that the test above cannot pass by finding nothing.
    starting = {path.relative_to(PACKAGE).as_posix()
                for path in sources() if program_starts(path.read_text(encoding="utf-8"))}
    assert {"store/server/pg_tools.py", "services/documents/output.py"} <= starting


PLANTED = [
    ("import subprocess\nsubprocess.run(['pg_dump'])\n", [(2, "subprocess.run", False)]),
    ("import subprocess\nsubprocess.run(['pg_dump'], **no_console_window())\n",
     [(2, "subprocess.run", True)]),
    ("import subprocess as sp\nsp.Popen(['soffice'], creationflags=0x08000000)\n",
     [(2, "subprocess.Popen", True)]),
    ("from subprocess import check_output\ncheck_output(['powershell'])\n",
     [(2, "subprocess.check_output", False)]),
    ("from concom_desk import child_programs\nimport subprocess\n"
     "subprocess.call(['lp'], **child_programs.no_console_window())\n",
     [(3, "subprocess.call", True)]),
    ("import subprocess\nsubprocess.getoutput('psql -l')\n",
     [(2, "subprocess.getoutput", False)]),
    ("import os\nos.system('pg_ctl start')\n", [(2, "os.system", False)]),
    ("import asyncio\nasyncio.create_subprocess_exec('initdb')\n",
     [(2, "asyncio.create_subprocess_exec", False)]),
    ("import os\nos.startfile('permit.docx')\n", []),  # the shell opens it: no console
    ("import sys\nsys.exit(0)\n", []),
]


@pytest.mark.parametrize(("source", "expected"), PLANTED)
def test_the_search_tells_a_quiet_start_from_a_loud_one(
        source: str, expected: list[tuple[int, str, bool]]) -> None:
    assert program_starts(source) == expected


@pytest.mark.parametrize(("platform", "expected"), [
    ("win32", {"creationflags": 0x08000000}),
    ("linux", {}),
    ("darwin", {}),
])
def test_creationflags_only_on_windows(platform: str, expected: dict[str, int],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", platform)
    assert no_console_window() == expected


def test_the_flag_is_windows_own() -> None:
    # subprocess names it on Windows only; where it does, it is the same number.
    assert getattr(subprocess, "CREATE_NO_WINDOW", CREATE_NO_WINDOW) == CREATE_NO_WINDOW


def test_a_program_started_with_them_runs() -> None:
    done = subprocess.run([sys.executable, "-c", "print('started')"], capture_output=True,
                          text=True, timeout=60, check=True, **no_console_window())
    assert done.stdout.strip() == "started"


def test_on_windows_the_file_manager_and_pg_dump_get_the_flag(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from concom_desk.services.documents import output
    from concom_desk.store.server import pg_tools

    started: list[dict[str, object]] = []

    def record(command: list[str], **options: object) -> subprocess.CompletedProcess[str]:
        started.append(options)
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(output.subprocess, "Popen", record)
    monkeypatch.setattr(pg_tools.subprocess, "run", record)
    doc = tmp_path / "permit.docx"
    doc.write_bytes(b"")
    output.show_in_folder(doc)
    monkeypatch.setenv("CONCOM_DESK_PG_DUMP", str(doc))  # a file is all find_program asks
    pg_tools.run_tool("pg_dump", ["--version"], None, "say its version")
    assert [options["creationflags"] for options in started] == [CREATE_NO_WINDOW] * 2
