"""The rows of a grid a filter lets through: a proxy over a `RowTableModel` that
shows some of its rows, in the model's own order.

A QSortFilterProxyModel asks Python once per row to filter and a few times per
row and comparison to sort: on thousands of rows that froze the window for a
quarter of a second on every read. Here the rows shown are worked out in one
Python pass (the subclass's `_work_out`), the grid is told once that its rows
changed (a reset), and sorting is the source model's (one Python sort per click);
painting goes straight to the source's row. Only the filter is the subclass's.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractProxyModel,
    QModelIndex,
    QModelRoleDataSpan,
    QPersistentModelIndex,
    Qt,
)

AnyIndex = QModelIndex | QPersistentModelIndex
_ROW_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable  # asked per cell painted


class ShownRowsProxy(QAbstractProxyModel):
    """Subclasses say which source rows are shown (`_work_out`) and what names a row
    across a sort (`_identity`, so the chosen row stays chosen when the clerk sorts);
    they call `_refilter()` when a filter changes."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[Any] = []  # the source's own list, kept in place by it
        self._shown: list[int] = []  # source rows shown, in the source's order
        self._position: dict[int, int] | None = None  # source row -> row here
        self._moving: list[tuple[QPersistentModelIndex, Any]] = []
        self._columns = 0  # the source's, fixed: index() is asked once per painted cell

    # -- what a subclass says ----------------------------------------------------
    def _work_out(self, among: list[int] | None = None) -> None:
        """Set `self._shown` (via `_show`): the source rows the filter lets through,
        looking only among `among` when given."""
        self._show(list(range(len(self._rows))))

    def _identity(self, row: Any) -> Any:
        """What names `row` across a sort (its record id)."""
        return id(row)

    def _rows_changed(self) -> None:
        """The source's rows were replaced or sorted (what a subclass keeps of them, it
        forgets or works out again here)."""

    # -- for subclasses and the tab ----------------------------------------------
    def _show(self, shown: list[int]) -> None:
        self._shown = shown
        self._position = None  # worked out when first asked: filtering never needs it

    def _refilter(self, narrower: bool = False) -> None:
        self.beginResetModel()
        self._work_out(self._shown if narrower else None)
        self.endResetModel()

    def row_at(self, row: int) -> Any:
        """The source's row shown at `row` here."""
        return self._rows[self._shown[row]]

    def rows_shown(self) -> list[Any]:
        rows = self._rows
        return [rows[i] for i in self._shown]

    def position_of(self, wanted: Any) -> int | None:
        """The row here showing the row whose `_identity` is `wanted`, if shown."""
        identity, rows = self._identity, self._rows
        for position, source in enumerate(self._shown):
            if identity(rows[source]) == wanted:
                return position
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """The source model sorts (in Python, once); the rows shown keep its order."""
        self.sourceModel().sort(column, order)

    # -- following the source ----------------------------------------------------
    def setSourceModel(self, model: QAbstractItemModel) -> None:  # noqa: N802
        super().setSourceModel(model)
        self._rows = model.rows()  # type: ignore[attr-defined]  # the same list, kept in place
        self._columns = model.columnCount()
        model.modelAboutToBeReset.connect(self.beginResetModel)
        model.modelReset.connect(self._source_reset)
        model.layoutAboutToBeChanged.connect(self._source_moving)
        model.layoutChanged.connect(self._source_moved)
        model.dataChanged.connect(self._source_data_changed)
        self._rows_changed()
        self._refilter()

    def _source_reset(self) -> None:
        self._rows_changed()
        self._work_out()
        self.endResetModel()

    def _source_moving(self) -> None:
        self.layoutAboutToBeChanged.emit()
        self._moving = [(index, self._identity(self._rows[self._shown[index.row()]]))
                        for index in self.persistentIndexList()]

    def _source_moved(self) -> None:
        self._rows_changed()
        self._work_out()
        position_of = self._positions_of({name for _index, name in self._moving})
        before = [index for index, _name in self._moving]
        after = [self.index(position_of[name], index.column())
                 if name in position_of else QModelIndex()
                 for index, name in self._moving]
        self.changePersistentIndexList(before, after)
        self._moving = []
        self.layoutChanged.emit()

    def _positions_of(self, names: set[Any]) -> dict[Any, int]:
        """The rows here showing the rows named `names` (the grid's current and selected
        rows: a few). Looked for in one pass of C (`map`, `list.index`): a dictionary of
        every shown row's name, made in Python after each save that moved a row, froze
        the 4x town's window 85 ms."""
        if not names:
            return {}
        rows = self._rows
        shown_names = list(map(self._identity, map(rows.__getitem__, self._shown)))
        return {name: shown_names.index(name) for name in names if name in shown_names}

    def _source_data_changed(self, top_left: QModelIndex, bottom_right: QModelIndex,
                             roles: list[int] | None = None) -> None:
        self.dataChanged.emit(self.index(0, 0),
                              self.index(max(0, self.rowCount() - 1), self.columnCount() - 1))

    # -- the proxy's side of the model -------------------------------------------
    def mapToSource(self, proxy_index: AnyIndex) -> QModelIndex:  # noqa: N802
        if not proxy_index.isValid() or not 0 <= proxy_index.row() < len(self._shown):
            return QModelIndex()
        return self.sourceModel().index(self._shown[proxy_index.row()], proxy_index.column())

    def mapFromSource(self, source_index: AnyIndex) -> QModelIndex:  # noqa: N802
        if self._position is None:
            self._position = {source: row for row, source in enumerate(self._shown)}
        row = self._position.get(source_index.row()) if source_index.isValid() else None
        return QModelIndex() if row is None else self.index(row, source_index.column())

    def index(self, row: int, column: int,
              parent: AnyIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        # Asked once per painted cell: no call back into Python beyond this one.
        if 0 <= row < len(self._shown) and 0 <= column < self._columns \
                and not parent.isValid():
            return self.createIndex(row, column)
        return QModelIndex()

    def parent(self, _child: Any = None) -> Any:  # type: ignore[override]
        return QModelIndex()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._shown)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008, N802
        source = self.sourceModel()
        return 0 if parent.isValid() or source is None else source.columnCount()

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        return self.sourceModel().headerData(section, orientation, role)

    # Painting asks for each visible cell's every role: straight to the source's row.
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = index.row()
        if not index.isValid() or row >= len(self._shown):
            return None
        return self.sourceModel().cell(self._shown[row], index.column(), role)  # type: ignore[attr-defined]

    def multiData(self, index: AnyIndex, roles: QModelRoleDataSpan) -> None:  # noqa: N802
        """A painted cell's every role in one call (see RowTableModel.multiData)."""
        row = index.row()
        if not index.isValid() or row >= len(self._shown):
            for item in roles:
                item.clearData()
            return
        self.sourceModel().fill_cell(self._shown[row], index.column(), roles)  # type: ignore[attr-defined]

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return _ROW_FLAGS

    def sibling(self, row: int, column: int, index: AnyIndex) -> QModelIndex:
        return self.index(row, column)
