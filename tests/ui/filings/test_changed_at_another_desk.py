"""Two desks editing the same filing, in the real window: the second desk's Save is
refused with who saved and when; "Reload and apply my change" reads the record
again with the clerk's own typing back on top, and the next Save keeps both desks'
changes; "Keep the form as it is" changes nothing, in the form or the record."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from concom_desk.services.filings.editing import save_filing
from concom_desk.services.filings.filing_record import filing_detail
from concom_desk.store import Database, open_database
from concom_desk.store.models import Filing, record_history
from concom_desk.ui.filings.filing_form import FilingFormDialog
from concom_desk.ui.main_window import MainWindow
from concom_desk.ui.record_changed import TITLE
from tests.helpers.loading import filled
from tests.ui.conftest import SETTINGS, TODAY, add_filing


@pytest.fixture
def desks(tmp_path: Path) -> Iterator[tuple[Database, Database, int]]:
    """This desk (JB, the window) and another (JMK) on the same file."""
    from concom_desk.services.commission.settings import save_settings

    mine = open_database(tmp_path / "commission.sqlite", initials="JB")
    save_settings(mine, SETTINGS, today=TODAY)
    filing_id = add_filing(mine, kind="noi", file_no="2027-003", applicant="Jane Doe",
                           address="12 Pond Road", received=TODAY, notes="Site walk Sat.")
    other = open_database(mine.path, initials="JMK", lock=False)
    yield mine, other, filing_id
    other.close()
    mine.close()


def _edit(qtbot, db: Database, filing_id: int) -> tuple[MainWindow, FilingFormDialog]:
    window = MainWindow(db, db.path, SETTINGS, TODAY)
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        window.reload()
    return window, filled(qtbot, window.edit_filing(filing_id))


def _other_desk_saves(other: Database, filing_id: int, **changes: object) -> None:
    form = filing_detail(other, filing_id, TODAY).form
    save_filing(other, dataclasses.replace(form, **changes))  # type: ignore[arg-type]


def _save(dialog: FilingFormDialog) -> None:
    dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()


def _question(qtbot, dialog: FilingFormDialog) -> QMessageBox:
    qtbot.waitUntil(lambda: isinstance(dialog.question, QMessageBox)
                    and dialog.question.isVisible())
    assert isinstance(dialog.question, QMessageBox)
    return dialog.question


def _stored(db: Database, filing_id: int) -> Filing:
    with db.read_session() as s:
        return s.get(Filing, filing_id)


def test_reload_keeps_what_the_clerk_typed_and_saves_both(qtbot, desks) -> None:
    mine, other, filing_id = desks
    window, dialog = _edit(qtbot, mine, filing_id)
    qtbot.keyClicks(dialog.consultant, "Goddard Consulting")
    dialog.notes.setPlainText("Site walk Sat. Applicant called Monday.")
    _other_desk_saves(other, filing_id, dep_file_no="SE 082-1400", notes="Site walk moved.")

    _save(dialog)
    box = _question(qtbot, dialog)
    assert box.windowTitle() == TITLE
    assert box.text().startswith("2027-003 was changed by JMK at ")
    assert box.text().endswith(" — reload and apply your change?")
    assert dialog.isVisible()  # refused: the form stays, nothing saved
    assert _stored(mine, filing_id).consultant == ""

    with qtbot.waitSignal(box.finished, timeout=5_000):
        box.button(QMessageBox.StandardButton.Yes).click()
    # Read again behind the window: the fields off until it comes.
    assert dialog.problems.text() == "Reading the filing…" and not dialog.tabs.isEnabled()
    qtbot.waitUntil(dialog.reloaded.isVisible, timeout=10_000)
    assert dialog.tabs.isEnabled()
    # The other desk's DEP number came in; her consultant and notes are back on top.
    assert dialog.dep_file_no.text() == "SE 082-1400"
    assert dialog.consultant.text() == "Goddard Consulting"
    assert dialog.notes.toPlainText() == "Site walk Sat. Applicant called Monday."
    said = dialog.reloaded.text()
    assert dialog.reloaded.isVisible()
    assert "changed at the other desk: DEP file no., notes." in said
    assert "Your changes are on top: consultant, notes." in said
    assert "Both desks changed notes: yours is shown." in said

    with qtbot.waitSignal(dialog.saved, timeout=5_000) as saved, \
            qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        _save(dialog)  # accepted this time: the form closes, the lists are read again
    assert saved.args == [filing_id]
    stored = _stored(mine, filing_id)
    assert (stored.dep_file_no, stored.consultant, stored.notes) == (
        "SE 082-1400", "Goddard Consulting", "Site walk Sat. Applicant called Monday.")
    with mine.read_session() as s:
        updates = [(e.initials, sorted(e.changes())) for e in record_history(s, Filing, filing_id)
                   if e.action == "update"]
    assert updates == [("JMK", ["dep_file_no", "notes"]), ("JB", ["consultant", "notes"])]


def test_keeping_the_form_saves_nothing_and_loses_nothing(qtbot, desks) -> None:
    mine, other, filing_id = desks
    _window, dialog = _edit(qtbot, mine, filing_id)
    qtbot.keyClicks(dialog.consultant, "Goddard Consulting")
    _other_desk_saves(other, filing_id, notes="Site walk moved.")

    _save(dialog)
    box = _question(qtbot, dialog)
    with qtbot.waitSignal(box.finished, timeout=5_000):
        box.button(QMessageBox.StandardButton.No).click()
    assert dialog.isVisible() and dialog.question is None
    assert dialog.consultant.text() == "Goddard Consulting"
    assert dialog.notes.toPlainText() == "Site walk Sat."  # as it was: not re-read
    assert dialog.problems.text().startswith("• Not saved: the record was changed at another")
    stored = _stored(mine, filing_id)
    assert (stored.consultant, stored.notes, stored.version) == ("", "Site walk moved.", 2)
    _save(dialog)  # asked again: still refused, from the same old read
    assert _question(qtbot, dialog).text().startswith("2027-003 was changed by JMK at ")
