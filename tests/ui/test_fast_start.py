"""The window appears before the database is opened: showing it must not import
SQLAlchemy (its import takes longer than the window takes to paint; the launcher
opens the records behind the painted window). A fresh interpreter, so that what
other tests imported does not count."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject

from tests.ui.conftest import add_filing

SHOW_THE_WINDOW = """
import sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
from concom_desk.services.commission.settings import CommissionSettings
from concom_desk.ui.main_window import MainWindow
app = QApplication(sys.argv[:1])
window = MainWindow(None, Path("commission.sqlite"), CommissionSettings(name="Upton"))
window.show()
app.processEvents()
print(window.today_view.heading.text())
print(sorted(m for m in sys.modules if m.split(".")[0] == "sqlalchemy")[:3])
"""


def test_the_window_shows_without_importing_sqlalchemy(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CONCOM_DESK_DATA": str(tmp_path),
           "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", SHOW_THE_WINDOW], env=env, cwd=root,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    heading, imported = done.stdout.splitlines()[-2:]
    assert heading == "Opening commission.sqlite…"
    assert imported == "[]"


# The real command, stopped when its window has painted for the first time: what it
# imported by then. The records' opening starts only after that paint (after_first_paint),
# so the callback sees exactly what the first paint waited for.
PAINT_THE_WINDOW = """
import sys
from PySide6.QtWidgets import QApplication
from concom_desk.cli import main
from concom_desk.ui import app

def stop_at_first_paint(window, then):
    def stop():
        import PySide6.QtCore
        qt_namespace = "Qt" in vars(PySide6.QtCore)  # made at the first look (first_paint.py)
        modules = " ".join(sorted(sys.modules))  # before Today is built, below
        print(window.today_view.heading.text())
        print(modules)
        print(qt_namespace)
        QApplication.quit()
    real_after_first_paint(window, stop)

real_after_first_paint = app.after_first_paint
app.after_first_paint = stop_at_first_paint
sys.exit(main(["--db", sys.argv[1]]))
"""

# What the first paint must not wait for: each is imported behind the window (the
# records' opening, ui/warm_up.py) or when the clerk first asks for it.
NOT_BEFORE_THE_PAINT = (
    "sqlalchemy", "alembic", "docx", "docxtpl", "openpyxl", "holidays", "dateutil",
    "PySide6.QtPrintSupport",
    "concom_desk.domain.deadline_engine",  # the rows' deadlines are worked out behind
    "concom_desk.store.database",
    "concom_desk.services.documents",
    "concom_desk.ui.filings.filing_record", "concom_desk.ui.filings.filing_form",
    "concom_desk.ui.setup.setup_wizard", "concom_desk.ui.file_actions",
    "concom_desk.ui.server.desk_actions", "concom_desk.ui.help_actions",
    "concom_desk.ui.calendar", "concom_desk.ui.enforcement",
    # Built just after it: Today and Filings; the crash dialog waits for a crash,
    # the Tools menu's dialogs for the menu (tests/test_log_file.py: the log's rotation).
    "concom_desk.ui.today_view", "concom_desk.ui.row_table",
    "concom_desk.ui.filings.filings_tab", "concom_desk.ui.crash_dialog",
    "concom_desk.ui.tools_actions", "concom_desk.services.filings.form",
)


def test_the_command_paints_its_window_before_the_heavy_modules(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    db_path = tmp_path / "commission.sqlite"
    db_path.touch()  # opened only after the paint, which is where the child stops
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CONCOM_DESK_DATA": str(tmp_path),
           "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", PAINT_THE_WINDOW, str(db_path)], env=env,
                          cwd=root, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    heading, imported, qt_namespace = done.stdout.splitlines()[-3:]
    assert heading == "Opening commission.sqlite…"
    assert qt_namespace == "False"  # the first frame made none of PySide6's Qt enums
    modules = imported.split()
    assert "concom_desk.ui.main_window" in modules  # the window did paint
    early = [m for m in modules for heavy in NOT_BEFORE_THE_PAINT
             if m == heavy or m.startswith(heavy + ".")]
    assert early == []
    assert [m for m in modules if m.endswith("_cmd")] == ["concom_desk.cli.window_cmd"]


# A module imported after the binding: does PySide6 read its source (inspect.getsource)?
SOURCE_READS = """
import inspect, sys
from concom_desk.ui.qt_start import import_qt
if sys.argv[1] == "quick":
    import_qt()
else:
    import PySide6.QtWidgets
