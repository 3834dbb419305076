"""File → Load MassGIS parcels…: the town's Level 3 download (the zip as it comes),
read and kept off the GUI thread; a file that cannot be used is named in one line
and the parcels loaded before stay."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QFileDialog, QMessageBox

from concom_desk.services.parcels.loading import load_parcels
from concom_desk.services.parcels.parcel_store import ParcelSetInfo, parcel_sets
from concom_desk.ui.background import Progress, run_in_background

if TYPE_CHECKING:
    from concom_desk.ui.main_window import MainWindow


def load_parcels_from_window(window: MainWindow, path: Path | None = None) -> None:
    if path is None:
        # Where the browser saved the download; a folder that does not exist would open
        # the program's own, so the chooser starts at the nearest one that does.
        start = Path(QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.DownloadLocation) or Path.home())
        while not start.is_dir() and start.parent != start:
            start = start.parent
        chosen, _filter = QFileDialog.getOpenFileName(
            window, "Load the town's MassGIS parcels (Level 3 shapefiles, .zip)", str(start),
            "MassGIS download (*.zip)")
        if not chosen:
            return
        path = Path(chosen)
    db_path = window.db_path

    def work(progress: Progress) -> Any:
        progress.report(5, f"Reading {path.name}…")
        return load_parcels(db_path, path, lambda done, total: progress.report(
            5 + int(85 * done / max(total, 1)), f"Reading parcel {done:,} of {total:,}…"))

    def loaded_set(info: ParcelSetInfo) -> None:
        towns = "\n".join(f"• {i.describe()}" for i in parcel_sets(db_path))
        QMessageBox.information(
            window, "Parcels loaded",
            f"Loaded {info.describe()}.\n\nParcels kept for computing abutters:\n{towns}"
            "\n\nOn a filing's Abutters tab, Compute from parcels… now finds its abutters, "
            "with a map.")

    run_in_background(window, "Loading the MassGIS parcels", work, loaded_set,
                      window.show_problem)
