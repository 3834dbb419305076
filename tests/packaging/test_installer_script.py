"""The Windows installer script compiles, installs per user, and its
uninstaller leaves the commission's data folder alone."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT

SCRIPT = REPO_ROOT / "packaging" / "windows" / "concom-desk.nsi"


def uninstall_section(text: str) -> str:
    return text[text.index('Section "Uninstall"'):]


def test_installs_without_an_administrator() -> None:
    text = SCRIPT.read_text(encoding="utf-8")
    assert re.search(r"^RequestExecutionLevel user$", text, re.MULTILINE)
    assert 'InstallDir "$LOCALAPPDATA\\Programs\\${APP}"' in text
    assert "HKLM" not in text, "a per-user install must not write machine-wide keys"


def test_uninstaller_keeps_the_data_folder() -> None:
    section = uninstall_section(SCRIPT.read_text(encoding="utf-8"))
    removed = re.findall(r'(?:RMDir|Delete)\s+(?:/r\s+)?"([^"]+)"', section)
    assert removed, "the uninstaller removes its own files"
    ours = ("$INSTDIR", "$SMPROGRAMS", "$DESKTOP")
    assert all(path.startswith(ours) for path in removed), removed


@pytest.mark.skipif(shutil.which("makensis") is None, reason="NSIS (makensis) is not installed")
def test_script_compiles_to_an_installer(tmp_path: Path) -> None:
    payload = tmp_path / "concom-desk"
    (payload / "_internal").mkdir(parents=True)
    (payload / "concom-desk.exe").write_bytes(b"MZ stand-in for the frozen program")
    (payload / "_internal" / "library.dll").write_bytes(b"stand-in")
    result = subprocess.run(
        ["makensis", "-V2", f"-DDIST={payload}", f"-DOUTDIR={tmp_path}", "-DVERSION=9.8.7",
         SCRIPT.name],
        cwd=SCRIPT.parent, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    installer = tmp_path / "ConComDesk-9.8.7-setup.exe"
    assert installer.read_bytes()[:2] == b"MZ"