reads = []
real = inspect.getsource
inspect.getsource = lambda obj: reads.append(obj.__name__) or real(obj)
import colorsys, wave  # two modules nothing had imported yet
print(len([name for name in reads if name in ("colorsys", "wave")]))
"""


@pytest.mark.parametrize(("start", "reads"), [("quick", "0"), ("plain", "2")])
def test_the_binding_reads_no_module_source_once_started_quickly(
        tmp_path: Path, start: str, reads: str) -> None:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", SOURCE_READS, start], env=env, cwd=root,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [reads]


def test_work_waits_for_the_first_paint_and_runs_once(qtbot) -> None:
    from PySide6.QtWidgets import QLabel

    from concom_desk.ui.app import after_first_paint

    label = QLabel("ConCom Desk")
    qtbot.addWidget(label)
    painted: list[bool] = []
    calls: list[bool] = []

    class Watch(QObject):
        def eventFilter(self, watched, event):  # noqa: N802 (Qt's name)
            if event.type() == QEvent.Type.Paint:
                painted.append(True)
            return False

    watch = Watch()
    label.installEventFilter(watch)
    after_first_paint(label, lambda: calls.append(bool(painted)))
    assert calls == []  # not before the window is even shown
    label.show()
    qtbot.waitUntil(lambda: calls == [True])
    label.update()
    qtbot.waitUntil(lambda: len(painted) > 1)
    label.hide()
    label.show()
    qtbot.wait_exposed(label)
    assert calls == [True]  # once, however often it paints again


def test_work_does_not_wait_for_a_window_never_painted(qtbot) -> None:
    from PySide6.QtWidgets import QLabel

    from concom_desk.ui.app import after_first_paint

    label = QLabel("never shown")
    qtbot.addWidget(label)
    calls: list[str] = []
    after_first_paint(label, lambda: calls.append("opened"))
    qtbot.waitUntil(lambda: calls == ["opened"])
    assert not label.isVisible()


def test_the_bench_s_command_tells_the_paint_then_the_records(tmp_path: Path, db) -> None:
    add_filing(db, kind="noi", file_no="2026-41", address="12 Pond Road")
    db_path = db.path
    db.close()  # the command takes the lock itself
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CONCOM_DESK_DATA": str(tmp_path),
           "PYTHONPATH": str(root), "CONCOM_DESK_EXIT_AFTER_PAINT": "records"}
    done = subprocess.run([sys.executable, "-m", "concom_desk", "--db", str(db_path)],
                          env=env, cwd=root, capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert [line.split()[0] for line in done.stdout.splitlines()] == ["painted", "cpu", "tabs",
                                                                      "records"]


OPEN_THE_RECORDS = """
import sys
from pathlib import Path
from concom_desk.ui.app import open_database_work

class Progress:
    def report(self, _percent, _text):
        pass

db = open_database_work(Path(sys.argv[1]), back_up=False)(Progress())
print("concom_desk.store.models" in sys.modules)
db.close()
"""


def test_the_records_classes_are_made_behind_the_window(tmp_path: Path) -> None:
    """SQLAlchemy's declarations of the records (0.2 s) were made on the window's thread,
    as the window read the commission's settings once the file was open: the window
    stopped answering for that long as the records appeared (bench/freeze.py). They are
    made by the opening's work, behind the window."""
    from concom_desk.store import open_database

    town = tmp_path / "town.sqlite"
    open_database(town).close()
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CONCOM_DESK_DATA": str(tmp_path),
           "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", OPEN_THE_RECORDS, str(town)], env=env,
                          cwd=root, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True"]


OPEN_A_RECORD_AFTER_THE_WARM_UP = """
import importlib, sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
from concom_desk.store import open_database
from concom_desk.services.commission.settings import load_settings, save_settings
from concom_desk.services.filings.filing_record import filing_detail
from concom_desk.ui.main_window import MainWindow
from concom_desk.ui.warm_up import SECTION_MODULES
from tests.ui.conftest import SETTINGS, TODAY, add_filing

app = QApplication(sys.argv[:1])
db = open_database(Path(sys.argv[1]), initials="JB")
save_settings(db, SETTINGS, today=TODAY)
filing_id = add_filing(db, kind="noi", file_no="2026-014", received=TODAY, address="12 Pond Road")
window = MainWindow(db, db.path, load_settings(db), TODAY)
for name in SECTION_MODULES:  # what the warm-up imports behind the open window
    importlib.import_module(name)
before = set(sys.modules)
record = window.filing_windows.record(filing_id, filing_detail(db, filing_id, TODAY))
print(sorted(m for m in set(sys.modules) - before if m.startswith("concom_desk")))
"""


def test_a_record_opened_after_the_warm_up_imports_nothing_more(tmp_path: Path) -> None:
    """The first record opened imported its Payments and Inspections panels on the
    window's thread (the first record's freeze: bench/freeze.py, "record 1 open"); the
    warm-up imports them behind the open window with the rest of the record's tools."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CONCOM_DESK_DATA": str(tmp_path),
           "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", OPEN_A_RECORD_AFTER_THE_WARM_UP,
                           str(tmp_path / "town.sqlite")], env=env, cwd=root,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]"
