"""Tools → Load MassGIS parcels… from the window: loaded and said so, or one line
naming what is wrong with the file (the parcels before stay)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from concom_desk.services.parcels.parcel_store import parcel_sets
from concom_desk.store import Database
from concom_desk.ui.abutters.parcel_loading import load_parcels_from_window
from tests.helpers.parcel_worlds import SUBJECT, write_world
from tests.ui.test_main_window import open_window


@pytest.fixture
def told(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    said: list[str] = []

    def record(_parent: object, title: str, text: str, *_args: object) -> None:
        said.append(f"{title}: {text}")

    monkeypatch.setattr(QMessageBox, "information", record)
    monkeypatch.setattr(QMessageBox, "warning", record)
    return said


def test_the_tools_menu_loads_the_towns_parcels(qtbot, db: Database, tmp_path: Path,
                                                told: list[str]) -> None:
    window = open_window(qtbot, db)
    tools = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Tools")
    assert "Load MassGIS &parcels…" in [a.text() for a in tools.actions()]
    load_parcels_from_window(window, write_world(tmp_path / "M001.zip", [SUBJECT]))
    qtbot.waitUntil(lambda: bool(told), timeout=20_000)
    assert told[-1].startswith("Parcels loaded: Loaded UPTON (M001): 1 parcel, 1 assessor "
                               "row, MassGIS FY2025")
    broken = tmp_path / "broken.zip"
    broken.write_bytes(b"PK\x03\x04 cut short")
    load_parcels_from_window(window, broken)
    qtbot.waitUntil(lambda: len(told) == 2, timeout=20_000)
    assert told[-1] == ("ConCom Desk: broken.zip: this is not a zip file, or it is cut "
                        "short; download the town's parcels again")
    assert [s.source_file for s in parcel_sets(Path(db.path))] == ["M001.zip"]
