"""The house rule `ui → services → store → domain`, checked on the source text:
only concom_desk/ui imports Qt, and the domain imports nothing of the layers above it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "concom_desk"
QT_MODULES = ("PySide6", "shiboken6", "PyQt5", "PyQt6")
ABOVE_DOMAIN = ("concom_desk.store", "concom_desk.services", "concom_desk.ui", "concom_desk.cli",
                "sqlalchemy", "alembic", "docx", "docxtpl", "openpyxl")


def imported_modules(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def sources(under: Path) -> list[Path]:
    return sorted(p for p in under.rglob("*.py") if "migrations" not in p.parts)


@pytest.mark.parametrize("path", sources(PACKAGE), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_qt_only_in_ui(path: Path) -> None:
    if path.relative_to(PACKAGE).parts[0] == "ui":
        return
    qt = [m for m in imported_modules(path) if m.split(".")[0] in QT_MODULES]
    assert not qt, f"{path.relative_to(PACKAGE)} imports {qt}: Qt belongs in concom_desk/ui"


@pytest.mark.parametrize(
    "path", sources(PACKAGE / "domain"), ids=lambda p: str(p.relative_to(PACKAGE))
)
def test_domain_stays_pure(path: Path) -> None:
    above = [m for m in imported_modules(path) if m.startswith(ABOVE_DOMAIN)]
    assert not above, f"{path.relative_to(PACKAGE)} imports {above}"
