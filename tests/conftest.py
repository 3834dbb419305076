"""Test-wide set-up: Qt runs offscreen, and no test ever touches the real data folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def isolated_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
                      ) -> Path:
    """Each test gets its own data folder, so user profiles and databases never leak."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("CONCOM_DESK_DATA", str(folder))
    return folder
