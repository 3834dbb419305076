"""The program's own files are found the same way from a checkout, an installed wheel
and the frozen bundle: inside the package's `_bundled` folder when it is there (setup.py
and the PyInstaller spec put it there), else at the top of the checkout."""

from __future__ import annotations

import importlib.resources
from pathlib import Path

import pytest

from concom_desk import paths
from tests.conftest import REPO_ROOT


def test_a_checkout_reads_the_files_at_the_top_of_the_repository() -> None:
    assert paths.app_root() == REPO_ROOT
    assert paths.towns_dir() == REPO_ROOT / "resources" / "towns"
    assert paths.forms_dir() == REPO_ROOT / "forms"
    assert paths.docs_dir() == REPO_ROOT / "docs"
    assert paths.license_file().is_file() and paths.changelog_file().is_file()


def test_an_installed_package_reads_its_bundled_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    installed = tmp_path / "site-packages" / "concom_desk"
    (installed / "_bundled" / "resources" / "towns").mkdir(parents=True)
    monkeypatch.setattr(importlib.resources, "files", lambda package: installed)
    assert paths.app_root() == installed / "_bundled"
    assert paths.towns_dir() == installed / "_bundled" / "resources" / "towns"
    assert paths.forms_dir() == installed / "_bundled" / "forms"


def test_the_wheel_build_carries_every_program_folder() -> None:
    """setup.py's list and the spec's list name the same files as app_root() serves."""
    setup = (REPO_ROOT / "setup.py").read_text(encoding="utf-8")
    spec = (REPO_ROOT / "packaging" / "concom-desk.spec").read_text(encoding="utf-8")
    for name in ("resources", "forms", "docs"):
        assert f'"{name}"' in setup
        assert f'"concom_desk/_bundled/{name}"' in spec
    for name in ("LICENSE", "CHANGELOG.md"):
        assert f'"{name}"' in setup and f'ROOT / "{name}"' in spec
