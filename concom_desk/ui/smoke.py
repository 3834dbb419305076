"""The window part of the smoke test: Qt, its platform plugin, the main window
with its records loaded, and both sections built on the smoke database."""

from __future__ import annotations

import os
from pathlib import Path


def build_main_window_offscreen(db_path: Path) -> str:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from concom_desk.services.commission.settings import CommissionSettings
    from concom_desk.store import open_database
    from concom_desk.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    db = open_database(db_path, initials="ST")
    window = MainWindow(db, db_path, CommissionSettings(name="Smoke Test Commission"))
    window.show()
    loop = QEventLoop()
    window.lists_loaded.connect(loop.quit)
    # An owned timer, stopped when the wait is over: a bare singleShot would still fire a
    # minute later in whatever runs next in this process (a test's own wait, say).
    limit = QTimer(singleShot=True, interval=60_000)
    limit.timeout.connect(loop.quit)
    limit.start()
    window.reload()
    loop.exec()
    limit.stop()
    shown = window.filings_tab.count_label.text()
    sections = [type(window.show_section(name)).__name__
                for name in ("Hearing calendar", "Enforcement")]
    app.processEvents()
    window.close()
    return (f"main window on the {app.platformName()} platform: {shown}; "
            f"sections {', '.join(sections)}")


FIRST_RUN_COMMISSION = "Smoke Test Conservation Commission"


def first_run_offscreen(db_path: Path, limit_ms: int = 60_000) -> str:
    """The first run as a clerk has it, on the program's own event loop (`run_app`):
    the wizard on an empty folder, filled in, Finish, and the main window comes up
    with the commission saved. The program must still be running when it does:
    an early end (Finish once closed the program) fails here, in the build."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QWizard

    from concom_desk.services.commission.settings import load_settings
    from concom_desk.ui.app import Launcher, run_app

    seen: dict[str, str] = {}
    timer = QTimer()
    # Owned and stopped when the program has ended: a bare singleShot calling
    # QApplication.exit would end every event loop running a minute later in this process.
    limit = QTimer(singleShot=True, interval=limit_ms)
    limit.timeout.connect(lambda: QApplication.exit(3))

    def drive(launcher: Launcher) -> None:
        wizard, window = launcher.wizard, launcher.window
        if "finished" not in seen and wizard is not None and wizard.isVisible():
            wizard.next()
            form = wizard.commission.form
            form.name.setText(FIRST_RUN_COMMISSION)
            form.address.setPlainText("Town Hall\n1 Main Street")
            form.clerk_initials.setText("ST")
            form.newspaper.setText("The Smoke Test Crier")
            seen["finished"] = "yes"
            wizard.button(QWizard.WizardButton.FinishButton).click()
        elif window is not None and window.isVisible() and window.tabs.isEnabled() \
                and window.statusBar().currentMessage().startswith("0 filings"):
            settings = load_settings(window.db)
            seen["title"] = window.windowTitle()
            seen["newspaper"] = settings.newspaper if settings else ""
            timer.stop()
            window.close()  # the last window: the program ends as a clerk's would

    def watch(launcher: Launcher) -> None:
        timer.timeout.connect(lambda: drive(launcher))
        timer.start(20)
        limit.start()

    status = run_app(db_path, demo_if_missing=False, watch=watch)
    limit.stop()
    timer.stop()
    if "title" not in seen:
        raise RuntimeError(f"the program ended (status {status}) before the main window "
                           f"showed the commission ({'after' if seen else 'before'} Finish)")
    if seen["title"] != f"ConCom Desk — {FIRST_RUN_COMMISSION}" \
            or seen["newspaper"] != "The Smoke Test Crier":
        raise RuntimeError(f"after Finish the window showed {seen['title']!r} and the "
                           f"newspaper saved was {seen['newspaper']!r}")
    return f"first-run wizard finished into the main window: {seen['title']}"
