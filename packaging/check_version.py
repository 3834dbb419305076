"""The release tag must name the program's one version number, concom_desk.__version__
(pyproject.toml, the About box, the Windows file properties and the installer all read
it from there). Usage: python packaging/check_version.py v0.1.0  (prints the version)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def package_version() -> str:
    text = (ROOT / "concom_desk" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    if found is None:
        raise SystemExit("concom_desk/__init__.py has no __version__ line")
    return found.group(1)


def check(tag: str) -> str:
    version = package_version()
    if tag.removeprefix("refs/tags/") != f"v{version}":
        raise SystemExit(f"the tag {tag} does not match the program's version {version} "
                         f"(concom_desk/__init__.py): tag v{version}, or change the version")
    return version


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python packaging/check_version.py TAG")
    print(check(sys.argv[1]))
