"""The main window: Today, Filings, Hearing calendar and Enforcement tabs, and
the File, Records and Help menus.

Records are loaded off the GUI thread, Today and the Filings tab from one read, so they
never disagree. A save in a filing's form or record window is announced as a change
set (ui/change_set.py): the filings it touched are read again and put in place of
their rows and Today items; everything else (other desks' saves, the calendar,
enforcement, settings, a restore, a new day) reads the whole town again.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6 import QtCore  # its Qt namespace looked at when used (ui/first_paint.py)
from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QTabWidget, QWidget
from shiboken6 import isValid

from concom_desk import clock
from concom_desk.domain.plain_dates import weekday_date
from concom_desk.domain.wording import counted
from concom_desk.services.commission import settings as commission_service
from concom_desk.services.commission.settings import CommissionSettings
from concom_desk.services.filings.rows import DeskRecords
from concom_desk.ui.background import Progress, in_background, run_in_background
from concom_desk.ui.change_set import ChangeSet
from concom_desk.ui.filings.filing_windows import FilingWindows
from concom_desk.ui.heap import set_aside, settle_soon
from concom_desk.ui.placeholders import SECTIONS, PlaceholderTab
from concom_desk.ui.window_memory import remember, sensible_size
from concom_desk.ui.window_menus import build_menus

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent

    from concom_desk.services.database import Database
    from concom_desk.ui.filings.filing_form import FilingFormDialog
    from concom_desk.ui.filings.filing_record import FilingRecordDialog
    from concom_desk.ui.filings.filings_tab import FilingsTab
    from concom_desk.ui.other_desks import OtherDesks
    from concom_desk.ui.today_view import TodayView

# concom_desk.services.filings.editing is imported inside the methods that call it: it brings
# in SQLAlchemy, which takes longer to import than the window takes to appear. The filing's
# form and record, and what the menus do (ui/window_menus.py), are imported when first
# used too: the window paints without them, and ui/warm_up.py brings them in behind it
# once the records show.


# How often the window looks whether the day has turned (a minute: one date compare).
DAY_LOOK_MS = 60_000

# How long a thread that wants the interpreter waits for it before the one running
# Python is asked to let go (Python's own: 5 ms, made for throughput). The tabs read in
# the background while the window paints, and each of the window's calls into Python
# (a cell painted, a row measured) could wait that long: a tab shown again during its
# read froze 150-220 ms without this, 50-85 ms with it (bench/tab_switch_bench.py).
# Set once, for the whole run: a read loses nothing while the window wants no Python,
# and no read changes it, so none left waiting can leave it changed.
WINDOW_SWITCH_INTERVAL = 0.0001


class MainWindow(QMainWindow):
    # The lists show the records as they are now: after a whole read, or after the
    # filings a save touched were read again and put in place.
    records_loaded = Signal()
    filings_changed = Signal(object)  # a ChangeSet: what a save changed (`announce`)

    def __init__(self, db: Database | None, db_path: Path, settings: CommissionSettings,
                 today: date | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        sys.setswitchinterval(WINDOW_SWITCH_INTERVAL)
        self.db = db
        self.db_path = db_path
        self.local_db_path = db_path  # this computer's file, while the window is on a server
        self.today = today or clock.today()
        # A day handed in stays (a test's, a benchmark's); the program's own follows the
        # clock: a window left open overnight counts from the new day (see day_turned).
        self._day_pinned = today is not None
        self.settings = settings
        self.filing_windows = FilingWindows(self)
        self.record_actions: list[QAction] = []
        self._loaded_once = False
        self._records_seen = -1  # the store's change count when the lists were last read
        self._whole_reads = 0  # asked for: a read of a few begun before the last is not shown
        self._whole_reading = 0  # under way: a save's filings are read after they end
        self._few_to_read: set[int] = set()  # filings announced changed, not yet read
        self._few_reading = False  # one read of a few at a time, each after the last shown
        self._older_by_filing: dict[int, int] = {}  # Today's "older deadlines", by filing
        self._watch_reads = 0
        self.filings_changed.connect(self._read_changed)
        self._update_title()
        self.day_set_line: QLabel | None = None
        day_set = clock.day_set()
        if day_set is not None:
            # Whatever is saved is dated by it: the clerk must not miss that it is set.
            self.day_set_line = QLabel(f"Counting from {weekday_date(day_set)} "
                                       "(CONCOM_DESK_TODAY)")
            self.statusBar().addPermanentWidget(self.day_set_line)

        # The first frame is the menus, the tab bar and "Opening…": Today and Filings are
        # built just after it (build_tabs), or when first asked for (ui/first_paint.py).
        self._today_view: TodayView | None = None
        self._today_stand_in = PlaceholderTab("Today", "Reading the records…")
        self._filings_tab: FilingsTab | None = None
        self._filings_stand_in = PlaceholderTab("Filings", "Listing the filings…")
        self.calendar_tab: QWidget = PlaceholderTab("Hearing calendar")
        self.enforcement_tab: QWidget = PlaceholderTab("Enforcement")
        self.tabs = QTabWidget()
        self.tabs.setAccessibleName("Sections")
        self.tabs.addTab(self._today_stand_in, "To&day")
        self.tabs.addTab(self._filings_stand_in, "F&ilings")
        self.tabs.addTab(self.calendar_tab, "Hearing &calendar")
        self.tabs.addTab(self.enforcement_tab, "E&nforcement")
        self.setCentralWidget(self.tabs)
        self.statusBar().showMessage(f"Database: {db_path}")

        self._previous_tab: QWidget | None = self._today_stand_in
        # Where the person was in each section: back there when the section is shown
        # again (Qt would put them on its first control, the Filings table, where
        # typing searches the first column).
        self._focus_in: dict[QWidget, QWidget] = {}
        self._swapping_tabs = False
        self.tabs.currentChanged.connect(self._tab_shown)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_moved)
        build_menus(self)
        self.other_desks: OtherDesks | None = None  # made with the tabs (build_tabs)
        if db is None:  # the launcher shows the window first, then opens the database
            self._set_ready(False)
            self.say_opening(f"Opening {db_path.name}…")
        remember(self, "main", sensible_size(self, 0.98, 0.92))

    def say_opening(self, heading: str) -> None:
        """What Today's heading says until the records are read ("Opening …")."""
        label = self._today_stand_in.message if self._today_view is None else (
            self._today_view.heading)
        label.setText(heading)

    def build_tabs(self) -> None:
        """Today, then Filings, in their stand-ins' places (once): the launcher asks just
        after the first paint, a read of the records before it shows them."""
        self.today_view  # noqa: B018 (built by being asked for)
        self.filings_tab  # noqa: B018
        if self.other_desks is None:
            from concom_desk.ui.other_desks import OtherDesks

            # Re-reads when brought back, if a desk saved. Made once the Qt namespace
            # is (the tables made it): PySide6 cannot hand a slot the application's
            # state, a Qt enum, before.
            self.other_desks = OtherDesks(self)
            # Past midnight the window counts from the new day: looked at each minute.
            self._day_timer = QTimer(self)
            self._day_timer.setInterval(DAY_LOOK_MS)
            self._day_timer.timeout.connect(self.follow_the_clock)
            self._day_timer.start()

    def follow_the_clock(self) -> bool:
        """The program's day has moved on (a window left open overnight): Today, the
        Filings tab's days left and colours, and every list read from now count from the
        new day. True when it had. A day handed to the window is kept."""
        if self._day_pinned or clock.setting_problem():
            return False
        day = clock.today()
        if day == self.today:
            return False
        self.today = day
        if self._today_view is not None:
            self._today_view.set_today(day)
        if self._filings_tab is not None:
            self._filings_tab.model.set_today(day)
        if self.db is not None:
            self.reload()
        return True

    @property
    def today_view(self) -> TodayView:
        """The Today view, built the first time it is needed."""
        if self._today_view is None:
            from concom_desk.ui.today_view import TodayView

            view = TodayView(self.today)
            view.open_filing.connect(self.filing_windows.open_record)  # read, then shown
            view.open_record.connect(self.open_record)
            view.open_watch.connect(self.open_expiry_watch)
            view.heading.setText(self._today_stand_in.message.text())
            self._today_view = view
            self._swap_in(self._today_stand_in, view)
        return self._today_view

    @property
    def filings_tab(self) -> FilingsTab:
        """The Filings tab, built the first time it is needed."""
        if self._filings_tab is None:
            from concom_desk.ui.filings.filings_tab import FilingsTab

            tab = FilingsTab(self.today)
            tab.open_filing.connect(self.filing_windows.open_record)
            tab.new_filing.connect(self.new_filing)
            self._filings_tab = tab
            self._swap_in(self._filings_stand_in, tab)
        return self._filings_tab

    def _swap_in(self, stand_in: QWidget, tab: QWidget) -> None:
        in_front = self.tabs.currentWidget() is stand_in
        self._put_in_place_of(stand_in, tab)
        if self._previous_tab is stand_in:
            self._previous_tab = tab
        if in_front:  # the clerk was quicker than the build: the real tab comes forward
            self.tabs.setCurrentWidget(tab)

    def _set_ready(self, ready: bool) -> None:
        """While no database is open (opening, restoring) nothing can touch the records."""
        self.tabs.setEnabled(ready)
        for action in self.record_actions:
            action.setEnabled(ready)

    def _update_title(self) -> None:
        name = self.settings.name or ("opening…" if self.db is None else "no commission set up")
        server = getattr(self.db, "address", None)
        self.setWindowTitle(f"ConCom Desk — {name}"
                            + (f" — on the server {server.display()}" if server else ""))

    def records_place(self) -> str:
        """Where the records shown are, for the status bar: a file, or a server."""
        server = getattr(self.db, "address", None)
        return f"server: {server.display()}" if server else f"database: {self.db_path}"

    # -- loading --------------------------------------------------------------
    def reload(self, on_done: Callable[[], None] | None = None) -> None:
        """Read every filing and deadline again (the whole town), off the GUI thread."""
        db, today = self.db, self.today
        self._records_seen = db.changes
        self._whole_reads += 1
        self._whole_reading += 1
        self.build_tabs()  # (done already unless the records come before the first paint)
        assert self.other_desks is not None
        self.other_desks.reading()
        first = not self._loaded_once
        self._loaded_once = True
        if first:
            set_aside()  # the program's code: walked by none of the read's collections

        def load(progress: Progress) -> DeskRecords:
            from concom_desk.services.filings.desk_records import load_records

            progress.report(5, "Reading the filings and working out their deadlines…")
            return load_records(db, today)

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

        def loaded(records: DeskRecords) -> None:
            self._older_by_filing = dict(records.older_by_filing)
            self.filings_tab.set_rows(records.filings, records.search_index)
            self.today_view.set_items(records.today, records.older_overdue,
                                      len(records.filings))
            self.today_view.set_watch(records.watch_line)
            self.statusBar().showMessage(
                f"{counted(len(records.filings), 'filing')} · {self.records_place()}")
            if self.tabs.currentWidget() is self.today_view and records.today:
                # Keyboard users land on the first thing due: Enter opens it.
                table = self.today_view.table
                table.setCurrentIndex(table.model().index(0, 0))
                if not self.focusWidget() or self.focusWidget() is self.tabs.tabBar():
                    table.setFocus()
            self.records_loaded.emit()
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
                and change.since == self._records_seen):
            self._records_seen = self.db.changes  # current once its filings are read
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

        def read(_progress: Progress) -> DeskRecords:
            from concom_desk.services.filings.desk_records import load_records

            return load_records(db, today, wanted)

        def read_done(records: DeskRecords) -> None:
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

    def _put_in_place(self, records: DeskRecords) -> None:
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
        self.statusBar().showMessage(f"{counted(count, 'filing')} · {self.records_place()}")
        self.records_loaded.emit()
        self._read_watch()

    def _read_watch(self) -> None:
        """Today's expiry watch line, read after a save's rows are shown (the town's
        counts: they cost more than the rows)."""
        self._watch_reads += 1
        db, today, asked = self.db, self.today, self._watch_reads

        def read(_progress: Progress) -> str:
            from concom_desk.services.filings.desk_records import watch_line

            return watch_line(db, today)

        def read_done(line: str) -> None:
            if isValid(self) and asked == self._watch_reads and db is self.db:
                self.today_view.set_watch(line)

        in_background(read, read_done)

    def forget_lists_read(self) -> None:
        """Today and Filings are read again when next shown (another desk saved)."""
        self._records_seen = -1

    def replace_placeholder(self, name: str, widget: QWidget) -> None:
        """Put a section's real tab ("Hearing calendar", "Enforcement") in place of what
        stands there, keeping its position, title and keyboard accelerator."""
        self._put_in_place_of(self.section(name), widget)
        if name == "Hearing calendar":
            self.calendar_tab = widget
        else:
            self.enforcement_tab = widget

    def _put_in_place_of(self, old: QWidget, widget: QWidget) -> None:
        """`widget` where `old` stands, at its position, with its title and accelerator."""
        index = self.tabs.indexOf(old)
        title = self.tabs.tabText(index)
        self._swapping_tabs = True
        try:
            self.tabs.removeTab(index)
            self.tabs.insertTab(index, widget, title)
        finally:
            self._swapping_tabs = False
        old.deleteLater()

    def section(self, name: str) -> QWidget:
        return {"Hearing calendar": self.calendar_tab, "Enforcement": self.enforcement_tab}[name]

    def show_section(self, name: str) -> QWidget:
        """Bring a section to the front, building it on first sight; returns it."""
        self.tabs.setCurrentWidget(self.section(name))
        self._build_section_if_needed()
        return self.section(name)

    def _build_section_if_needed(self) -> None:
        stand_in = self.tabs.currentWidget()
        if stand_in in (self._today_stand_in, self._filings_stand_in):
            self.build_tabs()
            return
        if not isinstance(stand_in, PlaceholderTab) or self.db is None:
            return
        if stand_in.name == "Hearing calendar":
            from concom_desk.ui.calendar.calendar_tab import CalendarTab

            real: QWidget = CalendarTab(self.db)
            real.new_filing_requested.connect(self.new_filing)  # type: ignore[attr-defined]
        else:
            from concom_desk.ui.enforcement.enforcement_tab import EnforcementTab

            real = EnforcementTab(self.db)
        real.record_requested.connect(self.open_record)  # type: ignore[attr-defined]
        self.replace_placeholder(stand_in.name, real)
        self.tabs.setCurrentWidget(real)

    def _tab_shown(self, _index: int) -> None:
        if self._swapping_tabs:
            return
        shown = self.tabs.currentWidget()
        left, self._previous_tab = self._previous_tab, shown
        self._return_focus(shown)
        if isinstance(shown, PlaceholderTab):
            self._build_section_if_needed()
        elif shown in (self.calendar_tab, self.enforcement_tab):
            # Read again only when something was saved since its last read: the
            # store counts the saves, so switching tabs alone reads nothing.
            shown.refresh_if_changed()  # type: ignore[attr-defined]
        # A hearing booked or a case changed over there moves these lists' clocks.
        sections = (self.calendar_tab, self.enforcement_tab)
        if (left in sections and shown in (self.today_view, self.filings_tab) and self.db
                and self.db.changes != self._records_seen):
            self.reload()

    def _focus_moved(self, old: QWidget | None, new: QWidget | None) -> None:
        """Where the person is, kept for the section it is in. A move from one section
        into another is the sections changing (Qt puts the focus on the new one's first
        control): not where the person chose to be."""
        into, out_of = self._section_of(new), self._section_of(old)
        if into is not None and (out_of is None or out_of is into):
            self._focus_in[into] = new  # type: ignore[assignment]

    def _section_of(self, widget: QWidget | None) -> QWidget | None:
        if widget is None:
            return None
        for index in range(self.tabs.count()):
            page = self.tabs.widget(index)
            if page.isAncestorOf(widget):
                return page
        return None

    def _return_focus(self, shown: QWidget) -> None:
        """Back to where the person was in the section shown, or to the Filings
        search box the first time. Not while they walk the tab bar with the arrows:
        only when they chose the section by its letter (Alt+I) or were in another."""
        by_letter = bool(QApplication.keyboardModifiers() & QtCore.Qt.KeyboardModifier.AltModifier)
        if self.tabs.tabBar().hasFocus() and not by_letter:
            return
        back = self._focus_in.get(shown)
        if back is not None and shown.isAncestorOf(back) and back.isEnabled():
            back.setFocus(QtCore.Qt.FocusReason.OtherFocusReason)
        elif shown is self._filings_tab:
            self._filings_tab.focus_search()

    def _reset_sections(self) -> None:
        """A different database (after a restore): sections are built again on sight."""
        in_front = self.tabs.currentIndex()  # removing a tab would move the clerk elsewhere
        for name in SECTIONS:
            if not isinstance(self.section(name), PlaceholderTab):
                self.replace_placeholder(name, PlaceholderTab(name))
        self._swapping_tabs = True
        try:
            self.tabs.setCurrentIndex(in_front)
        finally:
            self._swapping_tabs = False

    def open_record(self, kind: str, record_id: int) -> None:
        """Open any record a row points to: a filing, an enforcement case, a meeting."""
        if kind == "filing":
            self.filing_windows.open_record(record_id)
        elif kind == "enforcement_case":
            self.show_section("Enforcement").select_case(record_id)  # type: ignore[attr-defined]
        elif kind == "meeting":
            self.show_section("Hearing calendar")
        elif kind == "conservation_land":  # a monitoring visit due
            from concom_desk.ui.land.land_dialogs import open_conservation_land

            open_conservation_land(self).select_land(record_id)

    def show_problem(self, message: str) -> None:
        from PySide6.QtWidgets import QMessageBox  # not before the first paint: 4 ms

        QMessageBox.warning(self, "ConCom Desk", message)

    # -- actions --------------------------------------------------------------
    def find_filing(self) -> None:
        self.tabs.setCurrentWidget(self.filings_tab)
        self.filings_tab.focus_search()

    def new_filing(self) -> FilingFormDialog:
        return self.filing_windows.new_form()

    def edit_filing(self, filing_id: int) -> FilingFormDialog:
        return self.filing_windows.edit_form(filing_id)

    def open_filing(self, filing_id: int) -> FilingRecordDialog:
        return self.filing_windows.record(filing_id)

    def make_document(self, record: FilingRecordDialog) -> QWidget:
        return self.filing_windows.make_document(record)

    def open_expiry_watch(self) -> QWidget:
        from concom_desk.ui.filings.expiry_watch import open_watch

        return open_watch(self)

    def export_calendar(self) -> None:
        self.show_section("Hearing calendar").export_ical()  # type: ignore[attr-defined]

    def edit_settings(self) -> None:
        from concom_desk.ui.setup.settings_dialog import SettingsDialog

        def save(settings: CommissionSettings) -> None:
            commission_service.save_settings(self.db, settings)
            self.settings = settings
            self._update_title()

        dialog = SettingsDialog(self.settings, save, self)
        dialog.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(self.reload)
        dialog.open()

    # -- the database under the window (restore swaps it) ---------------------
    def close_database(self) -> None:
        self.filing_windows.close_all()
        if self.db is not None:
            self.db.close()
        self._set_ready(False)

    def reopen_database(self) -> None:
        from concom_desk.services.records.safekeeping import open_records

        try:
            self.use_database(open_records(self.db_path))
        except Exception as exc:  # the file is still there: say so rather than crash
            self.show_problem(f"The database could not be opened again: {exc}")

    def use_database(self, db: Database) -> None:
        self._reset_sections()
        self.db = db
        if getattr(db, "is_server", False):
            self.db_path = Path(db.path)  # this desk's folder for the server's papers
        self.local_file_action.setEnabled(getattr(db, "is_server", False))
        self._loaded_once = False  # a different database: show its loading again
        self._set_ready(True)
        settings = commission_service.load_settings(db)
        if settings is not None:
            self.settings = settings
            db.set_initials(settings.clerk_initials)
        self._update_title()
        # The tab in front was put back to its stand-in: build it again now, or it would
        # say "opens once the records are loaded…" until the clerk changed tabs.
        self._build_section_if_needed()
        self.reload()
        from concom_desk.ui import records_guard

        records_guard.tell_about_opening(self, db)  # damaged, tampered, risky place…

    def closeEvent(self, event: QCloseEvent) -> None:
        self.filing_windows.close_all()
        if self.db is not None:
            self.db.close()  # releases the lock, so the next program can open it
            from concom_desk.services.records.backups import back_up_quietly

            # The closing backup (only when the records changed since the last one, and
            # never of a file opened without writing: damaged or tampered).
            if self.db.writable and not getattr(self.db, "is_server", False):
                self.statusBar().showMessage("Making the closing backup…")
                back_up_quietly(self.db_path)
        super().closeEvent(event)
