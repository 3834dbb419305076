"""Abutters from the parcel map in the window: the list and the numbered map side by
side, the distance toggle recounting, Use this list, and the certification line."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QDate, Qt
from pytestqt.qtbot import QtBot

from concom_desk.services.parcels.loading import load_parcels
from concom_desk.store import Database
from concom_desk.ui.abutters.abutter_panel import AbutterPanel
from concom_desk.ui.abutters.parcel_abutters_dialog import ParcelAbuttersDialog
from tests.helpers.abutter_fixtures import add_filing
from tests.helpers.parcel_worlds import SUBJECT, ft_lot, grid, lot, owner, write_world

SHOTS = os.environ.get("CONCOM_SCREENSHOTS")  # a folder: save what the tests show


def _world(db: Database, tmp_path: Path) -> None:
    # 12-34 in a 5 x 5 block of 100-ft lots (ring 1: 8 lots touching; ring 2: 12 lots
    # 100 ft off and 4 corner lots 141 ft off), a 50-ft street north of the block and a
    # 12-unit condo across it (250 ft off).
    parcels = [*grid(5, 5, start=(-2, -2), skip=[(0, 0)]), SUBJECT,
               lot("ROW", ft_lot(-300, 300, 700, 50), poly_type="ROW"),
               lot("20-1", ft_lot(-100, 350, 300, 100),
                   *(owner(f"CONDO OWNER {n}", f"5 RIVER ST UNIT {n}", site="5 RIVER ST")
                     for n in range(1, 13)))]
    load_parcels(Path(db.path), write_world(tmp_path / "M001.zip", parcels))


@pytest.fixture
def dialog(qtbot: QtBot, db: Database, tmp_path: Path) -> ParcelAbuttersDialog:
    _world(db, tmp_path)
    shown = ParcelAbuttersDialog(db, add_filing(db))
    qtbot.addWidget(shown)
    shown.show()
    qtbot.waitUntil(lambda: shown.computed is not None, timeout=30_000)
    return shown


def _numbers(dialog: ParcelAbuttersDialog) -> list[str]:
    return [dialog.model.index(r, 0).data() for r in range(dialog.model.rowCount())]


def test_the_list_and_the_map_show_the_same_numbered_parcels(
        qtbot: QtBot, dialog: ParcelAbuttersDialog) -> None:
    # Massachusetts profile: 100 ft (MGL c.131 §40 ¶1), cited under the choice.
    assert dialog.preset_buttons[100].isChecked()
    assert dialog.citation.text().startswith("MGL c.131 §40 ¶1")
    assert dialog.count_label.text() == "20 parcels, 20 owners to notify"
    assert _numbers(dialog) == [str(n) for n in range(1, 21)]
    assert sorted(dialog.map_view.numbers_shown) == list(range(1, 21))
    first = dialog.model.row_at(0)
    assert (first.parcel.distance_ft, first.parcel.why) == (0.0, "touches the lot")
    if SHOTS:
        dialog.resize(1180, 700)
        dialog.grab().save(str(Path(SHOTS) / "parcel-abutters-100ft.png"))


def test_the_distance_toggle_recounts(qtbot: QtBot, dialog: ParcelAbuttersDialog) -> None:
    dialog.preset_buttons[300].setChecked(True)
    # At 300 ft: the 24 lots of the block and the condo across the street (250 ft off).
    qtbot.waitUntil(lambda: dialog.count_label.text() == "25 parcels, 36 owners to notify",
                    timeout=30_000)
    condo = dialog.model.row_at(24)
    assert condo.parcel.label == "20-1" and len(condo.owners) == 12
    assert dialog.model.index(24, 4).data() == "Condo Owner 1 and 11 more"
    dialog.custom_feet.setValue(50)
    qtbot.waitUntil(lambda: dialog.count_label.text() == "8 parcels, 8 owners to notify",
                    timeout=30_000)
    assert dialog.custom_button.isChecked()
    if SHOTS:
        dialog.preset_buttons[300].setChecked(True)
        qtbot.waitUntil(lambda: dialog.count_label.text().startswith("25 parcels"),
                        timeout=30_000)
        dialog.resize(1180, 700)
        dialog.grab().save(str(Path(SHOTS) / "parcel-abutters-300ft.png"))


def test_use_this_list_fills_the_panel_marked_to_be_certified(
        qtbot: QtBot, db: Database, tmp_path: Path) -> None:
    _world(db, tmp_path)
    filing = add_filing(db)
    panel = AbutterPanel(db, filing)
    qtbot.addWidget(panel)
    assert panel.certification.isHidden()
    qtbot.mouseClick(panel.compute_button, Qt.MouseButton.LeftButton)
    dialog = panel.parcels_dialog
    assert isinstance(dialog, ParcelAbuttersDialog)
    qtbot.waitUntil(lambda: dialog.computed is not None, timeout=30_000)
    with qtbot.waitSignal(panel.changed, timeout=30_000):
        qtbot.mouseClick(dialog.use_button, Qt.MouseButton.LeftButton)
    assert panel.count_label.text() == "21 owners to notify"  # 20 and the locus owner
    assert not panel.certification.isHidden()
    assert panel.certification.status_label.text() == (
        "Draft list: computed from MassGIS FY2025 parcels (lot 12-34, 100 ft) — to be "
        "certified by the Board of Assessors")
    panel.certification.day.setDate(QDate(2026, 11, 20))
    qtbot.mouseClick(panel.certification.record_button, Qt.MouseButton.LeftButton)
    assert panel.certification.status_label.text() == (
        "computed from MassGIS FY2025 parcels (lot 12-34, 100 ft) — certified by the Board "
        "of Assessors 2026-11-20")
    assert panel.certification.record_button.isHidden()
    dialog.close()


def test_a_click_on_another_parcel_computes_its_abutters(
        qtbot: QtBot, dialog: ParcelAbuttersDialog) -> None:
    from tests.helpers.parcel_worlds import FOOT, ORIGIN

    # The middle of lot G51-51, north-east of 12-34.
    dialog.map_view.clicked_at.emit(ORIGIN[0] + 150 * FOOT, ORIGIN[1] + 150 * FOOT)
    qtbot.waitUntil(lambda: dialog.computed is not None
                    and dialog.computed.search.subject_label == "G51-51", timeout=30_000)
    assert "12-34" in {r.parcel.label for r in dialog.model.rows()}


def test_the_map_is_saved_as_a_pdf_page(dialog: ParcelAbuttersDialog, tmp_path: Path) -> None:
    dialog.save_map_to(tmp_path / "map.pdf")
    assert (tmp_path / "map.pdf").read_bytes().startswith(b"%PDF")
    assert dialog.status.text() == f"Map saved: {tmp_path / 'map.pdf'}"


def test_no_parcels_loaded_says_where_to_load_them(qtbot: QtBot, db: Database) -> None:
    shown = ParcelAbuttersDialog(db, add_filing(db))
    qtbot.addWidget(shown)
    qtbot.waitUntil(lambda: shown.status.text() != "", timeout=30_000)
    assert shown.status.text().startswith("no parcels are loaded: load the town's MassGIS "
                                          "parcels first (Tools → Load MassGIS parcels…")
    assert not shown.use_button.isEnabled()


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_importing_the_certified_list_shows_it_beside_the_computed_one(
        qtbot: QtBot, db: Database, tmp_path: Path) -> None:
    from concom_desk.services.parcels.computed_list import compute_for_filing, store_computed_list
    from concom_desk.ui.abutters.import_dialog import AbutterImportDialog
    from tests.helpers.abutter_fixtures import write_csv

    _world(db, tmp_path)
    filing = add_filing(db)
    store_computed_list(db, filing, compute_for_filing(db, filing))
    # The assessors certify 19 of the 20 owners and one new owner of G49-49.
    computed = compute_for_filing(db, filing)
    rows = [(p.parcel.label, "", o.owner_name, o.street_lines[0], "UPTON", "MA", "01568")
            for p in computed.parcels[1:] for o in p.owners]
    rows.append(("G49-49", "", "NEW OWNER", "9 HILL RD", "UPTON", "MA", "01568"))
    dialog = AbutterImportDialog(db, filing)
    qtbot.addWidget(dialog)
    dialog.load_file(write_csv(tmp_path / "certified.csv", rows))
    qtbot.waitUntil(lambda: not dialog.busy and dialog.comparison is not None, timeout=30_000)
    assert dialog.summary_label.text().endswith(
        "Compared with the computed list: 1 owner only on the assessor's list, 1 owner only "
        "on the computed list.")  # the locus owner is added to both alike: not compared
    dialog.open_comparison()
    shown = dialog.comparison_dialog
    assert [shown.model.index(r, 3).data() for r in range(shown.model.rowCount())] == [
        "only on the assessor's list", "only on the computed list"]
    if SHOTS:
        shown.resize(1000, 420)
        shown.grab().save(str(Path(SHOTS) / "list-comparison.png"))
