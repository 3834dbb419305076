"""The filing form's "Resource areas & flood" tab: the town's list of resource areas
(the Act's, its coastal ones on the coast, and the bylaw's own, each with its
citation) to tick, each with the amount the project alters in the unit WPA Forms 3
and 5 ask for; what is on no list in a line of its own; and the site's flood data
(FEMA zone and base flood elevation, LSCSF, a V-zone, the riverfront area)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.flood_data import FLOOD_ZONES, SETTINGS, FloodData, riverfront_width
from concom_desk.domain.resource_areas import OTHER, UNITS, NamedArea, ResourceArea
from concom_desk.services.filings.form import FilingForm
from concom_desk.services.filings.resource_areas import (
    area_of,
    areas_phrase,
    profile_of,
    shown,
)
from concom_desk.ui.filings.party_fields import form_layout, named_line

NAME, AMOUNT, UNIT, CITATION = range(4)
_SETTING_WORDS = {"": "not recorded", "inland": "inland", "coastal": "coastal",
                  "both": "coastal and inland"}


def _number(amount: float | None) -> str:
    if amount is None:
        return ""
    return f"{amount:g}" if float(amount).is_integer() else f"{amount}"


class AreasTab(QWidget):
    changed = Signal()

    def __init__(self, form: FilingForm, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._profile = profile_of(form.town)
        box = QGroupBox("Resource areas the work is in (tick each; the amount altered where "
                        "the WPA forms ask for it)")
        self.table = QTableWidget(0, 4)
        self.table.setAccessibleName("Resource areas")
        self.table.setHorizontalHeaderLabels(["Resource area", "Amount", "Unit", "Citation"])
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(CITATION, QHeaderView.ResizeMode.Stretch)
        self.other = named_line("", "Other resource areas",
                                "not on the list, separated by ; (kept as written)")
        inner = QVBoxLayout(box)
        inner.addWidget(self.table)
        other_row = QWidget()
        rows = form_layout(other_row)
        inner.addWidget(other_row)
        rows.addRow("Ot&her areas:", self.other)

        flood = QGroupBox("Flood data (FEMA flood map; WPA Form 3 and Form 5)")
        frows = form_layout(flood)
        self.zone = QComboBox()
        self.zone.setAccessibleName("FEMA flood zone")
        for code, words in FLOOD_ZONES.items():
            self.zone.addItem(words if not code else f"{code}: {words}", code)
        self.elevation = named_line("", "Base flood elevation (feet)",
                                    "AE and VE: elevation in feet; AO: depth")
        self.lscsf = QCheckBox("Within Land Subject to Coastal Storm Flowage")
        self.v_zone = QCheckBox("Within a velocity zone (V-zone)")
        town = self._profile.name if self._profile else form.town
        self.riverfront = QCheckBox(f"Within the Riverfront Area ({riverfront_width(town)} "
                                    "feet in this town, 310 CMR 10.58(2)(a)3)")
        self.setting = QComboBox()
        self.setting.setAccessibleName("Coastal or inland")
        for code in SETTINGS:
            self.setting.addItem(_SETTING_WORDS[code], code)
        frows.addRow("FEMA flood zone:", self.zone)
        frows.addRow("Base flood ele&vation:", self.elevation)
        frows.addRow(self.lscsf)
        frows.addRow(self.v_zone)
        frows.addRow(self.riverfront)
        frows.addRow("Coastal or inland:", self.setting)

        layout = QVBoxLayout(self)
        layout.addWidget(box, 1)
        layout.addWidget(flood)
        self.show_form(form)
        self.table.itemChanged.connect(lambda _item: self.changed.emit())
        for line in (self.other, self.elevation):
            line.textChanged.connect(self.changed)
        for combo in (self.zone, self.setting):
            combo.currentIndexChanged.connect(self.changed)
        for check in (self.lscsf, self.v_zone, self.riverfront):
            check.toggled.connect(self.changed)

    # -- the table -------------------------------------------------------------------
    def _offered(self, stored: list[NamedArea]) -> list[ResourceArea]:
        """The town's list, and any area the record already holds that is not on it (a
        code carried over from old text), so that nothing stored is dropped."""
        from concom_desk.domain.resource_areas import STATE_AREAS

        offered = list(self._profile.resource_areas() if self._profile else STATE_AREAS)
        codes = {a.code for a in offered}
        for area in stored:
            found = area_of(area.code, self._profile)
            if area.code != OTHER and area.code not in codes and found is not None:
                offered.append(found)
                codes.add(area.code)
        return offered

    def _fill(self, stored: list[NamedArea]) -> None:
        by_code = {a.code: a for a in stored if a.code != OTHER}
        self._areas = self._offered(stored)
        self.table.blockSignals(True)
        self.table.setRowCount(len(self._areas))
        for row, area in enumerate(self._areas):
            held = by_code.get(area.code)
            name = QTableWidgetItem(area.name)
            name.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            name.setCheckState(Qt.CheckState.Checked if held else Qt.CheckState.Unchecked)
            name.setData(Qt.ItemDataRole.UserRole, area.code)
            self.table.setItem(row, NAME, name)
            self.table.setItem(row, AMOUNT, QTableWidgetItem(_number(held.amount) if held
                                                             else ""))
            unit = QComboBox()
            unit.setAccessibleName(f"Unit of {area.name}")
            for code, words in UNITS.items():
                unit.addItem(words, code)
            chosen = held.unit if held and held.unit else area.unit
            unit.setCurrentIndex(max(unit.findData(chosen), 0))
            unit.currentIndexChanged.connect(self.changed)
            self.table.setCellWidget(row, UNIT, unit)
            cited = QTableWidgetItem(area.section)
            cited.setToolTip(area.citation)  # the bylaw's own words, where it quotes them
            cited.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.table.setItem(row, CITATION, cited)
        self.table.blockSignals(False)
        self.other.setText("; ".join(a.text for a in stored if a.code == OTHER))

    def row_of(self, code: str) -> int:
        return next(i for i, area in enumerate(self._areas) if area.code == code)

    def tick(self, code: str, amount: str = "", unit: str = "") -> None:
        """Tick an area and give its amount (as a clerk does; used by tests)."""
        row = self.row_of(code)
        self.table.item(row, NAME).setCheckState(Qt.CheckState.Checked)
        self.table.item(row, AMOUNT).setText(amount)
        if unit:
            combo = self.table.cellWidget(row, UNIT)
            combo.setCurrentIndex(combo.findData(unit))

    def _amount(self, row: int) -> float | None:
        text = self.table.item(row, AMOUNT).text().replace(",", "").strip()
        return float(text) if text else None

    def areas(self) -> tuple[NamedArea, ...]:
        """The ticked areas and the other ones (called once problems() is empty)."""
        found = []
        for row, area in enumerate(self._areas):
            if self.table.item(row, NAME).checkState() != Qt.CheckState.Checked:
                continue
            amount = self._amount(row)
            unit = self.table.cellWidget(row, UNIT).currentData() if amount is not None else ""
            found.append(NamedArea(area.code, amount, unit))
        found += [NamedArea(OTHER, text=part.strip())
                  for part in self.other.text().split(";") if part.strip()]
        return tuple(found)

    def _flood(self) -> FloodData:
        return FloodData(self.zone.currentData() or "", self.elevation.text().strip(),
                         self.lscsf.isChecked(), self.v_zone.isChecked(),
                         self.riverfront.isChecked(), self.setting.currentData() or "")

    def problems(self) -> list[str]:
        found = []
        for row, area in enumerate(self._areas):
            try:
                amount = self._amount(row)
            except ValueError:
                found.append(f"{area.name}: '{self.table.item(row, AMOUNT).text()}' is not "
                             "an amount (a number, e.g. 1,200).")
                continue
            if amount is not None and amount < 0:
                found.append(f"{area.name}: an amount cannot be negative.")
            elif (amount is not None
                  and self.table.item(row, NAME).checkState() != Qt.CheckState.Checked):
                found.append(f"{area.name}: an amount is given but the area is not ticked.")
        flood = self._flood().problem()
        if flood:
            found.append(f"Flood data: {flood}.")
        return found

    def show_form(self, form: FilingForm) -> None:
        """Put `form`'s areas and flood data in the boxes (a record read again)."""
        self._fill(list(form.areas or ()))
        self.zone.setCurrentIndex(max(self.zone.findData(form.flood_zone), 0))
        self.elevation.setText(form.flood_elevation)
        self.lscsf.setChecked(form.in_lscsf)
        self.v_zone.setChecked(form.in_v_zone)
        self.riverfront.setChecked(form.in_riverfront)
        self.setting.setCurrentIndex(max(self.setting.findData(form.setting), 0))

    def filled_in(self, form: FilingForm) -> FilingForm:
        """The form with this tab's areas and flood data."""
        areas = self.areas()
        flood = self._flood()
        return replace(form, areas=areas,
                       resource_areas=areas_phrase(shown(areas, self._profile)),
                       flood_zone=flood.zone, flood_elevation=flood.elevation,
                       in_lscsf=flood.lscsf, in_v_zone=flood.v_zone,
                       in_riverfront=flood.riverfront, setting=flood.setting)
