"""Screenshots of each tab and dialog, for docs/window.md.

    xvfb-run -a -s "-screen 0 1400x900x24" python tools/screenshots.py [--scale 1.5]

Builds the small demo town in a temporary folder (never your own data), opens the
window as a clerk would see it, and saves PNGs in docs/screenshots/.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
OUT = ROOT / "docs" / "screenshots"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", default="1", help="QT_SCALE_FACTOR, e.g. 1.5")
    args = parser.parse_args()
    os.environ["QT_SCALE_FACTOR"] = args.scale
    folder = Path(tempfile.mkdtemp(prefix="concom-shots-"))
    os.environ["CONCOM_DESK_DATA"] = str(folder)

    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication, QWidget

    from concom_desk.services.commission.settings import load_settings
    from concom_desk.services.demo.town import load_demo
    from concom_desk.services.filings.filing_record import filing_detail
    from concom_desk.store import open_database
    from concom_desk.ui.main_window import MainWindow
    from concom_desk.ui.setup.setup_wizard import SetupWizard

    app = QApplication(sys.argv)
    app.setApplicationName("ConCom Desk")
    suffix = "" if args.scale == "1" else f"-{args.scale.replace('.', '_')}x"
    OUT.mkdir(parents=True, exist_ok=True)

    def settle(ms: int = 300) -> None:
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    def shoot(widget: QWidget, name: str) -> None:
        settle()
        path = OUT / f"{name}{suffix}.png"
        widget.grab().save(str(path))
        print(path.relative_to(ROOT))

    wizard = SetupWizard()
    wizard.show()
    shoot(wizard, "setup-wizard")
    wizard.next()
    shoot(wizard, "setup-commission")
    wizard.close()

    db_path = folder / "demo.sqlite"
    load_demo(db_path, size="small")
    db = open_database(db_path)
    settings = load_settings(db)
    assert settings is not None, "the demo town has no commission settings"
    window = MainWindow(db, db_path, settings, date.today())
    window.resize(1380, 860)
    window.show()
    loop = QEventLoop()
    window.lists_loaded.connect(loop.quit)
    window.reload()
    loop.exec()
    for index, name in enumerate(("today", "filings", "calendar", "enforcement")):
        window.tabs.setCurrentIndex(index)
        shoot(window, f"tab-{name}")

    tab = window.filings_tab
    window.tabs.setCurrentWidget(tab)
    tab.search.setText("pond")
    tab.apply_search_now()
    shoot(window, "filings-search")

    # A filing whose clocks are still running, for the record and a refused status change.
    today = date.today()
    rows = sorted(tab.model.rows(), key=lambda r: (
        r.status != "received", r.kind != "noi",
        r.next_deadline is None or r.next_deadline < today, -(r.received or today).toordinal()))
    record = window.open_filing(rows[0].id)
    record.resize(1200, 640)
    shoot(record, "record-deadlines")
    record.new_status.setCurrentIndex(record.new_status.findData("issued"))
    record.change_button.click()
    shoot(record, "record-refused-status")
    record.panels.setCurrentIndex(1)
    shoot(record, "record-history")
    record.panels.setCurrentIndex(record.panels.count() - 1)
    shoot(record, "record-abutters")
    maker = window.make_document(record)
    maker.resize(760, 420)
    shoot(maker, "make-document")
    maker.close()
    record.close()

    form = window.new_filing()
    shoot(form, "new-filing")
    form.close()
    # The whole record of a filing that has a representative: its Parties tab.
    represented = next(r.id for r in rows if r.kind == "noi"
                       and filing_detail(db, r.id, today).form.representative)
    form = window.edit_filing(represented)
    form.tabs.setCurrentIndex(1)
    shoot(form, "filing-form")
    form.close()
    window.close()
    db.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
