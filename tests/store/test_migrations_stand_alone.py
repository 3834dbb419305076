"""A revision does the same to every database whenever it runs: it imports nothing from
the domain or the services, which go on changing after it has run on other clerks'
files (what it needs of them is copied into it, frozen, with a comment saying why)."""

from __future__ import annotations

import ast
from pathlib import Path

import concom_desk.store.migrations as migrations

FOLDER = Path(migrations.__file__).resolve().parent
CHANGING = ("concom_desk.domain", "concom_desk.services", "concom_desk.ui")


def _imports(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
        elif isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
    return names


def test_no_revision_imports_the_domain_or_the_services() -> None:
    files = sorted((FOLDER / "versions").glob("*.py")) + sorted(FOLDER.glob("frozen_*.py"))
    assert len(files) >= 20
    wrong = {path.name: name for path in files for name in _imports(path)
             if name.startswith(CHANGING)}
    assert wrong == {}
