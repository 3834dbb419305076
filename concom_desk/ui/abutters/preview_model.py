"""The preview of an assessor's list: every row as it will be stored, rejected
rows highlighted with their reasons."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from concom_desk.domain.abutters.fields import AbutterField as F
from concom_desk.domain.abutters.rows import AbutterListReading
from concom_desk.ui.row_table import PlainRowsModel

REJECTED_BACKGROUND = QColor("#f8d7da")
# The problem comes right after the row number, so it is seen without scrolling.
COLUMNS = ("Row", "Problem", "Owner", "Care of", "Mailing address", "City, State ZIP",
           "Parcel")
REASON_COLUMN = COLUMNS.index("Problem")


@dataclass(frozen=True)
class PreviewRow:
    row: int
    cells: tuple[str, ...]  # one per column after "Row"
    rejected: bool


def preview_rows(reading: AbutterListReading) -> list[PreviewRow]:
    rows = [PreviewRow(r.row, ("", r.owner_name, r.care_of, " / ".join(r.street_lines),
                               r.address_lines[-1] if r.address_lines else "",
                               r.parcel_label), False)
            for r in reading.records]
    mapping = reading.mapping
    for rejected in reading.rejected:
        def raw(field: F, cells: tuple[str, ...] = rejected.cells) -> str:
            column = mapping.column_of(field)
            return cells[column] if column is not None and column < len(cells) else ""
        city_line = " ".join(p for p in (raw(F.CITY), raw(F.STATE), raw(F.ZIP)) if p)
        rows.append(PreviewRow(rejected.row, (rejected.reason, raw(F.OWNER), raw(F.CARE_OF),
                                              raw(F.ADDRESS), city_line, raw(F.PARCEL)),
                               True))
    rows.sort(key=lambda r: r.row)
    return rows


class AbutterPreviewModel(PlainRowsModel[PreviewRow]):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(COLUMNS, parent)

    def set_reading(self, reading: AbutterListReading | None) -> None:
        self.beginResetModel()
        self._rows = preview_rows(reading) if reading is not None else []
        self.endResetModel()

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return str(row.row) if index.column() == 0 else row.cells[index.column() - 1]
        if role == Qt.ItemDataRole.BackgroundRole and row.rejected:
            return QBrush(REJECTED_BACKGROUND)
        return None

