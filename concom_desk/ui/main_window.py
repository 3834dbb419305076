"""The main window: Today, Filings, Hearing calendar and Enforcement tabs, and
the File, Records and Help menus.

How its lists are read (a whole read, a save's few filings) is ui/list_reads.py; its
sections in their tabs, and the person's place in each, ui/window_sections.py. Here:
the window itself, its day, its database, and what its menus open.
"""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6 import QtCore  # its Qt namespace looked at when used (ui/first_paint.py)
from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QTabWidget, QWidget

from concom_desk import clock
from concom_desk.domain.plain_dates import weekday_date
from concom_desk.services.commission import settings as commission_service
from concom_desk.services.commission.settings import CommissionSettings
from concom_desk.ui.filings.filing_windows import FilingWindows
from concom_desk.ui.list_reads import ListReads
from concom_desk.ui.placeholders import PlaceholderTab
from concom_desk.ui.window_memory import remember, sensible_size
from concom_desk.ui.window_menus import build_menus
from concom_desk.ui.window_sections import WindowSections

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


class MainWindow(ListReads, WindowSections, QMainWindow):
    # The lists show the records as they are now: after a whole read, or after the
    # filings a save touched were read again and put in place.
    lists_loaded = Signal()
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
        self._start_list_reads()
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

        self._start_sections(self._today_stand_in)
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

    def database_place(self) -> str:
        """Where the records shown are, for the status bar: a file, or a server."""
        server = getattr(self.db, "address", None)
        return f"server: {server.display()}" if server else f"database: {self.db_path}"

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
        from concom_desk.services.safekeeping.safekeeping import open_and_back_up

        try:
            self.use_database(open_and_back_up(self.db_path))
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
        from concom_desk.ui import database_guard

        database_guard.tell_about_opening(self, db)  # damaged, tampered, risky place…

    def closeEvent(self, event: QCloseEvent) -> None:
        self.filing_windows.close_all()
        self._head_start_stop.set()  # the calendar's month counted ahead: not needed now
        if self.db is not None:
            self.db.close()  # releases the lock, so the next program can open it
            from concom_desk.services.safekeeping.backups import back_up_quietly

            # The closing backup (only when the records changed since the last one, and
            # never of a file opened without writing: damaged or tampered).
            if self.db.writable and not getattr(self.db, "is_server", False):
                self.statusBar().showMessage("Making the closing backup…")
                back_up_quietly(self.db_path)
        super().closeEvent(event)
