"""Make a document… once the decision is recorded: its special conditions and a
denial's reasons are what the papers print, so the dialog shows them as recorded and
does not offer an empty box whose text would be ignored (a Nantucket clerk found the
conditions she had just entered with the vote missing from the box, and would have
typed them twice)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from concom_desk.ui.filings.document_maker import DocumentMakerDialog
from tests.helpers.record_fixtures import make_record
from tests.ui.conftest import TODAY


def _label(dialog: DocumentMakerDialog, field) -> str:  # noqa: ANN001
    return dialog._form.labelForField(field).text()


def test_a_permit_s_recorded_conditions_are_shown_not_asked_for(qtbot: QtBot,
                                                                tmp_path: Path) -> None:
    db = make_record(tmp_path)
    dialog = DocumentMakerDialog(db, "2026-014", "noi", TODAY)
    qtbot.addWidget(dialog)
    dialog.template.setCurrentIndex(dialog.template.findData("permit"))
    dialog.show()
    assert dialog.special.isVisible()
    assert dialog.special.isReadOnly()
    # Only the special one: the standard conditions come with the paper itself.
    assert dialog.special.toPlainText() == "1. No fertilizer within 50 feet, in perpetuity."
    assert _label(dialog, dialog.special) == "Special conditions\n(as decided):"
    db.close()


def test_a_denial_s_recorded_reasons_are_shown_and_an_undecided_filing_asks(
        qtbot: QtBot, tmp_path: Path) -> None:
    db = make_record(tmp_path)
    denied = DocumentMakerDialog(db, "2026-021", "noi", TODAY)
    qtbot.addWidget(denied)
    assert denied.reasons.isReadOnly()
    assert denied.reasons.toPlainText() == ("1. No wetland delineation was submitted.\n"
                                            "2. No stormwater report.")
    heard = DocumentMakerDialog(db, "2026-020", "noi", TODAY)  # closed, not decided
    qtbot.addWidget(heard)
    assert not heard.special.isReadOnly() and heard.special.toPlainText() == ""
    assert not heard.reasons.isReadOnly()
    assert _label(heard, heard.special) == "&Special conditions:"
    db.close()
