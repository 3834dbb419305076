"""Start the Qt application: open (or create) the database off the GUI thread,
run the first-run wizard when there is nothing yet, then show the main window."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QThreadPool, QTimer
from PySide6.QtWidgets import QApplication

from concom_desk.errors import UserError
from concom_desk.log_file import start_log_file, stop_log_file
from concom_desk.services.commission import settings as commission_service
from concom_desk.services.commission.settings import CommissionSettings
from concom_desk.ui.background import Progress, run_in_background
from concom_desk.ui.crash_handlers import CrashHandlers, force_fault_if_asked
from concom_desk.ui.first_paint import after_first_paint
from concom_desk.ui.main_window import MainWindow
from concom_desk.ui.screen_fit import keep_windows_on_screen

if TYPE_CHECKING:  # the wizard is imported only when there is nothing to open yet
    from concom_desk.services.database import Database
    from concom_desk.ui.setup.setup_wizard import SetupWizard

log = logging.getLogger(__name__)

# The demo a newcomer explores: twenty years of a made-up town ("large" is for benchmarks).
DEMO_SIZE = "small"


def open_database_work(db_path: Path, warnings: list[str] | None = None, *,
                       back_up: bool = True) -> Any:
    def work(progress: Progress) -> Any:
        from concom_desk.services.safekeeping.safekeeping import open_and_back_up

        progress.report(10, f"Opening {db_path.name} (checking it and bringing it up to date)…")
        opened = open_and_back_up(db_path, None if warnings is None else warnings.append,
                                  back_up=back_up)
        # The commission's settings read here first: it makes the records' classes
        # (SQLAlchemy's declarations, 0.2 s), which the window made as it read them once
        # the file was open, and stopped answering for that long (bench/freeze.py, "start").
        commission_service.load_settings(opened)
        return opened
    return work


def make_demo_work(db_path: Path) -> Any:
    def work(progress: Progress) -> Any:
        from concom_desk.services.demo.town import load_demo

        progress.report(5, "Building the demo town (a made-up commission and its records)…")
        return load_demo(db_path, size=DEMO_SIZE)
    return work


class Launcher(QObject):
    """Walks from "no window" to "main window showing", each slow step in the background."""

    def __init__(self, db_path: Path, demo_if_missing: bool, today: date | None = None,
                 server: Any = None) -> None:
        super().__init__()
        self.db_path = db_path
        # The town-hall server this desk opens (--db postgresql://…, or remembered from
        # File → Connect to server…); None: the file at db_path.
        self.server = server
        self.demo_if_missing = demo_if_missing
        self.today = today
        self.window: MainWindow | None = None
        self.wizard: SetupWizard | None = None
        self.db: Database | None = None
        self.backup_warnings: list[str] = []  # filled on the worker, read after it is done
        self.opening_backup: Any = None  # the opening backup's task, behind the window
        self.warming_up: Any = None  # the sections' imports, behind the window

    def start(self) -> None:
        if self.server is not None:
            from concom_desk.ui.server.server_start import ServerStart

            self.server_start = ServerStart(self, self.server)
            self.server_start.begin()
        elif self.db_path.exists():
            self._open()
        elif self.demo_if_missing:
            self._make_demo()
        else:
            self._run_wizard()

    def _fail(self, message: str) -> None:
        if self.wizard is not None and self.window is None:
            # Nothing typed is lost: the wizard is still there, with the reason.
            self.wizard.show_failure(message)
            return
        from PySide6.QtWidgets import QMessageBox  # not before the first paint: 4 ms

        QMessageBox.critical(None, "ConCom Desk", message)
        QApplication.exit(2)

    def _run_wizard(self, demo_offered: bool = True) -> None:
        # Until the main window is up, no window closing ends the program by itself
        # (the wizard goes before the window comes); Cancel ends it on purpose.
        QApplication.setQuitOnLastWindowClosed(False)
        from concom_desk.ui.setup.setup_wizard import SetupWizard

        self.wizard = SetupWizard(offer_demo=demo_offered)
        if demo_offered:  # the records are yet to be made: say when the place is risky
            from concom_desk.services.safekeeping.safekeeping import (
                local_place_for,
                location_warning_for,
            )

            local = local_place_for(self.db_path)
            self.wizard.warn_about_location(location_warning_for(self.db_path),
                                            str(local) if local else None)
            self.wizard.use_local_folder.connect(
                lambda: setattr(self, "db_path", local))
        self.wizard.finish_requested.connect(self._wizard_done)
        self.wizard.rejected.connect(lambda: QApplication.exit(0))
        self.wizard.show()

    def _wizard_done(self) -> None:
        assert self.wizard is not None
        if self.wizard.wants_demo:
            self._make_demo()
            return
        settings = self.wizard.settings()
        if self.db is not None:
            self._save_first_settings(settings)
            return
        run_in_background(self.wizard, "Creating the database", open_database_work(self.db_path),
                          lambda db: self._created(db, settings), self._fail,
                          self._back_to_wizard)

    def _created(self, db: Database, settings: CommissionSettings) -> None:
        self.db = db
        self._save_first_settings(settings)

    def _save_first_settings(self, settings: CommissionSettings) -> None:
        try:
            commission_service.save_settings(self.db, settings)
        except UserError as exc:
            self._fail(str(exc))
            return
        except Exception as exc:  # shown, and logged when it is a bug
            log.exception("saving the first settings failed")
            self._fail(f"the settings could not be saved ({exc}).")
            return
        self._show_window(settings)

    def _make_demo(self) -> None:
        run_in_background(None, "Building the demo town", make_demo_work(self.db_path),
                          lambda _result: self._open(), self._fail,
                          self._back_to_wizard)

    def _back_to_wizard(self) -> None:
        """Cancel in the progress dialog: back to the wizard, every answer kept."""
        if self.wizard is not None:
            self.wizard.set_busy(False)
        else:
            QApplication.exit(0)

    def _open(self) -> None:
        # The window appears at once; the database (and SQLAlchemy) load behind it, from
        # its first paint on: importing SQLAlchemy holds Python's lock in long stretches,
        # which would hold back the paint the clerk is waiting for.
        window = self.show_empty_window(f"Opening {self.db_path.name}…")
        after_first_paint(window, self._open_behind_the_window)

    def _open_behind_the_window(self) -> None:
        assert self.window is not None
        # The tab behind Today first, while this thread has Python to itself; then the
        # records. The opening backup is made once they show, behind them (_opened).
        self.window.build_tabs()
        run_in_background(self.window, "Opening the records",
                          open_database_work(self.db_path, self.backup_warnings, back_up=False),
                          self._opened, self._fail, lambda: QApplication.exit(0))

    def show_empty_window(self, heading: str) -> MainWindow:
        """The window, up before its records (a new one, or the one already there when
        a server could not be reached and the clerk turned to this computer's file)."""
        if self.window is None:
            self.window = MainWindow(None, self.db_path, CommissionSettings(), self.today)
            if os.environ.get("CONCOM_DESK_EXIT_AFTER_PAINT"):  # a start being timed
                from concom_desk.ui.timed_start import quit_after_first_paint

                quit_after_first_paint(self.window)
            self._window_up()
        self.window.say_opening(heading)
        return self.window

    def opened(self, db: Database) -> None:
        self._opened(db)

    def _opened(self, db: Database) -> None:
        self.db = db
        settings = commission_service.load_settings(db)
        if settings is None:  # a database made by a script, never set up
            self._run_wizard(demo_offered=False)  # shown before the window goes
            if self.window is not None:
                self.window.hide()
                self.window.deleteLater()
                self.window = None
            return
        assert self.window is not None
        self.window.use_database(db)
        from concom_desk.ui.opening_backup import back_up_behind
        from concom_desk.ui.warm_up import warm_up

        # A failed opening backup is told, and the clerk goes on working. (A server's
        # records are kept safe on the server, by whoever runs it.)
        if not getattr(db, "is_server", False):
            self.opening_backup = back_up_behind(self.window, self.db_path,
                                                 self.window.show_problem)
        # The sections' imports, before they are first shown; then the calendar's
        # month counted before its first visit.
        self.warming_up = warm_up(then=lambda: self.window and self.window.head_start())

    def _show_window(self, settings: CommissionSettings) -> None:
        self.db.set_initials(settings.clerk_initials)
        if self.window is None:
            self.window = MainWindow(self.db, self.db_path, settings, self.today)
            self._window_up()
            self.window.reload()
        else:
            self.window.use_database(self.db)

    def _window_up(self) -> None:
        """The main window shows, and only then does the wizard go: there is always
        a window, and from now on closing the last one ends the program."""
        assert self.window is not None
        self.window.show()
        QApplication.setQuitOnLastWindowClosed(True)
        if self.wizard is not None:
            self.wizard.finished_into()
            self.wizard = None


def run_app(db_path: Path, demo_if_missing: bool = False,
            watch: Callable[[Launcher], None] | None = None, server: Any = None) -> int:
    """The program's event loop, until its last window closes. `watch` (the frozen
    build's smoke test) is handed the launcher before it starts, to drive it. With a
    `server` (a ServerAddress) the window opens its records; `db_path` is this
    computer's own file, offered when the server cannot be reached."""
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("ConCom Desk")
    app.setQuitOnLastWindowClosed(True)  # the launcher holds this off while it walks
    # A 1366 x 768 laptop at 150 % has 911 x 512 to show in. Removed when the loop ends:
    # the application object outlives run_app where it is started twice (the tests).
    on_screen = keep_windows_on_screen(app)
    handler = start_log_file()  # bugs go to a log file the clerk can send
    crash_handlers = CrashHandlers()  # ...and are told in a dialog, not swallowed
    launcher = Launcher(db_path, demo_if_missing, server=server)
    if watch is not None:
        watch(launcher)
    QTimer.singleShot(0, launcher.start)
    force_fault_if_asked()
    try:
        status = app.exec()
    finally:
        # Quit while the records were still opening (or a backup running): let that work
        # finish before the interpreter goes, so the file is left whole and unlocked.
        QThreadPool.globalInstance().waitForDone()
        if launcher.db is not None:
            launcher.db.close()
        crash_handlers.remove()
        app.removeEventFilter(on_screen)
        stop_log_file(handler)
    return status
