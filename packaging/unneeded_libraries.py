"""Leave out the shared libraries that nothing left in the bundle loads.

PyInstaller collects a library's dependencies before the spec filters the library
out: Qt's GTK platform theme goes (packaging/qt_filter.py), but the GTK stack it
linked (cairo, pango, harfbuzz, gdk-pixbuf, atk, gio…) would stay, as would the
EGLFS and Wayland support libraries of the platform plugins the filter removed. Here
the program's roots (Python extension modules, Qt plugins, libpython) are followed
through their ELF `NEEDED` entries, inside the bundle, and a dependency-only library
that none of them reaches is dropped, with the links PyInstaller would make to it.

Linux only: on Windows the bundle is left as it is (no GTK there), and without
`readelf` (binutils) nothing is dropped.
"""

from __future__ import annotations

import posixpath
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

Needed = Callable[[str], list[str]]


def _is_dependency_only(dest: str, kind: str) -> bool:
    """A library that is there only because something else links it: not a Python
    extension, not a Qt plugin (Qt opens those by name), not libpython (the bootloader
    opens it)."""
    name = posixpath.basename(dest)
    return (kind == "BINARY" and name.startswith("lib") and ".so" in name
            and "/plugins/" not in f"/{dest}" and not name.startswith("libpython"))


def readelf_needed(path: str) -> list[str]:
    """The sonames a library or extension module links (its DT_NEEDED entries)."""
    out = subprocess.run(["readelf", "-d", path], capture_output=True, text=True,
                         check=False).stdout
    return re.findall(r"\(NEEDED\)[^\[]*\[([^\]]+)\]", out)


def reachable(binaries: Iterable[tuple], links: Iterable[tuple], needed: Needed) -> set[str]:
    """The destinations of the binaries the roots reach, the roots included."""
    binaries = list(binaries)
    by_name = {posixpath.basename(dest): dest for dest, _, _ in binaries}
    # A soname may be found through a link PyInstaller puts beside the program.
    for dest, target, _ in links:
        real = posixpath.normpath(posixpath.join(posixpath.dirname(dest), target))
        by_name.setdefault(posixpath.basename(dest), real)
    source = {dest: path for dest, path, _ in binaries}
    todo = [dest for dest, _, kind in binaries if not _is_dependency_only(dest, kind)]
    seen: set[str] = set()
    while todo:
        dest = todo.pop()
        if dest in seen or dest not in source:
            continue
        seen.add(dest)
        todo.extend(by_name[name] for name in needed(source[dest]) if name in by_name)
    return seen


def needed_only(binaries: list, datas: list, needed: Needed | None = None
                ) -> tuple[list, list, list]:
    """(binaries, datas, dropped): the spec's TOCs without the dependency-only
    libraries no root reaches, nor the links to them; `dropped` lists
    (destination, bytes) for the build log and the measurements."""
    if needed is None:
        if sys.platform != "linux" or shutil.which("readelf") is None:
            return binaries, datas, []
        needed = readelf_needed
    links = [entry for entry in datas if entry[2] == "SYMLINK"]
    kept = reachable(binaries, links, needed)
    dropped = [(dest, path) for dest, path, kind in binaries
               if _is_dependency_only(dest, kind) and dest not in kept]
    gone = {dest for dest, _ in dropped}

    def dangling(entry: tuple) -> bool:
        dest, target, kind = entry
        return kind == "SYMLINK" and posixpath.normpath(
            posixpath.join(posixpath.dirname(dest), target)) in gone

    return ([entry for entry in binaries if entry[0] not in gone],
            [entry for entry in datas if not dangling(entry)],
            [(dest, _size(path)) for dest, path in dropped])


def _size(path: str) -> int:
    try:
        return Path(path).stat().st_size
    except OSError:
        return 0
