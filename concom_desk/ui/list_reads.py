"""The window's lists read from the records: Today and the Filings tab from one read,
off the window's thread, so they never disagree.

A whole read (`reload`) reads the town; a save announces what it changed
(ui/change_set.py) and only those filings are read again and put in place of their
rows and Today items (`announce`). Other desks' saves, the calendar, enforcement,
settings, a restore and a new day read the whole town again. One read of a few at a
time, each put in place before the next; none shown once a whole read asked after it
has begun."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING

from shiboken6 import isValid

from concom_desk.domain.wording import counted
from concom_desk.services.filings.rows import DeskLists
from concom_desk.ui.background import Progress, in_background, run_in_background
from concom_desk.ui.change_set import ChangeSet
from concom_desk.ui.heap import set_aside, settle_soon

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance
    from PySide6.QtWidgets import QStatusBar, QTabWidget

    from concom_desk.services.database import Database
    from concom_desk.ui.filings.filings_tab import FilingsTab
    from concom_desk.ui.other_desks import OtherDesks
    from concom_desk.ui.today_view import TodayView


class ListReads:
    """The main window's reads of its lists (mixed into ui/main_window.MainWindow,
    whose state it keeps: the counts below are the window's)."""

    if TYPE_CHECKING:  # the window's, used here
        db: Database | None
        today: date
        tabs: QTabWidget
        other_desks: OtherDesks | None
        lists_loaded: SignalInstance
        filings_changed: SignalInstance
        today_view: TodayView
        filings_tab: FilingsTab

        def statusBar(self) -> QStatusBar: ...  # noqa: N802 (Qt's name)
        def focusWidget(self) -> object: ...  # noqa: N802
        def build_tabs(self) -> None: ...
        def database_place(self) -> str: ...
        def show_problem(self, message: str) -> None: ...

    def _start_list_reads(self) -> None:
        self._loaded_once = False
        self._changes_seen = -1  # the store's change count when the lists were last read
        self._whole_reads = 0  # asked for: a read of a few begun before the last is not shown
        self._whole_reading = 0  # under way: a save's filings are read after they end
        self._few_to_read: set[int] = set()  # filings announced changed, not yet read
        self._few_reading = False  # one read of a few at a time, each after the last shown
        self._older_by_filing: dict[int, int] = {}  # Today's "older deadlines", by filing
        self._watch_reads = 0

    def reload(self, on_done: Callable[[], None] | None = None) -> None:
        """Read every filing and deadline again (the whole town), off the GUI thread."""
        db, today = self.db, self.today
        self._changes_seen = db.changes
        self._whole_reads += 1
        self._whole_reading += 1
        self.build_tabs()  # (done already unless the records come before the first paint)
        assert self.other_desks is not None
        self.other_desks.reading()
        first = not self._loaded_once
        self._loaded_once = True
        if first:
            set_aside()  # the program's code: walked by none of the read's collections

        def load(progress: Progress) -> DeskLists:
            from concom_desk.services.filings.desk_lists import load_lists

            progress.report(5, "Reading the filings and working out their deadlines…")
            return load_lists(db, today)

        def ended() -> None:
            self._whole_reading -= 1
            if not self._whole_reading:
                self._read_few()  # saves announced while it ran: their filings now

        def failed(message: str) -> None:
            ended()
            self.show_problem(message)

        def cancelled() -> None:
            ended()
            self.statusBar().showMessage("Loading cancelled.")

        def loaded(records: DeskLists) -> None:
            self._older_by_filing = dict(records.older_by_filing)
            self.filings_tab.set_rows(records.filings, records.search_index)
            self.today_view.set_items(records.today, records.older_overdue,
                                      len(records.filings))
            self.today_view.set_watch(records.watch_line)
            self.statusBar().showMessage(
                f"{counted(len(records.filings), 'filing')} · {self.database_place()}")
            if self.tabs.currentWidget() is self.today_view and records.today:
                # Keyboard users land on the first thing due: Enter opens it.
                table = self.today_view.table
                table.setCurrentIndex(table.model().index(0, 0))
                if not self.focusWidget() or self.focusWidget() is self.tabs.tabBar():
                    table.setFocus()
            self.lists_loaded.emit()
            if on_done:
                on_done()
            ended()
            settle_soon()  # the town's rows set aside: walked by no later collection

        if not first:
            self.statusBar().showMessage("Updating the lists…")
        run_in_background(self, "Opening the records", load, loaded, failed, cancelled,
                          quiet=not first)

    def announce(self, change: ChangeSet) -> None:
        """A save changed these filings: the lists read them again, not the whole town."""
        if (change.since is not None and self.db is not None
                and change.since == self._changes_seen):
            self._changes_seen = self.db.changes  # current once its filings are read
        self.filings_changed.emit(change)

    def _read_changed(self, change: ChangeSet) -> None:
        self._few_to_read |= change.filings
        self._read_few()

    def _read_few(self) -> None:
        """Read the filings announced changed, if no read is under way that would show
        them or come after (one at a time: each put in place before the next is read)."""
        if self.db is None:
            self._few_to_read.clear()
            return
        if not self._loaded_once:  # no list read yet: the first read is the whole one
            self._few_to_read.clear()
            self.reload()
            return
        if self._few_reading or self._whole_reading or not self._few_to_read:
            return
        wanted = frozenset(self._few_to_read)
        self._few_to_read.clear()
        self._few_reading = True
        db, today, asked = self.db, self.today, self._whole_reads

        def read(_progress: Progress) -> DeskLists:
            from concom_desk.services.filings.desk_lists import load_lists

            return load_lists(db, today, wanted)

        def read_done(records: DeskLists) -> None:
            if not isValid(self):  # the window closed meanwhile
                return
            self._few_reading = False
            if asked == self._whole_reads and db is self.db and today == self.today:
                self._put_in_place(records)
            self._read_few()  # saves announced meanwhile

        def failed(_message: str) -> None:
            if not isValid(self):
                return
            self._few_reading = False
            if db is self.db:
                self.reload()  # correctness first: the whole read (it says what went wrong)

        in_background(read, read_done, failed)

    def _put_in_place(self, records: DeskLists) -> None:
        """A read of a few filings, in place of their rows and Today items."""
        read = records.read
        assert read is not None
        self.filings_tab.put_rows(records.filings, read)
        for filing_id in read:
            self._older_by_filing.pop(filing_id, None)
        self._older_by_filing.update(records.older_by_filing)
        count = self.filings_tab.model.rowCount()
        self.today_view.put_items(records.today, read, sum(self._older_by_filing.values()),
                                  count)
        self.statusBar().showMessage(f"{counted(count, 'filing')} · {self.database_place()}")
        self.lists_loaded.emit()
        self._read_watch()

    def _read_watch(self) -> None:
        """Today's expiry watch line, read after a save's rows are shown (the town's
        counts: they cost more than the rows)."""
        self._watch_reads += 1
        db, today, asked = self.db, self.today, self._watch_reads

        def read(_progress: Progress) -> str:
            from concom_desk.services.filings.desk_lists import watch_line

            return watch_line(db, today)

        def read_done(line: str) -> None:
            if isValid(self) and asked == self._watch_reads and db is self.db:
                self.today_view.set_watch(line)

        in_background(read, read_done)

    def forget_lists_read(self) -> None:
        """Today and Filings are read again when next shown (another desk saved)."""
        self._changes_seen = -1

