"""The Today view: everything due or overdue this week across all records,
soonest first, each row opening its record."""

from __future__ import annotations

import html
from datetime import date, timedelta

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from concom_desk.domain.plain_dates import weekday_date
from concom_desk.domain.wording import counted
from concom_desk.services.filings.rows import (
    OVERDUE_LOOKBACK_DAYS,
    WEEK_AHEAD_DAYS,
    TodayItem,
    days_left_text,
    short_label,
    urgency,
)
from concom_desk.ui.filings.filing_table import KIND_LABELS
from concom_desk.ui.list_table import ListTable
from concom_desk.ui.row_table import (
    OVERDUE,
    THIS_WEEK,
    Column,
    RowTableModel,
    address_key,
    date_key,
    day_cell,
    natural_key,
)

WHAT_TO_DO_COLUMN = 4  # what the clerk must do: it gets the width left over
CITATION_COLUMN = 5  # elided; the whole citation is in the tooltip


def today_columns(today: date) -> list[Column[TodayItem]]:
    def colour(item: TodayItem) -> QColor | None:
        if item.late:
            return OVERDUE
        return {"overdue": OVERDUE, "this_week": THIS_WEEK}.get(urgency(item.due, today) or "")

    def left(item: TodayItem) -> str:
        # An act done after its clock: nothing is owed now, but it was late.
        return "LATE (done)" if item.late else days_left_text(item.due, today)

    return [
        Column("Due", lambda i: f"{day_cell(i.due)} {i.due:%a}",
               sort_key=lambda i: date_key(i.due)),
        Column("Days left", left, sort_key=lambda i: date_key(i.due), background=colour),
        Column("Record", lambda i: f"{KIND_LABELS.get(i.kind, i.kind)} {i.file_no}",
               sort_key=lambda i: natural_key(i.file_no)),
        Column("Address", lambda i: i.address, sort_key=lambda i: address_key(i.address)),
        Column("What to do", lambda i: short_label(i.what),
               tooltip=lambda i: f"{i.what}\n{i.citation}"),
        Column("Citation", lambda i: i.citation, tooltip=lambda i: i.citation),
    ]


class TodayView(QWidget):
    open_filing = Signal(int)
    open_record = Signal(str, int)  # another kind of record: ("enforcement_case", id)
    open_watch = Signal()  # the expiry watch, from its count under the heading

    def __init__(self, today: date, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.today = today
        self.model = RowTableModel(today_columns(today), self)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setAccessibleName("Summary of what is due")
        self.table = ListTable()
        self.table.setAccessibleName("Due or overdue this week")
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.open_requested.connect(self._open)
        # What the expiry watch holds (Records → Expiry watch…), a link that opens it.
        self.watch = QLabel()
        self.watch.setAccessibleName("Expiry watch")
        self.watch.setTextFormat(Qt.TextFormat.RichText)
        self.watch.linkActivated.connect(lambda _link: self.open_watch.emit())
        self.watch.setVisible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.watch)
        layout.addWidget(self.table, 1)

    def set_today(self, today: date) -> None:
        """Count from another day (the window was open past midnight); the items are
        read again by the window."""
        self.today = today
        self.model.set_columns(today_columns(today))

    def set_items(self, items: list[TodayItem], older_overdue: int = 0,
                  filings: int | None = None, fit: bool = True) -> None:
        """The items to list; the columns fitted to them unless `fit` is False (a save's
        few items: measuring every row's text is most of what putting them in costs)."""
        self.model.set_rows(items)
        if fit:
            self.table.fit_columns(WHAT_TO_DO_COLUMN, may_cut=(CITATION_COLUMN,),
                                   widest_chars=24)
        overdue = sum(1 for i in items if i.due < self.today and not i.late)
        late = sum(1 for i in items if i.late)
        if not items and filings == 0:  # the first day: say where to begin
            text = ("No filings yet: File → New filing… (Ctrl+N) enters the first one, and "
                    "its deadlines appear here.")
        elif not items:
            text = (f"Nothing is due in the next {WEEK_AHEAD_DAYS} days and nothing is "
                    "overdue.")
        else:
            text = (f"<b>{counted(len(items) - late, 'deadline')}</b> up to "
                    f"{weekday_date(self.today + timedelta(days=WEEK_AHEAD_DAYS))}"
                    + (f", <b>{overdue} of them overdue</b>" if overdue else "")
                    + (f"; <b>{counted(late, 'act')} recorded late</b> in the last "
                       f"{OVERDUE_LOOKBACK_DAYS} days" if late else "")
                    + ". Press Enter or double-click a row to open its record.")
        if older_overdue:
            text += (f"<br>{older_overdue} more deadline{'s' if older_overdue != 1 else ''} "
                     f"passed over {OVERDUE_LOOKBACK_DAYS} days ago on records never brought "
                     "up to date: on the Filings tab, sort by <i>Days left</i> to see them.")
        self.heading.setText(f"Today is {weekday_date(self.today)}. {text}")

    def put_items(self, fresh: list[TodayItem], read: frozenset[int], older_overdue: int,
                  filings: int) -> None:
        """The items of the filings `read` again after a save, in place of theirs (the
        enforcement cases' stay); the row the clerk is on stays chosen."""
        current = self.table.currentIndex()
        chosen = self.model.row_at(current.row()) if current.isValid() else None
        kept = [i for i in self.model.rows() if i.record != "filing" or i.filing_id not in read]
        # Columns last fitted to no rows at all (a new commission's first filing) are
        # the headings' widths, too narrow for a date: fitted to the few rows now shown.
        self.set_items(sorted(kept + fresh, key=lambda i: (i.due, i.file_no)), older_overdue,
                       filings, fit=not kept)
        rows = self.model.rows()
        if chosen is not None and chosen in rows:
            self.table.setCurrentIndex(self.model.index(rows.index(chosen), current.column()))

    def set_watch(self, line: str) -> None:
        self.watch.setVisible(bool(line))
        self.watch.setText(f'{html.escape(line)} <a href="watch">Open the expiry watch</a>'
                           if line else "")

    def shown_items(self) -> list[TodayItem]:
        return list(self.model.rows())

    def _open(self, index: QModelIndex) -> None:
        if index.isValid():
            item = self.model.row_at(index.row())
            if item.record == "filing":
                self.open_filing.emit(item.filing_id)
            else:
                self.open_record.emit(item.record, item.filing_id)
