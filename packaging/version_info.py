"""The Windows file properties of the frozen programs (Properties > Details: product,
version, publisher, copyright), in PyInstaller's version-file form, made at build time
from concom_desk.__version__ and the license's copyright line, so that they never
disagree with the About box, the installer or the license."""

from __future__ import annotations

from pathlib import Path

PRODUCT = "ConCom Desk"
# As the license names them; the installer (packaging/windows/concom-desk.nsi) says the same.
PUBLISHER = "The ConCom Desk authors"


def copyright_line(license_file: Path) -> str:
    """"Copyright (c) 2026 The ConCom Desk authors", as the license says it."""
    lines = license_file.read_text(encoding="utf-8").splitlines()
    return next(line.strip() for line in lines if line.startswith("Copyright"))


def version_file_text(version: str, copyright: str) -> str:
    """PyInstaller's `version=` file. Windows wants four numbers: 0.1.0 is 0.1.0.0."""
    numbers = tuple(int(n) for n in version.split(".")[:3]) + (0,)
    strings = {
        "CompanyName": PUBLISHER,
        # Task Manager and the Details tab name the process by its description.
        "FileDescription": PRODUCT,
        "FileVersion": version,
        "InternalName": "concom-desk",
        "LegalCopyright": f"{copyright}. MIT License.",
        "ProductName": PRODUCT,
        "ProductVersion": version,
    }
    table = ",\n    ".join(f"StringStruct({key!r}, {value!r})" for key, value in strings.items())
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}),
  kids=[StringFileInfo([StringTable('040904B0', [
    {table}])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])]
)
"""
