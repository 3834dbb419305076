"""The town's list of resource areas to tick (the Act's, its coastal ones on the coast,
and the bylaw's own, each with its citation), each with the amount altered in the unit
WPA Forms 3 and 5 ask for, and what is on no list in a line of its own: the filing's
"Areas & flood zones" tab and an enforcement case's form both use it."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.resource_areas import OTHER, UNITS, NamedArea, ResourceArea
from concom_desk.domain.town_profile import TownProfile
from concom_desk.services.filings.resource_areas import area_of
from concom_desk.ui.filings.party_fields import form_layout, named_line

NAME, AMOUNT, UNIT, CITATION = range(4)


def _number(amount: float | None) -> str:
    if amount is None:
        return ""
    return f"{amount:g}" if float(amount).is_integer() else f"{amount}"


class AreaTable(QWidget):
    changed = Signal()

    def __init__(self, profile: TownProfile | None, stored: list[NamedArea],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._profile = profile
        self.table = QTableWidget(0, 4)
        self.table.setAccessibleName("Resource areas")
        self.table.setHorizontalHeaderLabels(["Resource area", "Amount", "Unit", "Citation"])
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(CITATION, QHeaderView.ResizeMode.Stretch)
        self.other = named_line("", "Other resource areas",
                                "not on the list, separated by ; (kept as written)")
        inner = QVBoxLayout(self)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addWidget(self.table)
        other_row = QWidget()
        rows = form_layout(other_row)
        inner.addWidget(other_row)
        rows.addRow("Ot&her areas:", self.other)
        self.fill(stored)
        self.table.itemChanged.connect(lambda _item: self.changed.emit())
        self.other.textChanged.connect(self.changed)

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

    def fill(self, stored: list[NamedArea]) -> None:
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
        return found
