"""The window's sections in its tabs: Today and Filings built just after the first
paint, the Hearing calendar and Enforcement on first sight; each put in its stand-in's
place with its title and keyboard letter; and the person's place in each section
kept, so that coming back to a section puts them where they were."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from PySide6 import QtCore  # its Qt namespace looked at when used (ui/first_paint.py)
from PySide6.QtWidgets import QApplication, QWidget

from concom_desk.ui.placeholders import SECTIONS, PlaceholderTab

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance
    from PySide6.QtWidgets import QTabWidget

    from concom_desk.services.calendar.counted_deadlines import CountedDeadlines
    from concom_desk.services.database import Database
    from concom_desk.ui.background import BackgroundTask
    from concom_desk.ui.filings.filings_tab import FilingsTab
    from concom_desk.ui.today_view import TodayView


class WindowSections:
    """The main window's tabs (mixed into ui/main_window.MainWindow)."""

    if TYPE_CHECKING:  # the window's, used here
        db: Database | None
        tabs: QTabWidget
        calendar_tab: QWidget
        enforcement_tab: QWidget
        today_view: TodayView
        filings_tab: FilingsTab
        _today_stand_in: PlaceholderTab
        _filings_stand_in: PlaceholderTab
        _filings_tab: FilingsTab | None
        _changes_seen: int
        _whole_reading: int
        lists_loaded: SignalInstance

        def build_tabs(self) -> None: ...
        def reload(self) -> None: ...
        def new_filing(self) -> object: ...
        def open_record(self, kind: str, record_id: int) -> None: ...

    def _start_sections(self, in_front: QWidget) -> None:
        self._previous_tab: QWidget | None = in_front
        # Where the person was in each section: back there when the section is shown
        # again (Qt would put them on its first control, the Filings table, where
        # typing searches the first column).
        self._focus_in: dict[QWidget, QWidget] = {}
        self._swapping_tabs = False
        self._calendar_counted: CountedDeadlines | None = None  # of self.db: head_start
        self._head_start_stop = threading.Event()  # set: the head start stops soon
        self.head_start_task: BackgroundTask | None = None  # the last begun

    def head_start(self) -> None:
        """The Hearing calendar's month counted behind the window before its first
        visit (called once the records are on screen and the sections' imports are
        in): a 20-year town's month has a thousand filings to count through the
        engine, 0.6 s at 4x the large demo, which the first visit waited for. The tab
        is then made with what was counted (kept while nobody saves). Its own read
        stops the head start and counts whatever it had not reached."""
        if self.db is None or not isinstance(self.calendar_tab, PlaceholderTab):
            return
        if self._whole_reading:  # the filings first: they are what the clerk waits for
            # A turn after they show: the read that showed them counts as under way
            # until its handing over has ended.
            self.lists_loaded.connect(lambda: QtCore.QTimer.singleShot(0, self.head_start),
                                      QtCore.Qt.ConnectionType.SingleShotConnection)
            return
        from concom_desk import clock
        from concom_desk.ui.background import in_background
        from concom_desk.ui.calendar.month_read import count_months, stopped_by

        db, counted, today = self.db, self._counted_for_calendar(), clock.local_now().date()
        self._head_start_stop = stop = threading.Event()
        self.head_start_task = in_background(
            lambda _work: count_months(db, [(today.year, today.month)], counted,
                                       stopped_by(stop)), lambda _none: None)

    def _counted_for_calendar(self) -> CountedDeadlines:
        from concom_desk.services.calendar.counted_deadlines import CountedDeadlines

        if self._calendar_counted is None:
            self._calendar_counted = CountedDeadlines()
        return self._calendar_counted

    def _swap_in(self, stand_in: QWidget, tab: QWidget) -> None:
        in_front = self.tabs.currentWidget() is stand_in
        self._put_in_place_of(stand_in, tab)
        if self._previous_tab is stand_in:
            self._previous_tab = tab
        if in_front:  # the clerk was quicker than the build: the real tab comes forward
            self.tabs.setCurrentWidget(tab)

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

            self._head_start_stop.set()  # its own read counts first, not beside it
            real: QWidget = CalendarTab(self.db, counted=self._counted_for_calendar())
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
                and self.db.changes != self._changes_seen):
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
        self._head_start_stop.set()
        self._calendar_counted = None  # counted from the other database's records
        in_front = self.tabs.currentIndex()  # removing a tab would move the clerk elsewhere
        for name in SECTIONS:
            if not isinstance(self.section(name), PlaceholderTab):
                self.replace_placeholder(name, PlaceholderTab(name))
        self._swapping_tabs = True
        try:
            self.tabs.setCurrentIndex(in_front)
        finally:
            self._swapping_tabs = False

