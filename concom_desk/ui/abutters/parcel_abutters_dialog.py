"""Abutters from the parcel map: the filing's lot, the parcels within the town's
distance numbered on the list and on the map side by side, the 100 ft / 300 ft /
custom choice recounted as it changes, and Use this list to make them the notice
list (marked: to be certified by the Board of Assessors)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, QStandardPaths, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.wording import counted
from concom_desk.services.abutters.importing import count_abutters, filing_number
from concom_desk.services.parcels.computed_list import (
    ComputedList,
    ParcelOwners,
    computed_with_map,
    parcel_at,
    reaches_of,
    store_computed_list,
)
from concom_desk.services.parcels.map_file import save_map
from concom_desk.ui import colours
from concom_desk.ui.abutters.parcel_map import ParcelMapView
from concom_desk.ui.background import BackgroundTask, Progress
from concom_desk.ui.row_table import Column, RowTableModel, fit_columns
from concom_desk.ui.window_memory import remember

if TYPE_CHECKING:
    from concom_desk.services.database import Database

PRESETS = (100, 300)


def _owners(row: ParcelOwners) -> str:
    if not row.owners:
        return "(no owner in the assessor table)"
    first = row.owners[0].owner_name
    return first if len(row.owners) == 1 else f"{first} and {len(row.owners) - 1} more"


COLUMNS: tuple[Column[ParcelOwners], ...] = (
    Column("No.", lambda r: str(r.parcel.number), lambda r: r.parcel.number),
    Column("Map/lot", lambda r: r.parcel.label),
    Column("Feet", lambda r: f"{r.parcel.distance_ft:.0f}", lambda r: r.parcel.distance_ft),
    Column("Why", lambda r: r.parcel.by_law, tooltip=lambda r: r.parcel.cited),
    Column("Owners", _owners, tooltip=lambda r: "\n".join(
        f"{o.owner_name}, {', '.join(o.address_lines)}" for o in r.owners) or _owners(r)),
)


class ParcelAbuttersDialog(QDialog):
    stored = Signal()  # the filing's notice list was replaced by the computed one
    computed_shown = Signal()  # a computation's list and map are on screen

    def __init__(self, db: Database, filing_id: int, parent: QWidget | None = None) -> None:
        # db: the window's Database, handed on to the services (the ui names no store type)
        super().__init__(parent)
        self._db = db
        self._filing_id = filing_id
        self._tasks: set[BackgroundTask] = set()  # kept until each has reported
        self._asked = 0  # the latest computation asked for; older answers are dropped
        self._parcel: str | None = None
        self.computed: ComputedList | None = None
        file_no = filing_number(db, filing_id)
        self.setWindowTitle(f"Abutters from the parcel map — filing {file_no}")
        remember(self, "parcel-abutters", QSize(1180, 700))
        reaches = reaches_of(db, filing_id)
        self._reaches = reaches
        reach = reaches[-1].reach  # the distance the clerk may change: the bylaw's rule's

        self.heading = QLabel()
        self.heading.setWordWrap(True)
        # Each law's rule in its own words: a joint filing's list is the union of both.
        self.citation = QLabel("\n".join(f"{r.law}: {r.reach.citation}" for r in reaches)
                               if len(reaches) > 1 else reach.citation)
        self.citation.setWordWrap(True)
        self.citation.setStyleSheet(colours.style(colours.QUIET))

        self.distance_group = QButtonGroup(self)
        self.preset_buttons: dict[int, QRadioButton] = {}
        choose = QHBoxLayout()
        choose.addWidget(QLabel(
            f"{reaches[-1].law}, distance from the lot line:" if len(reaches) > 1
            else "Distance from the lot line:"))
        for feet in PRESETS:
            button = QRadioButton(f"{feet} ft")
            self.preset_buttons[feet] = button
            self.distance_group.addButton(button)
            choose.addWidget(button)
        self.custom_button = QRadioButton("Custom:")
        self.distance_group.addButton(self.custom_button)
        self.custom_feet = QSpinBox()
        self.custom_feet.setRange(1, 5280)
        self.custom_feet.setSuffix(" ft")
        self.custom_feet.setAccessibleName("Custom distance in feet")
        self.custom_feet.setValue(reach.distance_ft)
        choose.addWidget(self.custom_button)
        choose.addWidget(self.custom_feet)
        self.count_label = QLabel()
        self.count_label.setAccessibleName("Parcels and owners found")
        choose.addStretch(1)
        choose.addWidget(self.count_label)
        (self.preset_buttons.get(reach.distance_ft) or self.custom_button).setChecked(True)
        self.distance_group.buttonToggled.connect(lambda _b, on: on and self.recompute())
        self.custom_feet.valueChanged.connect(self._custom_changed)

        self.model: RowTableModel[ParcelOwners] = RowTableModel(COLUMNS, self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        self.table.setAccessibleName("Parcels whose owners are notified")
        self.map_view = ParcelMapView()
        self.map_view.clicked_at.connect(self._map_clicked)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.table)
        split.addWidget(self.map_view)
        split.setSizes([520, 640])

        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.notes.setStyleSheet(colours.style(colours.WARNING))
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.replace_box = QCheckBox("Replace the filing's current list")
        self.use_button = QPushButton("&Use this list")
        self.use_button.clicked.connect(self.use_list)
        self.save_map_button = QPushButton("Save the &map…")
        self.save_map_button.clicked.connect(self.save_map_as)
        close = QPushButton("Close")
        close.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.replace_box)
        buttons.addStretch(1)
        for button in (self.save_map_button, self.use_button, close):
            button.setAutoDefault(False)
            buttons.addWidget(button)

        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addLayout(choose)
        layout.addWidget(self.citation)
        layout.addWidget(split, 1)
        layout.addWidget(self.notes)
        layout.addWidget(self.status)
        layout.addLayout(buttons)
        self._show_existing()
        self.recompute()

    def distance(self) -> int:
        for feet, button in self.preset_buttons.items():
            if button.isChecked():
                return feet
        return self.custom_feet.value()

    def _custom_changed(self) -> None:
        if self.custom_button.isChecked():
            self.recompute()
        else:
            self.custom_button.setChecked(True)  # toggling recomputes

    def _map_clicked(self, x: float, y: float) -> None:
        label = parcel_at(self._db, x, y)
        if label and self.computed is not None and label != self.computed.search.subject_label:
            self.status.setText(f"Parcel {label} clicked: computing its abutters instead.")
            self.choose_parcel(label)

    def choose_parcel(self, label: str) -> None:
        self._parcel = label
        self.recompute()

    def recompute(self) -> None:
        self._asked += 1
        asked, feet, parcel = self._asked, self.distance(), self._parcel
        self.use_button.setEnabled(False)
        self.save_map_button.setEnabled(False)
        self.count_label.setText(f"counting within {feet} ft…")
        db, filing_id, reaches = self._db, self._filing_id, self._reaches

        def work(_progress: Progress) -> tuple[ComputedList, object]:
            return computed_with_map(db, filing_id, feet, parcel, reaches)

        task = BackgroundTask(work)
        task.signals.succeeded.connect(lambda result: self._shown(asked, result, task))
        task.signals.failed.connect(lambda message: self._failed(asked, message, task))
        self._tasks.add(task)
        task.start()

    def done(self, result: int) -> None:
        for task in list(self._tasks):  # no answer may arrive at a closed dialog
            task.wait()
        super().done(result)

    def _shown(self, asked: int, result: tuple[ComputedList, object],
               task: BackgroundTask) -> None:
        self._tasks.discard(task)
        if asked != self._asked:
            return
        computed, drawing = result
        self.computed = computed
        self.model.set_rows(list(computed.parcels))
        fit_columns(self.table, stretch=4, may_cut=(3, 4))
        self.map_view.show_drawing(drawing)  # type: ignore[arg-type]
        search = computed.search
        self.heading.setText(f"<b>Filing {computed.file_no}, lot {search.subject_label}</b>: "
                             f"{search.describe()} — MassGIS {computed.vintage} parcels")
        self.count_label.setText(f"{counted(len(computed.parcels), 'parcel')}, "
                                 f"{counted(computed.notices, 'owner')} to notify")
        self.notes.setText("\n".join(computed.problems))
        self.use_button.setEnabled(computed.notices > 0)
        self.save_map_button.setEnabled(True)
        self.computed_shown.emit()

    def _failed(self, asked: int, message: str, task: BackgroundTask) -> None:
        self._tasks.discard(task)
        if asked != self._asked:
            return
        self.computed = None
        self.model.set_rows([])
        self.count_label.setText("")
        self.status.setText(message)

    def _show_existing(self) -> None:
        existing = count_abutters(self._db, self._filing_id)
        self.replace_box.setEnabled(existing > 0)
        self.replace_box.setVisible(existing > 0)
        if existing:
            self.replace_box.setText(f"Replace the filing's current list "
                                     f"({counted(existing, 'owner')})")

    def use_list(self) -> None:
        if self.computed is None:
            return
        summary = store_computed_list(self._db, self._filing_id, self.computed,
                                      replace=self.replace_box.isChecked())
        self.status.setText(summary.message + (
            f"; {self.computed.source}" if summary.imported else ""))
        if summary.imported:
            self._show_existing()
            self.stored.emit()

    def save_map_as(self) -> None:
        if self.computed is None:
            return
        documents = QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.DocumentsLocation) or str(Path.home())
        suggested = Path(documents) / f"Abutter map {self.computed.file_no}.pdf"
        name, _ = QFileDialog.getSaveFileName(self, "Save the abutter map", str(suggested),
                                              "PDF page (*.pdf);;PNG picture (*.png)")
        if name:
            self.save_map_to(Path(name))

    def save_map_to(self, path: Path) -> None:
        assert self.computed is not None
        if path.suffix.lower() not in (".pdf", ".png"):
            path = path.with_suffix(".pdf")
        save_map(Path(self._db.path), self.computed, path)
        self.status.setText(f"Map saved: {path}")
