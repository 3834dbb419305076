"""A list's columns fitted again whenever its width changes, for a list that shares the
window with a record beside it (the Enforcement tab's cases beside the case).

On a laptop at 150 % that list is about 420 points wide: its seven columns, sized to
their texts, left the next deadline a few letters ("2026-…") and cut the case number
("EC-20…"). Here the columns the record beside it repeats are put away first, in the
order given, then the names and addresses give way (elided, whole in the tooltip), so
that which case, its status and what it owes next stay readable; widened again (the
splitter dragged, the window made larger), they come back."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QTableView

from concom_desk.ui.row_table import LEAST_MEANING_CHARS, LEAST_OTHER_CHARS, make_room


class ColumnsToWidth(QObject):
    """`measured()` once the columns have their natural widths (fit_columns with
    nothing given way); then every change of the list's width fits them again."""

    def __init__(self, view: QTableView, stretch: int, give_way: Collection[int],
                 put_away: Callable[[], Sequence[int]]) -> None:
        super().__init__(view)
        self.view, self.stretch, self.give_way, self.put_away = view, stretch, give_way, \
            put_away
        self.natural: dict[int, int] = {}
        self._waiting = False
        view.viewport().installEventFilter(self)

    def measured(self) -> None:
        view = self.view
        self.natural = {c: view.columnWidth(c) for c in range(view.model().columnCount())
                        if c != self.stretch}
        self.fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's)
        if event.type() == QEvent.Type.Resize and self.natural and not self._waiting:
            self._waiting = True  # once per turn, however many resizes a drag sends
            QTimer.singleShot(0, self, self.fit)
        return False

    def hidden(self) -> list[int]:
        return [c for c in self.natural if self.view.isColumnHidden(c)]

    def fit(self) -> None:
        self._waiting = False
        view = self.view
        if not self.natural or not view.isVisible():  # a hidden list's width means nothing
            return
        chars = view.fontMetrics().averageCharWidth()
        floor = LEAST_OTHER_CHARS * chars
        shown = dict(self.natural)

        def short() -> int:
            least = sum(min(width, floor) if column in self.give_way else width
                        for column, width in shown.items())
            return least + LEAST_MEANING_CHARS * chars - view.viewport().width()

        for column in self.put_away():
            if short() <= 0:
                break
            del shown[column]
        for column, width in self.natural.items():
            view.setColumnHidden(column, column not in shown)
            if column in shown:
                view.setColumnWidth(column, width)
        make_room(view, self.stretch, self.give_way)
