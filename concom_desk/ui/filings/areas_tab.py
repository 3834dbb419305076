"""The filing form's "Resource areas & flood" tab: the town's list of resource areas
(the Act's, its coastal ones on the coast, and the bylaw's own, each with its
citation) to tick, each with the amount the project alters in the unit WPA Forms 3
and 5 ask for; what is on no list in a line of its own; and the site's flood data
(FEMA zone and base flood elevation, LSCSF, a V-zone, the riverfront area)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QGroupBox, QVBoxLayout, QWidget

from concom_desk.domain.flood_data import FLOOD_ZONES, SETTINGS, FloodData, riverfront_width
from concom_desk.domain.resource_areas import NamedArea
from concom_desk.services.filings.form import FilingForm
from concom_desk.services.filings.resource_areas import areas_phrase, profile_of, shown
from concom_desk.ui.filings.area_table import AreaTable
from concom_desk.ui.filings.party_fields import form_layout, named_line

_SETTING_WORDS = {"": "not recorded", "inland": "inland", "coastal": "coastal",
                  "both": "coastal and inland"}


class AreasTab(QWidget):
    changed = Signal()

    def __init__(self, form: FilingForm, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._profile = profile_of(form.town)
        box = QGroupBox("Resource areas the work is in (tick each; the amount altered where "
                        "the WPA forms ask for it)")
        self.area_table = AreaTable(self._profile, list(form.areas or ()))
        self.table, self.other = self.area_table.table, self.area_table.other
        QVBoxLayout(box).addWidget(self.area_table)

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
        self.area_table.changed.connect(self.changed)
        self.elevation.textChanged.connect(self.changed)
        for combo in (self.zone, self.setting):
            combo.currentIndexChanged.connect(self.changed)
        for check in (self.lscsf, self.v_zone, self.riverfront):
            check.toggled.connect(self.changed)

    # -- the table (area_table.py) -------------------------------------------------
    def row_of(self, code: str) -> int:
        return self.area_table.row_of(code)

    def tick(self, code: str, amount: str = "", unit: str = "") -> None:
        """Tick an area and give its amount (as a clerk does; used by tests)."""
        self.area_table.tick(code, amount, unit)

    def areas(self) -> tuple[NamedArea, ...]:
        """The ticked areas and the other ones (called once problems() is empty)."""
        return self.area_table.areas()

    def _flood(self) -> FloodData:
        return FloodData(self.zone.currentData() or "", self.elevation.text().strip(),
                         self.lscsf.isChecked(), self.v_zone.isChecked(),
                         self.riverfront.isChecked(), self.setting.currentData() or "")

    def problems(self) -> list[str]:
        found = self.area_table.problems()
        flood = self._flood().problem()
        if flood:
            found.append(f"Flood data: {flood}.")
        return found

    def show_form(self, form: FilingForm) -> None:
        """Put `form`'s areas and flood data in the boxes (a record read again)."""
        self.area_table.fill(list(form.areas or ()))
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
