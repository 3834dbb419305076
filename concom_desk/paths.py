"""Where the program's own files and the commission's data live.

The program's files (town profiles, conditions, icons, default Word forms, the user
guide, the license and the changelog) sit at the top of a source checkout. An
installed wheel and the frozen bundle carry them inside the package, as
`concom_desk/_bundled/` (setup.py and packaging/concom-desk.spec put them there),
found through importlib.resources: `app_root()` is the one place that knows.
The commission's data lives in the platform's user data folder so that an upgrade
or an uninstall of the program never touches it; CONCOM_DESK_DATA overrides
that folder for development and tests.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "ConCom Desk"
DATA_ENV = "CONCOM_DESK_DATA"
DB_FILE_NAME = "concom-desk.sqlite"


BUNDLED = "_bundled"  # the package folder a wheel or the frozen bundle carries them in


def app_root() -> Path:
    """The folder holding `resources/`, `forms/`, `docs/`, LICENSE and CHANGELOG.md:
    the package's `_bundled` folder when installed or frozen, else the checkout."""
    from importlib import resources  # asked for after the window paints, not before

    packaged = resources.files("concom_desk") / BUNDLED
    if packaged.is_dir():
        # Installed as files (pip, PyInstaller), never zipped: a plain folder.
        return Path(str(packaged))
    return Path(__file__).resolve().parent.parent


def resources_dir() -> Path:
    return app_root() / "resources"


def towns_dir() -> Path:
    return resources_dir() / "towns"


def forms_dir() -> Path:
    return app_root() / "forms"


def data_dir() -> Path:
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False, roaming=False))


def default_db_path() -> Path:
    return data_dir() / DB_FILE_NAME


def backups_dir(db_path: Path) -> Path:
    """Automatic backups sit beside the database they protect."""
    return db_path.parent / "backups"


def documents_dir(db_path: Path) -> Path:
    """Generated letters and permits sit beside the database that records them."""
    return db_path.parent / "documents"


def docs_dir() -> Path:
    """The user guide's pages (docs/*.md and their screenshots)."""
    return app_root() / "docs"


def license_file() -> Path:
    return app_root() / "LICENSE"


def changelog_file() -> Path:
    return app_root() / "CHANGELOG.md"
