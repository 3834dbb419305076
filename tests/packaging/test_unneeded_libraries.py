"""The bundle leaves out a library only when nothing left in it links that library:
the GTK stack of Qt's GTK theme (which the Qt filter removes) goes, what Qt itself,
Python's extension modules or a kept library links stays."""

from __future__ import annotations

import sys

from tests.conftest import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "packaging"))
from unneeded_libraries import needed_only  # noqa: E402

LINKS = {
    "/src/_imaging.so": ["libjpeg-ab12.so.62", "libc.so.6"],
    "/src/QtGui.abi3.so": ["libQt6Gui.so.6"],
    "/src/libQt6Gui.so.6": ["libglib-2.0.so.0", "libfreetype.so.6"],
    "/src/libqxcb.so": ["libQt6XcbQpa.so.6"],
    "/src/libQt6XcbQpa.so.6": ["libxkbcommon.so.0"],
    # Only the GTK theme plugin (filtered out before) linked these.
    "/src/libgtk-3.so.0": ["libcairo.so.2", "libglib-2.0.so.0"],
    "/src/libcairo.so.2": ["libpixman-1.so.0"],
}

BINARIES = [
    ("PIL/_imaging.cpython-311-x86_64-linux-gnu.so", "/src/_imaging.so", "EXTENSION"),
    ("pillow.libs/libjpeg-ab12.so.62", "/src/libjpeg.so", "BINARY"),
    ("PySide6/QtGui.abi3.so", "/src/QtGui.abi3.so", "EXTENSION"),
    ("PySide6/Qt/lib/libQt6Gui.so.6", "/src/libQt6Gui.so.6", "BINARY"),
    ("PySide6/Qt/lib/libQt6XcbQpa.so.6", "/src/libQt6XcbQpa.so.6", "BINARY"),
    ("PySide6/Qt/plugins/platforms/libqxcb.so", "/src/libqxcb.so", "BINARY"),
    ("libpython3.11.so.1.0", "/src/libpython.so", "BINARY"),
    ("libglib-2.0.so.0", "/src/libglib.so", "BINARY"),
    ("libfreetype.so.6", "/src/libfreetype.so", "BINARY"),
    ("libxkbcommon.so.0", "/src/libxkbcommon.so", "BINARY"),
    ("libgtk-3.so.0", "/src/libgtk-3.so.0", "BINARY"),
    ("libcairo.so.2", "/src/libcairo.so.2", "BINARY"),
    ("libpixman-1.so.0", "/src/libpixman.so", "BINARY"),
]
DATAS = [
    ("concom_desk/_bundled/LICENSE", "/src/LICENSE", "DATA"),
    # Links PyInstaller puts beside the program: the soname Qt's plugin asks for...
    ("libQt6XcbQpa.so.6", "PySide6/Qt/lib/libQt6XcbQpa.so.6", "SYMLINK"),
    ("libjpeg-ab12.so.62", "pillow.libs/libjpeg-ab12.so.62", "SYMLINK"),
    # ...and one to a library that goes.
    ("gtk/libcairo.so.2", "../libcairo.so.2", "SYMLINK"),
]


def needed(path: str) -> list[str]:
    return LINKS.get(path, [])


def test_what_nothing_kept_links_is_left_out_with_its_links() -> None:
    binaries, datas, dropped = needed_only(BINARIES, DATAS, needed)
    assert sorted(dest for dest, _ in dropped) == [
        "libcairo.so.2", "libgtk-3.so.0", "libpixman-1.so.0"]
    assert {dest for dest, _, _ in binaries} == {dest for dest, _, _ in BINARIES} - {
        "libcairo.so.2", "libgtk-3.so.0", "libpixman-1.so.0"}
    assert ("gtk/libcairo.so.2", "../libcairo.so.2", "SYMLINK") not in datas
    assert len(datas) == len(DATAS) - 1


def test_roots_stay_even_when_nothing_links_them() -> None:
    """Extension modules, Qt plugins (opened by name) and libpython (opened by the
    bootloader) are what everything else hangs from."""
    kept = {dest for dest, _, _ in needed_only(BINARIES, DATAS, needed)[0]}
    for root in ("PIL/_imaging.cpython-311-x86_64-linux-gnu.so",
                 "PySide6/Qt/plugins/platforms/libqxcb.so", "libpython3.11.so.1.0"):
        assert root in kept


def test_a_library_reached_only_through_a_link_beside_the_program_stays() -> None:
    kept = {dest for dest, _, _ in needed_only(BINARIES, DATAS, needed)[0]}
    assert "PySide6/Qt/lib/libQt6XcbQpa.so.6" in kept  # via libqxcb -> the link
    assert "libxkbcommon.so.0" in kept  # and what it links in turn
    assert "pillow.libs/libjpeg-ab12.so.62" in kept


def test_the_spec_uses_it() -> None:
    spec = (REPO_ROOT / "packaging" / "concom-desk.spec").read_text(encoding="utf-8")
    assert "needed_only(" in spec
