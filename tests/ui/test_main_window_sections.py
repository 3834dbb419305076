"""What the main window ties together: an enforcement deadline on the Today view
opening its case, a filing's documents made from its record, its abutters tab,
the Tools menu, and the closing backup. TODAY is Mon 2026-11-16 (tests/ui/conftest)."""

from __future__ import annotations

from datetime import date

from docx import Document
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from concom_desk.paths import backups_dir
from concom_desk.services.enforcement.actions import OrderDraft, issue_order
from concom_desk.services.enforcement.cases import ComplaintDraft, open_case
from concom_desk.store import Database
from concom_desk.ui.enforcement.enforcement_tab import EnforcementTab
from tests.helpers.loading import loaded
from tests.ui.test_main_window import filing_id, open_window


def test_an_order_s_restoration_deadline_is_on_today_and_opens_its_case(
    qtbot, town_db: Database
) -> None:
    case_id = open_case(town_db, ComplaintDraft(
        reported_on=date(2026, 11, 12), address="5 Marsh Lane",
        description="Fill placed in a bordering vegetated wetland", complainant="anonymous"))
    # Restore by Fri 2026-11-20: four days after TODAY, inside the week shown.
    issue_order(town_db, case_id, OrderDraft(
        issued_on=date(2026, 11, 13), signed_by=["Ann Chase", "Ben Ortiz"],
        restore_by=date(2026, 11, 20)))
    window = open_window(qtbot, town_db)

    rows = window.today_view.shown_items()
    restoration = [r for r in rows if r.record == "enforcement_case"]
    assert [(r.due, r.filing_id) for r in restoration] == [(date(2026, 11, 20), case_id)]
    assert "Restoration due" in restoration[0].what
    assert "5 Marsh Lane" in restoration[0].what
    assert restoration[0].address == "5 Marsh Lane"

    table = window.today_view.table
    row = next(i for i, item in enumerate(window.today_view.model.rows())
               if item.record == "enforcement_case")
    table.setCurrentIndex(window.today_view.model.index(row, 0))
    qtbot.keyClick(table, Qt.Key.Key_Return)
    assert isinstance(window.tabs.currentWidget(), EnforcementTab)
    loaded(qtbot, window.enforcement_tab)  # the case is chosen once the list is read
    assert window.enforcement_tab.current_case_id() == case_id  # type: ignore[attr-defined]


def test_an_emergency_order_awaiting_ratification_cites_the_state_rule(
    qtbot, town_db: Database
) -> None:
    # The Today row cited "Sandwich Bylaw §7.55" to every commission, whatever its town.
    from datetime import datetime

    from concom_desk.services.calendar.meetings import add_meeting

    add_meeting(town_db, datetime(2026, 11, 18, 19, 0), "Town Hall", kind="regular")
    case_id = open_case(town_db, ComplaintDraft(
        reported_on=date(2026, 11, 13), address="5 Marsh Lane",
        description="Fill placed in a bordering vegetated wetland", complainant="anonymous"))
    issue_order(town_db, case_id, OrderDraft(
        issued_on=date(2026, 11, 13), signed_by=["Ann Chase"], emergency=True))
    window = open_window(qtbot, town_db)
    ratify = [r for r in window.today_view.shown_items()
              if r.record == "enforcement_case" and r.what.startswith("Ratify")]
    assert [(r.due, r.citation) for r in ratify] == [(
        date(2026, 11, 18),
        "310 CMR 10.08(2): an emergency order signed by one member or the agent is ratified "
        "by a majority at the next scheduled meeting")]


def test_a_permit_is_made_from_the_record_and_listed_in_its_documents(
    qtbot, town_db: Database
) -> None:
    window = open_window(qtbot, town_db)
    record = window.open_filing(filing_id(window, "2026-41"))
    before = record.documents.rowCount()
    dialog = window.make_document(record)
    # A joint NOI still being heard is offered the notice to the boards first, then
    # MassDEP's Form 5, then the bylaw's permit.
    offered = [dialog.template.itemData(i) for i in range(dialog.template.count())]
    assert offered[:4] == ["board-notice", "waiver-21-day", "form-5-order-of-conditions",
                           "permit"]
    dialog.template.setCurrentIndex(dialog.template.findData("permit"))
    dialog.special.setPlainText("Erosion controls inspected after every storm.")
    with qtbot.waitSignal(dialog.made, timeout=20_000):
        dialog.make()

    path = dialog.document_path
    assert path is not None and path.suffix == ".docx"
    text = "\n".join(p.text for p in Document(str(path)).paragraphs)
    tables = "\n".join(c.text for t in Document(str(path)).tables
                       for r in t.rows for c in r.cells)
    assert "2026-41" in text + tables
    assert "Erosion controls inspected after every storm." in text + tables
    assert "{{" not in text + tables
    qtbot.waitUntil(lambda: record.documents.rowCount() == before + 1)
    assert dialog.after_buttons["Open"].isEnabled()


def test_an_noi_record_has_its_abutters(qtbot, town_db: Database) -> None:
    window = open_window(qtbot, town_db)
    record = window.open_filing(filing_id(window, "2026-41"))
    titles = [record.panels.tabText(i).replace("&", "") for i in range(record.panels.count())]
    assert titles[-1] == "Abutters"


def test_tools_menu_opens_the_word_templates(qtbot, town_db: Database) -> None:
    window = open_window(qtbot, town_db)
    tools = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Tools")
    names = [a.text().replace("&", "") for a in tools.actions()]
    assert names == ["Word templates…", "Export the calendar (.ics)…",
                     "Public records and reports…", "Conservation land…",
                     "Treasurer's turnover report…", "Load MassGIS parcels…",
                     "Repair audit guards…"]
    from concom_desk.ui.templates_dialog import TemplatesDialog

    next(a for a in tools.actions() if a.text() == "Word &templates…").trigger()
    qtbot.waitUntil(lambda: any(isinstance(w, TemplatesDialog) and w.isVisible()
                                for w in QApplication.topLevelWidgets()))


def test_closing_the_window_makes_the_closing_backup(qtbot, town_db: Database) -> None:
    window = open_window(qtbot, town_db)
    folder = backups_dir(town_db.path)
    assert not list(folder.glob("*-auto-*.zip"))
    window.close()
    made = list(folder.glob("*-auto-*.zip"))
    assert len(made) == 1
