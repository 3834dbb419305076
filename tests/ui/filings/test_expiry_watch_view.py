"""The Expiry watch in the window: opened from Today's count and the Records menu, its
rows most urgent first, a row opening its record, the Excel export, the reminder letter;
and a record's 'Extension acts…' marking a permit not covered. Dates are worked out in
tests/helpers/permit_life_fixtures.py."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from docx import Document
from openpyxl import load_workbook

from concom_desk.services.commission.settings import CommissionSettings
from concom_desk.ui import document_actions
from concom_desk.ui.main_window import MainWindow
from tests.helpers.permit_life_fixtures import TODAY, watched_town


def open_window(qtbot, tmp_path: Path) -> MainWindow:  # noqa: ANN001
    db = watched_town(tmp_path)
    settings = CommissionSettings(town_id="massachusetts", name="Test Conservation Commission",
                                  address_lines=["Town Hall"], clerk_initials="JB")
    window = MainWindow(db, db.path, settings, TODAY)
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        window.reload()
    return window


def open_watch(qtbot, window: MainWindow):  # noqa: ANN001, ANN201
    with qtbot.waitSignal(window.today_view.open_watch, timeout=5_000):
        window.today_view.watch.linkActivated.emit("watch")
    dialog = window._expiry_watch
    qtbot.waitUntil(lambda: dialog.watch is not None, timeout=10_000)
    return dialog


def test_today_counts_the_watch_and_opens_it(qtbot, tmp_path: Path) -> None:
    window = open_window(qtbot, tmp_path)
    assert window.today_view.watch.isVisible()
    assert window.today_view.watch.text().startswith(
        "Expiry watch: 4 permits to look at (1 expiring within 6 months · 1 expired with no "
        "COC · 1 not recorded · 1 COC not decided).")
    dialog = open_watch(qtbot, window)
    model = dialog.model
    shown = [(model.index(r, 0).data(), model.index(r, 3).data()) for r in range(4)]
    assert shown == [("2022-08-06", "NOI 2018-C"), ("2026-10-01", "NOI 2026-D"),
                     ("2026-12-11", "COC request 2026-E"), ("2026-12-21", "NOI 2022-B")]
    assert model.index(0, 1).data() == "expired 1,578 days ago"
    assert model.index(1, 1).data() == "issued 61 days ago"
    assert model.index(3, 1).data() == "in 20 days"  # the last day to ask for an extension
    assert model.index(3, 7).data() == ("3-year term to 2025-01-20; + 2 years, "
                                        "St. 2024 c.238 §280 → 2027-01-20")
    # Not for a COC request: the letter is to a permit holder about the permit.
    dialog.table.setCurrentIndex(model.index(2, 0))
    assert not dialog.letter_button.isEnabled()
    dialog.table.setCurrentIndex(model.index(3, 0))
    assert dialog.letter_button.isEnabled()
    # Looking seven months ahead brings in the 2022 Order the 2024 act carried to 2027-06-10.
    with qtbot.waitSignal(dialog.loaded, timeout=10_000):
        dialog.months.setValue(7)
    assert "2 expiring within 7 months" in dialog.heading.text()


def test_a_row_opens_its_record(qtbot, tmp_path: Path) -> None:
    window = open_window(qtbot, tmp_path)
    dialog = open_watch(qtbot, window)
    dialog.table.setCurrentIndex(dialog.model.index(3, 0))
    dialog.open_button.click()
    record = next(r for r in window.filing_windows.records.values()
                  if r.detail.row.file_no == "2022-B")
    assert record.isVisible()
    assert ("Expires: 2027-01-20 — 3-year term to 2025-01-20; + 2 years, "
            "St. 2024 c.238 §280 → 2027-01-20") in record.summary.text()


def test_export_and_letter(qtbot, tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    opened: list[Path] = []
    monkeypatch.setattr(document_actions, "system_open",
                        lambda path: opened.append(Path(path)) or True)
    window = open_window(qtbot, tmp_path)
    dialog = open_watch(qtbot, window)
    (tmp_path / "out").mkdir()
    written = dialog.export(tmp_path / "out" / "watch.xlsx")
    assert written is not None
    assert load_workbook(written).active["C3"].value == "2018-C"
    assert dialog.message.text() == f"Saved watch.xlsx in {tmp_path / 'out'}."
    dialog.table.setCurrentIndex(dialog.model.index(3, 0))
    letter = dialog.reminder_letter()
    assert opened == [letter]
    text = "\n".join(p.text for p in Document(str(letter)).paragraphs)
    assert "expires on January 20, 2027, the date in force under the permit extension acts " \
           "(St. 2024 c.238 §280)" in text
    assert "at least 30 days before the permit expires, that is by December 21, 2026" in text
    assert dialog.message.text().startswith("Reminder letter to Pond Realty Trust saved as ")


def test_extension_acts_button_marks_a_permit_not_covered(qtbot, tmp_path: Path) -> None:
    window = open_window(qtbot, tmp_path)
    dialog = open_watch(qtbot, window)
    dialog.table.setCurrentIndex(dialog.model.index(3, 0))
    dialog.open_button.click()
    record = next(r for r in window.filing_windows.records.values()
                  if r.detail.row.file_no == "2022-B")
    button = next(b for b in record.findChildren(type(record.edit_button))
                  if b.accessibleName() == "Permit extension acts")
    button.click()
    acts = record.question
    acts.reason.setText("holder waived the extension in writing")
    acts._accept()
    assert acts.problem.text() == "Saving…" and not acts.buttons.isEnabled()
    qtbot.waitUntil(lambda: record.status_reason.text() == (
        "Saved: the permit extension acts do not apply to this filing."), timeout=10_000)
    assert ("Expires: 2025-01-20 — 3-year term to 2025-01-20; not extended by the permit "
            "extension acts: holder waived the extension in writing") in record.summary.text()
    assert date(2025, 1, 20) in [line.date for line in record.detail.deadlines]
