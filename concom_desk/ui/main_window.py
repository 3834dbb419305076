"""The main window: Today, Filings, Hearing calendar and Enforcement tabs, and
the File, Records and Help menus.

Records are loaded off the GUI thread; after any save, one reload refreshes the
Today view and the Filings tab together, so they never disagree.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMessageBox, QTabWidget, QWidget

from concom_desk.domain.wording import counted
from concom_desk.services.commission import settings as commission_service
from concom_desk.services.commission.settings import CommissionSettings
from concom_desk.services.filings.rows import DeskRecords, FilingForm
from concom_desk.ui.background import Progress, run_in_background
from concom_desk.ui.filings.filings_tab import FilingsTab
from concom_desk.ui.heap import paused_while_reading, set_aside_long_lived
from concom_desk.ui.placeholders import SECTIONS, PlaceholderTab
from concom_desk.ui.today_view import TodayView
from concom_desk.ui.window_memory import remember, sensible_size

if TYPE_CHECKING:
    from concom_desk.ui.filings.filing_form import FilingFormDialog
    from concom_desk.ui.filings.filing_record import FilingRecordDialog

# concom_desk.services.filings.editing is imported inside the methods that call it: it brings
# in SQLAlchemy, which takes longer to import than the window takes to appear. The filing's
# form and record, and what the menus do (printing, the server's dialogs), are imported
# when first used too: the window paints without them, and ui/warm_up.py brings them in
# behind it once the records show.


class _OnFirstUse:
    """The module concom_desk.ui.<name>, imported when one of its functions is first
    asked for (a menu's action is chosen), not when the menu is built."""

    def __init__(self, name: str) -> None:
        self._name = f"concom_desk.ui.{name}"

    def __getattr__(self, attribute: str) -> Any:
        return getattr(importlib.import_module(self._name), attribute)

# Kinds whose abutters are notified (the RDA too where the town's bylaw says so).
ABUTTER_KINDS = ("noi", "anrad", "amendment", "rda")


class MainWindow(QMainWindow):
    records_loaded = Signal()

    def __init__(self, db: Any | None, db_path: Path, settings: CommissionSettings,
                 today: date | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.db_path = db_path
        self.local_db_path = db_path  # this computer's file, while the window is on a server
        self.today = today or date.today()
        self.settings = settings
        self._records: dict[int, FilingRecordDialog] = {}
        self._record_actions: list[QAction] = []
        self._loaded_once = False
        self._records_seen = -1  # the store's change count when the lists were last read
        self._update_title()

        self.today_view = TodayView(self.today)
        self.filings_tab = FilingsTab(self.today)
        self.calendar_tab: QWidget = PlaceholderTab("Hearing calendar")
        self.enforcement_tab: QWidget = PlaceholderTab("Enforcement")
        self.tabs = QTabWidget()
        self.tabs.setAccessibleName("Sections")
        self.tabs.addTab(self.today_view, "To&day")
        self.tabs.addTab(self.filings_tab, "F&ilings")
        self.tabs.addTab(self.calendar_tab, "Hearing &calendar")
        self.tabs.addTab(self.enforcement_tab, "E&nforcement")
        self.setCentralWidget(self.tabs)
        self.statusBar().showMessage(f"Database: {db_path}")

        self.today_view.open_filing.connect(self.open_filing)
        self.today_view.open_record.connect(self.open_record)
        self.today_view.open_watch.connect(self.open_expiry_watch)
        self.filings_tab.open_filing.connect(self.open_filing)
        self._previous_tab: QWidget | None = self.today_view
        self._swapping_tabs = False
        self.tabs.currentChanged.connect(self._tab_shown)
        self.filings_tab.new_filing.connect(self.new_filing)
        self._build_menus()
        from concom_desk.ui.other_desks import OtherDesks

        self.other_desks = OtherDesks(self)  # re-reads when brought back, if a desk saved
        if db is None:  # the launcher shows the window first, then opens the database
            self._set_ready(False)
            self.today_view.heading.setText(f"Opening {db_path.name}…")
        remember(self, "main", sensible_size(self, 0.98, 0.92))

    # -- menus ----------------------------------------------------------------
    def _action(self, text: str, slot: Callable[[], Any],
                shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
                needs_records: bool = True) -> QAction:
        action = QAction(text, self)
        if needs_records:
            self._record_actions.append(action)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        return action

    def _build_menus(self) -> None:
        file_actions, help_actions = _OnFirstUse("file_actions"), _OnFirstUse("help_actions")

        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self.new_action = self._action("&New filing…", self.new_filing,
                                       QKeySequence.StandardKey.New)
        file_menu.addAction(self.new_action)
        file_menu.addSeparator()
        self.backup_action = self._action("&Backup…", lambda: file_actions.backup(self))
        self.restore_action = self._action("&Restore from backup…",
                                           lambda: file_actions.restore(self))
        self.export_action = self._action("&Export for a records request…",
                                          lambda: file_actions.export(self))
        for action in (self.backup_action, self.restore_action, self.export_action):
            file_menu.addAction(action)
        file_menu.addAction(self._action("Open &data folder",
                                         lambda: file_actions.open_data_folder(self)))
        file_menu.addSeparator()
        desk_actions = _OnFirstUse("server.desk_actions")

        file_menu.addAction(self._action("Connect to ser&ver…",
                                         lambda: desk_actions.connect_to_server(self),
                                         needs_records=False))
        self.local_file_action = self._action("&Use the file on this computer",
                                              lambda: desk_actions.use_local_file(self),
                                              needs_records=False)
        self.local_file_action.setEnabled(False)
        file_menu.addAction(self.local_file_action)
        file_menu.addSeparator()
        file_menu.addAction(self._action("&Settings…", self.edit_settings))
        file_menu.addSeparator()
        # Ctrl+Q spelled out: Windows has no standard Quit shortcut.
        file_menu.addAction(self._action("&Quit", self.close, "Ctrl+Q", needs_records=False))

        tools = bar.addMenu("&Tools")
        tools.addAction(self._action("Word &templates…", self.open_templates))
        tools.addAction(self._action("Export the &calendar (.ics)…", self.export_calendar))
        tools.addAction(self._action("Public records and &reports…", self.open_records_desk))
        tools.addAction(self._action("Load MassGIS &parcels…", self.load_parcels))
        tools.addAction(self._action("Repair audit &guards…", self.repair_guards))

        records = bar.addMenu("&Records")
        self.find_action = self._action("&Find a filing", self.find_filing,
                                        QKeySequence.StandardKey.Find)
        records.addAction(self.find_action)
        records.addAction(self._action("&Reload", self.reload, QKeySequence.StandardKey.Refresh))
        records.addAction(self._action("Expiry &watch…", self.open_expiry_watch))

        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self._action("&User guide", lambda: help_actions.user_guide(self),
                                         QKeySequence.StandardKey.HelpContents,
                                         needs_records=False))
        help_menu.addAction(self._action("&About ConCom Desk",
                                         lambda: help_actions.about(self),
                                         needs_records=False))

    def _set_ready(self, ready: bool) -> None:
        """While no database is open (opening, restoring) nothing can touch the records."""
        self.tabs.setEnabled(ready)
        for action in self._record_actions:
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
        db, today = self.db, self.today
        self._records_seen = db.changes
        self.other_desks.reading()

        def load(progress: Progress) -> DeskRecords:
            from concom_desk.services.filings.desk_records import load_records

            progress.report(5, "Reading the filings and working out their deadlines…")
            return load_records(db, today)

        def loaded(records: DeskRecords) -> None:
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
            set_aside_long_lived()  # the rows shown stay until the next read
            self.records_loaded.emit()
            if on_done:
                on_done()

        first = not self._loaded_once
        self._loaded_once = True
        if not first:
            self.statusBar().showMessage("Updating the lists…")
        run_in_background(self, "Opening the records", paused_while_reading(load), loaded,
                          self.show_problem,
                          lambda: self.statusBar().showMessage("Loading cancelled."),
                          quiet=not first)

    def forget_lists_read(self) -> None:
        """Today and Filings are read again when next shown (another desk saved)."""
        self._records_seen = -1

    def replace_placeholder(self, name: str, widget: QWidget) -> None:
        """Put a section's real tab ("Hearing calendar", "Enforcement") in place of what
        stands there, keeping its position, title and keyboard accelerator."""
        old = self.section(name)
        index = self.tabs.indexOf(old)
        title = self.tabs.tabText(index)
        self._swapping_tabs = True
        try:
            self.tabs.removeTab(index)
            self.tabs.insertTab(index, widget, title)
        finally:
            self._swapping_tabs = False
        old.deleteLater()
        if name == "Hearing calendar":
            self.calendar_tab = widget
        else:
            self.enforcement_tab = widget

    def section(self, name: str) -> QWidget:
        return {"Hearing calendar": self.calendar_tab, "Enforcement": self.enforcement_tab}[name]

    def show_section(self, name: str) -> QWidget:
        """Bring a section to the front, building it on first sight; returns it."""
        self.tabs.setCurrentWidget(self.section(name))
        self._build_section_if_needed()
        return self.section(name)

    def _build_section_if_needed(self) -> None:
        stand_in = self.tabs.currentWidget()
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
            self.open_filing(record_id)
        elif kind == "enforcement_case":
            self.show_section("Enforcement").select_case(record_id)  # type: ignore[attr-defined]
        elif kind == "meeting":
            self.show_section("Hearing calendar")

    def show_problem(self, message: str) -> None:
        QMessageBox.warning(self, "ConCom Desk", message)

    # -- actions --------------------------------------------------------------
    def find_filing(self) -> None:
        self.tabs.setCurrentWidget(self.filings_tab)
        self.filings_tab.focus_search()

    def new_filing(self) -> FilingFormDialog:
        return self._open_form(FilingForm(kind="noi", received=self.today))

    def edit_filing(self, filing_id: int) -> FilingFormDialog:
        from concom_desk.services.filings.filing_record import filing_detail

        detail = filing_detail(self.db, filing_id, self.today)
        return self._open_form(detail.form)

    def _open_form(self, form: FilingForm) -> FilingFormDialog:
        from concom_desk.services.filings.editing import (
            party_choices,
            property_choices,
            save_filing,
        )
        from concom_desk.ui.filings.filing_form import FilingFormDialog

        dialog = FilingFormDialog(
            form, lambda f: save_filing(self.db, f), self.today,
            party_choices(self.db), property_choices(self.db),
            self, reload=self._filing_reader(form.id))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.saved.connect(self._saved)
        dialog.open()
        return dialog

    def _filing_reader(self, filing_id: int | None) -> Callable[[], FilingForm] | None:
        """How an edit form reads its filing again (saved at another desk meanwhile)."""
        from concom_desk.services.filings.filing_record import filing_detail

        if filing_id is None:
            return None
        return lambda: filing_detail(self.db, filing_id, self.today).form

    def _saved(self, filing_id: int) -> None:
        record = self._records.get(filing_id)
        if record is not None:
            record.reload()
        self.reload()

    def open_filing(self, filing_id: int) -> FilingRecordDialog:
        from concom_desk.services.filings import status_corrections as corrections

        record = self._records.get(filing_id)
        if record is None:
            from concom_desk.services.filings.editing import change_status
            from concom_desk.services.filings.filing_record import filing_detail
            from concom_desk.ui.filings.filing_record import FilingRecordDialog

            record = FilingRecordDialog(
                lambda: filing_detail(self.db, filing_id, self.today),
                lambda status, on: change_status(self.db, filing_id, status, on),
                self.today, self,
                undo=lambda: corrections.undo_last_change(self.db, filing_id),
                correct=lambda status, why: corrections.correct_status(self.db, filing_id,
                                                                       status, why),
                void=lambda why: corrections.void_filing_entered_in_error(self.db, filing_id,
                                                                          why))
            record.changed.connect(lambda _id: self.reload())
            record.edit_requested.connect(self.edit_filing)
            record.finished.connect(lambda _result: self._records.pop(filing_id, None))
            # Wide enough for the deadlines' What and Citation columns at any scaling.
            remember(record, "filing-record", sensible_size(record, 0.9, 0.85))
            self._add_record_tools(record, filing_id)
            self._records[filing_id] = record
        record.show()
        record.raise_()
        record.activateWindow()
        return record

    def _add_record_tools(self, record: FilingRecordDialog, filing_id: int) -> None:
        """What a filing's record offers beyond its own facts: its documents made from
        the templates, and its abutters (list, mailing, green cards)."""
        from PySide6.QtWidgets import QPushButton

        from concom_desk.ui.abutters.abutter_panel import AbutterPanel
        from concom_desk.ui.filings.dep_copies_panel import add_dep_copies_tab

        assert record.detail is not None
        row = record.detail.row
        make = QPushButton("Make a &document…")
        make.setAccessibleName("Make a document from a template")
        make.setAutoDefault(False)
        make.clicked.connect(lambda: self.make_document(record))
        record.actions_row.addWidget(make)
        from concom_desk.services.filings.permit_life import mark_not_covered
        from concom_desk.ui.filings.acts_coverage import add_acts_button

        add_acts_button(record, lambda why: mark_not_covered(self.db, filing_id, why))
        from concom_desk.services.filings.decision_waiver import record_decision_waiver
        from concom_desk.ui.filings.decision_waiver_dialog import add_decision_waiver_button

        add_decision_waiver_button(record, self.today, lambda on, by, until:
                                   record_decision_waiver(self.db, filing_id, on, by, until))
        add_dep_copies_tab(self.db, record, filing_id, self.today, self.reload)
        if row.kind in ABUTTER_KINDS:
            panel = AbutterPanel(self.db, filing_id)
            panel.changed.connect(record.reload)
            record.panels.addTab(panel, "&Abutters")

    def open_expiry_watch(self) -> QWidget:
        from concom_desk.ui.filings.expiry_watch import open_watch

        return open_watch(self)

    def load_parcels(self) -> None:
        from concom_desk.ui.abutters.parcel_loading import load_parcels_from_window

        load_parcels_from_window(self)

    def make_document(self, record: FilingRecordDialog) -> QWidget:
        from concom_desk.ui.filings.document_maker import DocumentMakerDialog

        assert record.detail is not None
        row = record.detail.row
        dialog = DocumentMakerDialog(self.db, row.file_no, row.kind, self.today, record)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.made.connect(lambda _path: record.reload())
        made = getattr(record, "document_maker_made", None)  # the MassDEP copies tab's
        if made is not None:
            dialog.made.connect(lambda _path: made())
        dialog.open()
        return dialog

    def open_templates(self) -> QWidget:
        from concom_desk.ui.templates_dialog import TemplatesDialog

        dialog = TemplatesDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def open_records_desk(self) -> QWidget:
        from concom_desk.ui.calendar.records_desk import RecordsDesk

        dialog = RecordsDesk(self.db, self.today, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog
    def repair_guards(self) -> None:
        from concom_desk.ui import records_guard
        from concom_desk.ui.server.desk_actions import refuse_on_server

        if refuse_on_server(self, "Repairing the audit guards"):
            return

        box = QMessageBox(QMessageBox.Icon.Question, "Repair the audit guards",
                          "Put the audit trail's own triggers back? Use this only when no "
                          "good backup can be restored. What was wrong, and every change "
                          "made without a trace, is written into the trail with your "
                          "initials.", QMessageBox.StandardButton.NoButton, self)
        box.setObjectName("repair-guards")
        repair = box.addButton("Re&pair", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        repair.clicked.connect(lambda: records_guard.repair_guards(self))
        box.open()

    def export_calendar(self) -> None:
        self.show_section("Hearing calendar").export_ical()  # type: ignore[attr-defined]

    def edit_settings(self) -> None:
        from concom_desk.ui.setup.settings_dialog import SettingsDialog

        def save(settings: CommissionSettings) -> None:
            commission_service.save_settings(self.db, settings)
            self.settings = settings
            self._update_title()

        dialog = SettingsDialog(self.settings, save, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(self.reload)
        dialog.open()

    # -- the database under the window (restore swaps it) ---------------------
    def close_database(self) -> None:
        for record in list(self._records.values()):
            record.close()
        if self.db is not None:
            self.db.close()
        self._set_ready(False)

    def reopen_database(self) -> None:
        from concom_desk.services.records.safekeeping import open_records

        try:
            self.use_database(open_records(self.db_path))
        except Exception as exc:  # the file is still there: say so rather than crash
            self.show_problem(f"The database could not be opened again: {exc}")

    def use_database(self, db: Any) -> None:
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
        for record in list(self._records.values()):
            record.close()
        if self.db is not None:
            self.db.close()  # releases the lock, so the next program can open it
            from concom_desk.services.records.backups import back_up_quietly

            # The closing backup (only when the records changed since the last one, and
            # never of a file opened without writing: damaged or tampered).
            if self.db.writable and not getattr(self.db, "is_server", False):
                self.statusBar().showMessage("Making the closing backup…")
                back_up_quietly(self.db_path)
        super().closeEvent(event)
