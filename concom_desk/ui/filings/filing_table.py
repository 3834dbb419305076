"""The filings grid: its columns, and the proxy that searches and filters it.

Search is type-ahead over tens of thousands of rows, so the proxy never asks the
model for display text: the filings search index answers which rows' lower-case
search keys hold the words typed, or, when the new search extends the last one and
that found few rows, those rows' keys are read. Sorting is the source model's (one
Python sort per click).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import fields
from datetime import date
from operator import attrgetter
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QModelRoleDataSpan,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QBrush, QColor

from concom_desk.domain.status_rules import status_name
from concom_desk.services.filings.rows import FilingRow, days_left_text, short_label, urgency
from concom_desk.services.filings.search_index import SearchIndex, finds, search_words
from concom_desk.ui.row_table import (
    NO_DATE,
    OVERDUE,
    THIS_WEEK,
    Column,
    RowTableModel,
    address_key,
    date_key,
    day_cell,
)
from concom_desk.ui.shown_rows import ShownRowsProxy

RECEIVED_COLUMN = 7
NEXT_DEADLINE_COLUMN = 9  # what is due next and when: it gets the width left over
# DEP file no., address, map/lot, applicant, status: cut (elided) where the screen is
# too narrow for Next deadline's date and first words; the kind, the file number, the
# day received and the days left kept whole.
MAY_CUT_COLUMNS = (2, 3, 4, 5, 6)

KIND_LABELS = {"rda": "RDA", "noi": "NOI", "anrad": "ANRAD", "amendment": "Amendment",
               "extension": "Extension", "coc": "COC request", "emergency": "Emergency",
               "enforcement": "Enforcement", "conservation_land": "Land",
               "executive_minutes": "Exec. session"}


def headline(label: str) -> str:
    """A deadline's label without its parenthesis and what follows ("Hold the public
    hearing (21 days from receipt …)" → "Hold the public hearing"), so a narrow grid
    column shows the words that matter; the whole label is in the tooltip."""
    return short_label(label).split(" (", 1)[0]


def filing_columns(today: date) -> list[Column[FilingRow]]:
    def colour(row: FilingRow) -> QColor | None:
        return {"overdue": OVERDUE, "this_week": THIS_WEEK}.get(urgency(row.next_deadline,
                                                                         today) or "")

    def days_left(row: FilingRow) -> int:
        return (row.next_deadline - today).days if row.next_deadline else NO_DATE

    return [
        Column("Kind", lambda r: KIND_LABELS.get(r.kind, r.kind)),
        Column("File no.", lambda r: r.file_no),
        Column("DEP file no.", lambda r: r.dep_file_no),
        Column("Address", lambda r: r.address, sort_key=lambda r: address_key(r.address)),
        Column("Map/lot", lambda r: r.map_lot),
        Column("Applicant", lambda r: r.applicant,
               tooltip=lambda r: f"Owner: {r.owner}" if r.owner and r.owner != r.applicant
               else ""),
        Column("Status", lambda r: status_name(r.status)),
        Column("Received", lambda r: day_cell(r.received),
               sort_key=lambda r: date_key(r.received)),
        Column("Days left", lambda r: days_left_text(r.next_deadline, today),
               sort_key=days_left, background=colour),
        Column("Next deadline",
               lambda r: f"{day_cell(r.next_deadline)}  {headline(r.next_deadline_label)}"
               if r.next_deadline else "",
               sort_key=lambda r: date_key(r.next_deadline),
               tooltip=lambda r: f"{r.next_deadline_label}\n{r.next_deadline_citation}"
               if r.next_deadline else "", background=colour),
    ]


_DISPLAY = Qt.ItemDataRole.DisplayRole.value
_ACCESSIBLE_TEXT = Qt.ItemDataRole.AccessibleTextRole.value
_BACKGROUND = Qt.ItemDataRole.BackgroundRole.value
_FOREGROUND = Qt.ItemDataRole.ForegroundRole.value
_TOOLTIP = Qt.ItemDataRole.ToolTipRole.value
_BLACK = QBrush(QColor("black"))  # readable on the soft colours
# Rows whose painted texts are kept: a few screens' worth of typing and scrolling.
PAINTED_ROWS_KEPT = 5_000


class FilingTableModel(RowTableModel[FilingRow]):
    """The filings' cells. What a row paints (its ten texts, its colour) is worked out
    once and kept: typing repaints mostly the same rows from the top of the list, and
    each painted cell is then a look-up, not its column's formatting again."""

    keys_changed = Signal()  # rows put in place changed what a search finds (put_rows)

    def __init__(self, today: date, parent: Any = None) -> None:
        super().__init__(filing_columns(today), parent)
        self._painted: dict[int, tuple[list[str], QBrush | None]] = {}
        self._keep_columns()
        self.dataChanged.connect(self._forget_painted)  # a row told changed paints anew

    def _keep_columns(self) -> None:
        columns = self._columns
        self._texts = [column.text for column in columns]
        self._coloured = frozenset(n for n, column in enumerate(columns) if column.background)
        colour = next(column.background for column in columns if column.background)
        self._colour = colour  # every coloured column shows the row's urgency
        self._painted.clear()

    def set_columns(self, columns: Sequence[Column[FilingRow]]) -> None:
        self._columns = list(columns)
        self._keep_columns()  # what a row paints comes from the new columns
        super().set_columns(columns)

    def set_today(self, today: date) -> None:
        """Days left and colours counted from another day (past midnight)."""
        self.set_columns(filing_columns(today))

    def set_rows(self, rows: Sequence[FilingRow]) -> None:
        self._painted.clear()
        super().set_rows(rows)

    def _forget_painted(self, top_left: QModelIndex | None = None,
                        bottom_right: QModelIndex | None = None, *_roles: object) -> None:
        """The rows told changed paint anew; the others keep their texts (a save's row
        changed: the twenty others on screen need not be formatted again)."""
        if top_left is None or bottom_right is None or not top_left.isValid() \
                or bottom_right.row() - top_left.row() >= PAINTED_ROWS_KEPT:
            self._painted.clear()
            return
        rows = self._rows
        for n in range(top_left.row(), min(bottom_right.row() + 1, len(rows))):
            self._painted.pop(id(rows[n]), None)

    def put_rows(self, fresh: Sequence[FilingRow], read: Collection[int]) -> bool:
        """The filings `read` again after a save, in place of their rows: a row kept is
        updated in place (the grid's selection and the search index hold the row
        itself) and told changed; a new filing is added, one read and not found
        (voided) removed; a row whose sort key moved goes to its place in the clerk's
        sort. When search keys change (rows added, removed or retyped) the search index
        is no longer theirs: `keys_changed` says so first, and True is returned."""
        ids = list(map(_filing_id, self._rows))  # (C's loop: forty thousand in a few ms)
        found = {row.id: row for row in fresh}
        changed: list[tuple[int, FilingRow]] = []
        added: list[FilingRow] = []
        gone: set[int] = set()
        for filing_id in read:
            n, new = _position(ids, filing_id), found.get(filing_id)
            if n is None:
                if new is not None:
                    added.append(new)
            elif new is None:
                gone.add(n)
            elif self._rows[n] != new:
                changed.append((n, new))
        retyped = any(self._rows[n].search_key != new.search_key for n, new in changed)
        if retyped or added or gone:
            self.keys_changed.emit()  # before the grid is told: the filter forgets its index
        key = self._key(self._sorted_by[0]) if self._sorted_by is not None else None
        moved = [n for n, new in changed if key is not None and key(self._rows[n]) != key(new)]
        for n, new in changed:
            old = self._rows[n]
            for name in _ROW_FIELDS:
                setattr(old, name, getattr(new, name))
            self._painted.pop(id(old), None)  # its texts are its old values'
        if added or gone or moved:
            self._rearrange(added, gone, moved)
        elif changed:
            last = self.columnCount() - 1
            for n, _new in changed:
                self.dataChanged.emit(self.index(n, 0), self.index(n, last))
        return retyped or bool(added or gone)

    def _rearrange(self, added: list[FilingRow], gone: set[int], moved: list[int]) -> None:
        """Rows added, removed and moved in one layout change, each added or moved one
        put where the clerk's sort puts it (found by halving, not by sorting again)."""
        self.layoutAboutToBeChanged.emit()
        before = self.persistentIndexList()
        held = [self._rows[index.row()] for index in before]
        placing = [self._rows[n] for n in moved] + added
        rows = list(self._rows)
        for n in sorted(gone | set(moved), reverse=True):  # a few: each a C memmove
            del rows[n]
        if self._sorted_by is None:
            rows.extend(placing)
        else:
            key = self._key(self._sorted_by[0])
            descending = self._sorted_by[1] == Qt.SortOrder.DescendingOrder
            for row in placing:
                rows.insert(_place(rows, key, key(row), descending), row)
        # Only the rows placed anew paint anew (their values changed); a row gone is
        # forgotten too, so that no row made later at its address shows its texts.
        for row in (*placing, *(self._rows[n] for n in gone)):
            self._painted.pop(id(row), None)
        self._rows[:] = rows  # in place: the filter holds this very list
        # The few rows the grid holds (current, selected), found by identity in one C
        # pass: not a dictionary of forty thousand rows made in Python after each save.
        identities = list(map(id, rows)) if held else []
        position = {id(row): identities.index(id(row)) for row in held if id(row) in identities}
        after = [self.index(position[id(row)], index.column()) if id(row) in position
                 else QModelIndex() for row, index in zip(held, before, strict=True)]
        self.changePersistentIndexList(before, after)
        self.layoutChanged.emit()

    def fill_cell(self, row_number: int, column_number: int, roles: QModelRoleDataSpan) -> None:
        """As RowTableModel.fill_cell answers (tested equal), from the row's kept texts."""
        row = self._rows[row_number]
        painted = self._painted.get(id(row))
        if painted is None:
            if len(self._painted) >= PAINTED_ROWS_KEPT:
                self._painted.clear()
            colour = self._colour(row)
            painted = self._painted[id(row)] = ([text(row) for text in self._texts],
                                                None if colour is None else QBrush(colour))
        texts, brush = painted
        if column_number not in self._coloured:
            brush = None
        for item in roles:
            role = item.role()
            if role in (_DISPLAY, _ACCESSIBLE_TEXT):
                item.setData(texts[column_number])
            elif role == _BACKGROUND and brush is not None:
                item.setData(brush)
            elif role == _FOREGROUND and brush is not None:
                item.setData(_BLACK)
            elif role == _TOOLTIP:
                item.setData(self.cell(row_number, column_number, role))
            else:
                item.clearData()


