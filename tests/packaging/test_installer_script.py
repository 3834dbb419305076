"""The Windows installer script compiles, installs per user, and its
uninstaller leaves the commission's data folder alone; the polish a clerk meets
(license page, desktop shortcut as a choice, Start-menu entries, the command line on
PATH, no upgrade under a running program) is in the script."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT

SCRIPT = REPO_ROOT / "packaging" / "windows" / "concom-desk.nsi"
OURS = ("$INSTDIR", "$SMPROGRAMS", "$DESKTOP", "${STARTMENU}")


def script() -> str:
    return SCRIPT.read_text(encoding="utf-8")


def section(text: str, name: str) -> str:
    start = text.index(f'Section "{name}"')
    return text[start:text.index("SectionEnd", start)]


def removed_paths(text: str) -> list[str]:
    return re.findall(r'(?:RMDir|Delete)\s+(?:/r\s+)?"([^"]+)"', text)


def test_installs_without_an_administrator() -> None:
    text = script()
    assert re.search(r"^RequestExecutionLevel user$", text, re.MULTILINE)
    assert 'InstallDir "$LOCALAPPDATA\\Programs\\${APP}"' in text
    assert "HKLM" not in text, "a per-user install must not write machine-wide keys"


def test_uninstaller_keeps_the_data_folder() -> None:
    removed = removed_paths(section(script(), "Uninstall"))
    assert removed, "the uninstaller removes its own files"
    assert all(path.startswith(OURS) for path in removed), removed
    assert "$INSTDIR\\${CLI_EXE}" in removed  # the console program goes too


def test_an_upgrade_keeps_settings_data_and_edited_templates() -> None:
    """The install section deletes only the program's own files: the data folder
    ($LOCALAPPDATA\\ConCom Desk: database, settings, the clerk's templates) is
    another folder, never named."""
    install = section(script(), "${APP} (required)")
    removed = removed_paths(install)
    assert "$INSTDIR\\_internal" in removed  # no stale library from the old version
    assert all(path.startswith(OURS) for path in removed), removed
    assert "$LOCALAPPDATA\\${APP}" not in install


def test_the_clerk_meets_a_license_page_and_chooses_the_desktop_shortcut() -> None:
    text = script()
    assert '!insertmacro MUI_PAGE_LICENSE "..\\..\\LICENSE"' in text
    assert (SCRIPT.parent / ".." / ".." / "LICENSE").resolve().is_file()
    assert "!insertmacro MUI_PAGE_COMPONENTS" in text
    desktop = section(text, "Desktop shortcut")
    assert "SectionIn RO" not in desktop  # unticking it is allowed
    assert 'CreateShortCut "$DESKTOP\\${APP}.lnk"' in desktop
    assert "$DESKTOP" not in section(text, "${APP} (required)").replace(
        'Delete "$DESKTOP\\${APP}.lnk"', "")


def test_start_menu_has_the_program_the_guide_and_the_uninstaller() -> None:
    install = section(script(), "${APP} (required)")
    shortcuts = dict(re.findall(r'CreateShortCut "\$\{STARTMENU\}\\([^"]+)" "([^"]+)"', install))
    assert shortcuts == {
        "${APP}.lnk": "$INSTDIR\\${EXE}",
        "${APP} User guide.lnk": "$INSTDIR\\${EXE}",
        "Uninstall ${APP}.lnk": "$INSTDIR\\uninstall.exe",
    }
    assert '"$INSTDIR\\${EXE}" "guide"' in install  # `concom-desk guide` opens the guide


def test_settings_apps_shows_the_size_and_the_cli_is_on_the_users_path() -> None:
    text = script()
    assert re.search(r'WriteRegDWORD HKCU "\$\{UNINSTALL_KEY\}" "EstimatedSize"', text)
    assert "Call AddToUserPath" in section(text, "${APP} (required)")
    assert "Call un.RemoveFromUserPath" in section(text, "Uninstall")
    assert re.search(r'WriteRegExpandStr HKCU "\$\{ENV_KEY\}" "Path"', text)
    # NSIS cuts strings at NSIS_MAX_STRLEN: a PATH that long is never written back cut short
    assert text.count("IntOp $R3 ${NSIS_MAX_STRLEN} - 1") == 2


def test_neither_upgrade_nor_uninstall_runs_under_the_open_program() -> None:
    text = script()
    for init, check in ((".onInit", "RefuseWhileRunning"), ("un.onInit", "un.RefuseWhileRunning")):
        body = text[text.index(f"Function {init}"):]
        assert body[:body.index("FunctionEnd")].count(f"Call {check}") == 1
    assert "MB_RETRYCANCEL" in text and "IDRETRY retry" in text
    assert "/SD IDCANCEL" in text  # a silent upgrade gives up instead of waiting


def function(text: str, name: str) -> str:
    start = text.index(f"Function {name}\n")
    return text[start:text.index("FunctionEnd", start)]


def test_on_32_bit_or_old_windows_it_says_so_and_installs_nothing() -> None:
    """The program is 64-bit and Qt 6 needs Windows 10 1809: the installer checks both
    before anything else and stops with a message naming what the computer lacks."""
    text = script()
    assert '!include "x64.nsh"' in text and '!include "WinVer.nsh"' in text
    check = function(text, "RefuseUnsupportedWindows")
    assert "${IfNot} ${RunningX64}" in check
    assert "${IfNot} ${AtLeastWin10}" in check and "${AtLeastBuild} 17763" in check
    assert check.count("Abort") == 2 and check.count("MB_ICONSTOP") == 2
    assert "needs 64-bit Windows" in check
    assert "needs Windows 10 (version 1809 or later) or Windows 11" in check
    assert check.count("Nothing was installed.") == 2
    assert check.count("/SD IDOK") == 2  # a silent install stops too, never waits
    on_init = function(text, ".onInit")
    assert on_init.index("Call RefuseUnsupportedWindows") < on_init.index(
        "Call RefuseWhileRunning")


def test_the_installer_carries_its_version_and_publisher() -> None:
    text = script()
    assert 'VIProductVersion "${VI_VERSION}"' in text
    assert '!define VI_VERSION "${VERSION}.0"' in text  # Windows wants four numbers
    keys = dict(re.findall(r'VIAddVersionKey /LANG=\$\{LANG_ENGLISH\} "(\w+)" "([^"]*)"', text))
    assert set(keys) >= {"ProductName", "CompanyName", "FileDescription", "FileVersion",
                         "ProductVersion", "LegalCopyright"}
    assert keys["FileVersion"] == keys["ProductVersion"] == "${VERSION}"


def test_publisher_and_copyright_are_the_licenses_and_the_programs() -> None:
    """The installer, the programs' file properties (packaging/version_info.py) and
    Settings > Apps name the same publisher as the license."""
    import sys

    sys.path.insert(0, str(REPO_ROOT / "packaging"))
    from version_info import PUBLISHER, copyright_line

    text = script()
    line = copyright_line(REPO_ROOT / "LICENSE")
    assert PUBLISHER in line
    assert f'!define PUBLISHER "{PUBLISHER}"' in text
    assert f'!define COPYRIGHT "{line}. MIT License."' in text
    assert 'WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"' in text


@pytest.mark.skipif(shutil.which("makensis") is None, reason="NSIS (makensis) is not installed")
def test_script_compiles_to_an_installer(tmp_path: Path) -> None:
    payload = tmp_path / "concom-desk"
    (payload / "_internal").mkdir(parents=True)
    (payload / "concom-desk.exe").write_bytes(b"MZ stand-in for the frozen program")
    (payload / "concom-desk-cli.exe").write_bytes(b"MZ stand-in for the console program")
    (payload / "_internal" / "library.dll").write_bytes(b"stand-in")
    result = subprocess.run(
        ["makensis", "-V2", "-WX", f"-DDIST={payload}", f"-DOUTDIR={tmp_path}",
         "-DVERSION=9.8.7", SCRIPT.name],
        cwd=SCRIPT.parent, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    installer = (tmp_path / "ConComDesk-9.8.7-setup.exe").read_bytes()
    assert installer[:2] == b"MZ"
    # The version resource Windows reads for Properties > Details (UTF-16 strings).
    for shown in ("ProductVersion", "9.8.7", "LegalCopyright", "The ConCom Desk authors",
                  "ConCom Desk 9.8.7 Setup"):
        assert shown.encode("utf-16-le") in installer, shown


@pytest.mark.skipif(shutil.which("makensis") is None, reason="NSIS (makensis) is not installed")
def test_with_a_signing_command_both_the_uninstaller_and_the_installer_are_signed(
        tmp_path: Path) -> None:
    """The release passes -DSIGN=<command> (packaging/windows/sign.ps1) when it has the
    certificate: makensis runs it on the uninstaller it packs and on the installer."""
    import sys

    payload = tmp_path / "concom-desk"
    (payload / "_internal").mkdir(parents=True)
    for name in ("concom-desk.exe", "concom-desk-cli.exe"):
        (payload / name).write_bytes(b"MZ stand-in")
    signed = tmp_path / "signed.txt"
    recorder = tmp_path / "record.py"
    recorder.write_text(
        "import sys\n"
        f"open({str(signed)!r}, 'a', encoding='utf-8').write(sys.argv[1] + '\\n')\n",
        encoding="utf-8")
    result = subprocess.run(
        ["makensis", "-V2", "-WX", f"-DDIST={payload}", f"-DOUTDIR={tmp_path}",
         "-DVERSION=9.8.7", f"-DSIGN={sys.executable} {recorder}", SCRIPT.name],
        cwd=SCRIPT.parent, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    files = signed.read_text(encoding="utf-8").splitlines()
    assert len(files) == 2  # the uninstaller (a temporary file), then the installer
    assert files[-1].endswith("ConComDesk-9.8.7-setup.exe")
