"""Which laws a filing is under, said on its form (never read from a DEP number): a
Sandwich RDA is under the Act and the bylaw by default, has no DEP number to ask for,
and its record says what it is under; under the Act alone its clocks are the Act's.

Sandwich RDA received Mon 2026-11-16 (the window's day), worked by hand:
- under the Act alone: hold the public meeting within 21 days of receipt, 2026-12-07
  (310 CMR 10.05(3)(b)1);
- under the bylaw: commence the public hearing within 21 days, 2026-12-07 (Sandwich
  § 7.25 Part 3).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from concom_desk.services.commission.settings import save_settings
from concom_desk.store import Database, open_database
from concom_desk.store.models import Filing
from concom_desk.ui.main_window import MainWindow
from tests.ui.conftest import SETTINGS, TODAY

SANDWICH = replace(SETTINGS, town_id="sandwich", name="Sandwich Conservation Commission")


@pytest.fixture
def sandwich(tmp_path: Path) -> Database:
    database = open_database(tmp_path / "commission.sqlite", initials="JB")
    save_settings(database, SANDWICH, today=TODAY)
    yield database
    database.close()


def file_an_rda(qtbot, window: MainWindow, file_no: str, laws: str | None) -> Filing:
    dialog = window.new_filing()
    dialog.kind.setCurrentIndex(dialog.kind.findData("rda"))
    assert dialog.laws.currentData() == "both"  # the default where the town has a bylaw
    assert [dialog.laws.itemText(i) for i in range(dialog.laws.count())] == [
        "The Wetlands Protection Act and the Sandwich bylaw",
        "The Wetlands Protection Act only", "The Sandwich bylaw only"]
    # MassDEP numbers no RDA: the form does not ask for one.
    assert dialog.filing_layout.isRowVisible(dialog.dep_file_no) is False
    if laws is not None:
        dialog.laws.setCurrentIndex(dialog.laws.findData(laws))
    qtbot.keyClicks(dialog.file_no, file_no)
    qtbot.keyClicks(dialog.parties_tab.applicant, "Scorton Shores Realty Trust")
    qtbot.keyClicks(dialog.address, "4 Old County Road")
    dialog.dates["received"].setText("2026-11-16")
    assert dialog.save_button.isEnabled(), dialog.problems.text()
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    with window.db.read_session() as session:
        return session.query(Filing).filter_by(file_no=file_no).one()


@pytest.mark.parametrize(("laws", "stored", "under", "hearing"), [
    (None, "both", "Under the Wetlands Protection Act (MGL c.131 §40) and the Sandwich "
     "wetlands bylaw", ("Commence the public hearing", "Sandwich § 7.25 Part 3")),
    ("act", "act", "Under the Wetlands Protection Act (MGL c.131 §40)",
     ("Hold the public meeting on the request", "310 CMR 10.05(3)(b)1")),
    ("bylaw", "bylaw", "Under the Sandwich wetlands bylaw",
     ("Commence the public hearing", "Sandwich § 7.25 Part 3")),
])
def test_an_rda_is_under_the_laws_its_form_says(qtbot, sandwich: Database, laws: str | None,
                                               stored: str, under: str,
                                               hearing: tuple[str, str]) -> None:
    window = MainWindow(sandwich, sandwich.path, SANDWICH, TODAY)
    qtbot.addWidget(window)
    window.show()
    filing = file_an_rda(qtbot, window, "2026-50", laws)
    assert (filing.laws, filing.dep_file_no, filing.town) == (stored, "", "sandwich")
    row = next(r for r in window.filings_tab.model.rows() if r.file_no == "2026-50")
    assert row.next_deadline is not None
    record = window.open_filing(filing.id)
    assert under in record.summary.text().splitlines()
    lines = [(line.deadline.label.split(": ", 1)[-1], line.deadline.citation, line.date)
             for line in record.detail.deadlines]
    label, citation = hearing
    assert any(text.startswith(label) and cited.startswith(citation) and day == date(2026, 12, 7)
               for text, cited, day in lines), lines