_ROW_FIELDS = tuple(f.name for f in fields(FilingRow))  # its search key among them


_filing_id = attrgetter("id")


def _position(ids: list[int], wanted: int) -> int | None:
    try:
        return ids.index(wanted)
    except ValueError:
        return None


def _place(rows: list[FilingRow], key: Any, wanted: Any, descending: bool) -> int:
    """Where a row of sort key `wanted` goes among `rows` sorted by `key`: after those
    of the same key, as a stable sort leaves a row that came last."""
    low, high = 0, len(rows)
    while low < high:
        middle = (low + high) // 2
        there = key(rows[middle])
        if (there < wanted) if descending else (wanted < there):
            high = middle
        else:
            low = middle + 1
    return low


def narrows(before: list[str], after: list[str]) -> bool:
    """Whether every filing the words `after` find is among those `before` found: each
    earlier word is still in some later one ("pon" → "pond", "pond" → "pond sm")."""
    return all(any(old in new for new in after) for old in before)


_search_key = attrgetter("search_key")

# A search extending the last one reads the keys of the rows that one found when they
# are this few; more, and the index answers faster than reading them.
NARROW_BY_READING = 3_000


class FilingFilterProxy(ShownRowsProxy):
    """Search text, kind, status and year; an empty value means "any".

    Type-ahead over forty thousand rows must repaint within a keystroke, so a search
    is answered by the filings search index (services/filings/search_index: built with
    the records, off the GUI thread), and a search that extends the last one ("pon" →
    "pond") over few rows reads only the keys of the rows the last one found. The
    grid is then told once that its rows changed (a reset), not once for every
    stretch of rows that went; Qt never calls back into Python per row. Sorting is the
    source model's (one Python sort per click); the rows shown keep its order.
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._words: list[str] = []
        self._kind = ""
        self._status = ""
        self._year: int | None = None
        self._keys: list[str] | None = None  # the rows' search keys, in the rows' order
        self._filtered = False
        self._index: SearchIndex | None = None  # given with the rows, or built when asked
        self._row_of: Any = None  # the index's row numbers -> source rows (numpy)
        # A save changed the rows' keys and their new index is being built off the GUI
        # thread: until it comes, a search reads the keys rather than build one here.
        self._index_coming = False
        self._matching = 0  # the rows' changes so far: only the last one's match is done

    def setSourceModel(self, model: QAbstractItemModel) -> None:  # noqa: N802
        if isinstance(model, FilingTableModel):
            model.keys_changed.connect(self.index_outdated)
        super().setSourceModel(model)

    # -- the filters -------------------------------------------------------------
    def use_index(self, index: SearchIndex | None) -> None:
        """The search index of the rows about to be shown (read with them in the
        background); without one, it is built here when the first search needs it."""
        self._index = index
        self._row_of = None
        self._index_coming = False

    def index_outdated(self) -> None:
        """The rows' search keys changed in place (a save): the index is not theirs any
        more, and a new one is on its way (`use_index`); searches read the keys till then."""
        self._index = None
        self._row_of = None
        self._index_coming = True
        self._keys = None

    def set_search(self, text: str) -> None:
        words = search_words(text)
        if words != self._words:
            narrower = self._filtered and narrows(self._words, words)
            self._words = words
            self._refilter(narrower)

    def set_kind(self, kind: str) -> None:
        self._kind = kind
        self._refilter(False)

    def set_status(self, status: str) -> None:
        self._status = status
        self._refilter(False)

    def set_year(self, year: int | None) -> None:
        self._year = year
        self._refilter(False)

    def _rows_changed(self) -> None:
        """The source's rows were replaced or sorted: their keys are read again when a
        search first needs them; their numbers in the index in the next turn of the
        event loop, when it is theirs (after the reload, the sort click or the save,
        not with the next keystroke; a search before then matches them itself). Not in
        the change's own turn: at 4x, matching forty thousand rows there made the turn
        that puts a saved row in place twice as long (bench/save_bench.py)."""
        self._keys = None
        self._row_of = None
        if self._index is not None:
            self._matching += 1
            asked = self._matching
            QTimer.singleShot(0, self, lambda: self._match_soon(asked))

    def _match_soon(self, asked: int) -> None:
        if asked == self._matching and self._row_of is None and self._index is not None:
            self._match_index()

    def _match_index(self) -> None:
        """Which source row each of the index's row numbers is; an index of other rows
        (none given, or an older read's) is replaced by one of these."""
        import numpy as np

        index = self._index
        numbers = None if index is None else index.numbers_of(self._rows)
        if (index is None or numbers is None) and self._index_coming:
            self._index = None  # not these rows': searches read the keys till it comes
            return
        if index is None or numbers is None:
            self._index = SearchIndex(self._rows)
            numbers = np.arange(len(self._rows))
        row_of = np.empty(len(self._rows), dtype=np.int64)
        row_of[numbers] = np.arange(len(self._rows), dtype=np.int64)
        self._row_of = row_of

    def _searched(self) -> list[int]:
        """The source rows (in its order) every word typed is found in, by the index."""
        import numpy as np

        if self._row_of is None:
            self._match_index()
        if self._index is None:  # the rows' new index is on its way: read the keys
            if self._keys is None:
                self._keys = list(map(_search_key, self._rows))
            keys, words = self._keys, self._words
            return [i for i, key in enumerate(keys) if finds(key, words)]
        assert self._index is not None
        # Marked, then read off in the source's order: linear, where sorting the
        # rows found would not be (a first letter finds most of the town).
        marked = np.zeros(len(self._rows), dtype=bool)
        marked[self._row_of[self._index.find(self._words)]] = True
        return np.flatnonzero(marked).tolist()

    def _work_out(self, among: list[int] | None = None) -> None:
        """The source rows shown; only those of `among` are looked at when given."""
        rows, words = self._rows, self._words
        kind, status, year = self._kind, self._status, self._year
        self._filtered = bool(words or kind or status or year is not None)
        if not words:
            shown = list(range(len(rows)) if among is None else among)
        elif among is not None and len(among) <= NARROW_BY_READING:
            # Every word typed must appear somewhere: "pond smith" finds Smith's filing
            # on Pond Rd. One tight pass per word, each over what the last one left.
            if self._keys is None:
                self._keys = list(map(_search_key, rows))
            keys = self._keys
            shown = among
            for word in words:
                shown = [i for i in shown if word in keys[i]]
        else:
            shown = self._searched()
        if kind or status or year is not None:
            shown = [i for i in shown
                     if (not kind or rows[i].kind == kind)
                     and (not status or rows[i].status == status)
                     and (year is None or rows[i].year == year)]
        self._show(shown)

    # What names a row across a sort: its filing's id, read by C (asked of every shown
    # row when a save moves one).
    _identity = staticmethod(_filing_id)
