"""The house rule `ui → services → store → domain`, checked on the source text.

Each layer imports only the layers below it (and the shared `errors`, `paths`,
`clock` and `child_programs`, the domain excepted; the
window and the entrances also share `log_file` and `unexpected`);
only concom_desk/ui imports Qt; the domain is pure: the standard library, `dateutil`
and `holidays`, and nothing of the layers above it. The command line, `__main__` and
the smoke test are the program's entrances and may reach every layer.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "concom_desk"
QT_MODULES = ("PySide6", "shiboken6", "PyQt5", "PyQt6")

# The layers each layer may import (its own included); anything else of concom_desk is refused.
MAY_IMPORT = {
    "domain": {"domain", "errors"},
    "store": {"store", "domain", "errors", "paths", "clock", "child_programs"},
    "services": {"services", "store", "domain", "errors", "paths", "clock", "child_programs"},
    "ui": {"ui", "services", "domain", "errors", "paths", "clock", "log_file", "unexpected",
           "child_programs"},
    "errors": set(),
    "paths": set(),
    # how another program is started without a console window (pg_dump, LibreOffice)
    "child_programs": set(),
    # the day the program counts from (the domain is handed its days, never reads one)
    "clock": {"errors"},
    # the log file, and what is done with a bug (logged; shown by the ui or collected by
    # the smoke test): shared by the window and the entrances
    "log_file": {"paths"},
    "unexpected": {"log_file", "paths"},
    "entrance": {"cli", "ui", "services", "store", "domain", "errors", "paths", "clock",
                 "smoke_test", "child_programs",
                 "log_file", "unexpected"},
}
ENTRANCES = ("cli", "__init__", "__main__", "smoke_test")

# Libraries the domain may use besides the standard library: the Massachusetts legal
# holidays (ma_calendar) and calendar arithmetic (meeting_schedule, time_rule).
DOMAIN_LIBRARIES = {"dateutil", "holidays"}

# The ui modules that still import the store today, each with the names it takes.
# The window is to reach records only through the services (services take a Database
# and open their own transaction); shrink this list as each module stops, never grow it.
UI_STORE_TODAY: dict[str, set[str]] = {
    # the offscreen smoke check opens a scratch database to show the window on
    "ui/smoke.py": {"open_database"},
}


def module_name(path: Path, root: Path = PACKAGE) -> str:
    return ".".join(("concom_desk", *path.relative_to(root).with_suffix("").parts))


def imports(path: Path, root: Path = PACKAGE) -> list[tuple[str, str]]:
    """(module, name) for every import in the file; name is "" for `import x`.

    `from concom_desk import store` counts as an import of concom_desk.store, and a
    relative import is resolved against the file's own package."""
    found: list[tuple[str, str]] = []
    package = module_name(path, root).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((alias.name, "") for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(filter(None, [*package[: len(package) - node.level + 1], base]))
            for alias in node.names:
                if base == "concom_desk" and not alias.name.startswith("__"):  # not __version__
                    found.append((f"concom_desk.{alias.name}", ""))
                else:
                    found.append((base, alias.name))
    return found


def layer_of(path: Path, root: Path = PACKAGE) -> str:
    first = path.relative_to(root).parts[0].removesuffix(".py")
    return "entrance" if first in ENTRANCES else first


def sources(under: Path) -> list[Path]:
    return sorted(p for p in under.rglob("*.py") if "migrations" not in p.parts)


def rel(path: Path, root: Path = PACKAGE) -> str:
    return path.relative_to(root).as_posix()


def layer_breaches(path: Path, root: Path = PACKAGE) -> list[str]:
    """The imports of concom_desk layers that `path`'s layer may not make."""
    layer = layer_of(path, root)
    breaches = []
    for module, name in imports(path, root):
        parts = module.split(".")
        if parts[0] != "concom_desk" or len(parts) < 2:
            continue
        target = parts[1]
        if target in MAY_IMPORT[layer]:
            continue
        if layer == "ui" and target == "store" and name in UI_STORE_TODAY.get(rel(path, root), ()):
            continue
        breaches.append(f"{module} ({name})" if name else module)
    return breaches


@pytest.mark.parametrize(
    "path", [p for p in sources(PACKAGE) if layer_of(p) != "ui"], ids=rel
)
def test_qt_only_in_ui(path: Path) -> None:
    qt = [m for m, _ in imports(path) if m.split(".")[0] in QT_MODULES]
    assert not qt, f"{rel(path)} imports {qt}: Qt belongs in concom_desk/ui"


@pytest.mark.parametrize("path", sources(PACKAGE), ids=rel)
def test_each_layer_imports_only_the_layers_below(path: Path) -> None:
    breaches = layer_breaches(path)
    assert not breaches, (
        f"{rel(path)} is in the {layer_of(path)} layer and imports {breaches}; "
        f"it may import {sorted(MAY_IMPORT[layer_of(path)])}"
    )


@pytest.mark.parametrize("path", sources(PACKAGE / "domain"), ids=rel)
def test_domain_uses_the_standard_library_and_its_two_libraries(path: Path) -> None:
    outside = sorted(
        {m for m, _ in imports(path)
         if (top := m.split(".")[0]) not in sys.stdlib_module_names
         and top not in DOMAIN_LIBRARIES and top != "concom_desk"}
    )
    assert not outside, f"{rel(path)} imports {outside}: the domain stays pure"


def test_the_ui_store_list_names_only_imports_that_are_still_there() -> None:
    # So the list shrinks as the window stops reaching into the store.
    stale = []
    for entry, names in UI_STORE_TODAY.items():
        path = PACKAGE / entry
        taken = {n for m, n in imports(path) if m.startswith("concom_desk.store")} \
            if path.exists() else set()
        if not names <= taken:
            stale.append(f"{entry}: {sorted(names - taken)}")
    assert not stale, f"remove from UI_STORE_TODAY (no longer imported): {stale}"


PLANTED = [
    # (file, its source, the breaches the checker must report)
    ("ui/abutters/abutter_panel.py", "from concom_desk.services.database import Database\n",
     []),
    ("ui/abutters/abutter_panel.py", "from concom_desk.store import Database\n",
     ["concom_desk.store (Database)"]),
    ("ui/abutters/abutter_panel.py", "from concom_desk.store import open_database\n",
     ["concom_desk.store (open_database)"]),
    ("ui/filings/new_screen.py", "from concom_desk.store.models import Filing\n",
     ["concom_desk.store.models (Filing)"]),
    ("ui/filings/new_screen.py", "from concom_desk import store\n", ["concom_desk.store"]),
    ("store/new_table.py", "from concom_desk.services.filings.editing import add_filing\n",
     ["concom_desk.services.filings.editing (add_filing)"]),
    ("store/new_table.py", "from ..services import filings\n",
     ["concom_desk.services (filings)"]),
    ("services/new_service.py", "import concom_desk.ui.app\n", ["concom_desk.ui.app"]),
    ("domain/new_rule.py", "from concom_desk.paths import data_dir\n",
     ["concom_desk.paths (data_dir)"]),
    ("domain/new_rule.py", "from .ma_calendar import MASSACHUSETTS\n", []),
    ("cli/new_cmd.py", "from concom_desk.store import open_database\n", []),
]


@pytest.mark.parametrize(("file", "source", "expected"), PLANTED)
def test_the_checker_reports_an_import_against_the_layers(
    tmp_path: Path, file: str, source: str, expected: list[str]
) -> None:
    path = tmp_path / file
    path.parent.mkdir(parents=True)
    path.write_text(source, encoding="utf-8")
    assert layer_breaches(path, tmp_path) == expected
