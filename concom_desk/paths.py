"""Where the program's own files and the commission's data live.

The program's files (town profiles, default Word forms) sit beside the package
in a source checkout and inside the bundle when frozen by PyInstaller. The
commission's data lives in the platform's user data folder so that an upgrade
or an uninstall of the program never touches it; CONCOM_DESK_DATA overrides
that folder for development and tests.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "ConCom Desk"
DATA_ENV = "CONCOM_DESK_DATA"
DB_FILE_NAME = "concom-desk.sqlite"


def app_root() -> Path:
    """The folder holding `resources/` and `forms/`."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root)
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
