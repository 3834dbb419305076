"""Strip the frozen program's libraries, except those a wheel's repair tool patched.

PyInstaller's own `strip=True` strips every library. That corrupts the ones
auditwheel vendored into a wheel's `<package>.libs/` folder (numpy's OpenBLAS, which
shapely loads for the parcels: "ELF load command address/offset not page-aligned"
at import), because patchelf rewrote their headers. Every other library is stripped
here instead, into the build folder, which saves about 55 MB."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

# A wheel's vendored libraries, as auditwheel lays them out: numpy.libs/, pillow.libs/…
VENDORED = re.compile(r"[^/\\]+\.libs[/\\]")


def stripped(binaries: list, workdir: Path) -> list:
    """`binaries` (PyInstaller's (name, path, kind) entries) with stripped copies in
    place of the originals; unchanged on Windows, without `strip`, or for a library
    `strip` cannot read."""
    tool = shutil.which("strip")
    if sys.platform == "win32" or tool is None:
        return binaries
    out = []
    for name, path, kind in binaries:
        if kind in ("BINARY", "EXTENSION") and not VENDORED.search(path):
            copy = workdir / "stripped" / name
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, copy)
            if subprocess.run([tool, str(copy)], capture_output=True).returncode == 0:
                path = str(copy)
        out.append((name, path, kind))
    return out
