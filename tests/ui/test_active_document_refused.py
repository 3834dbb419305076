"""In the window: a clerk's template that would put a live field into a permit is
refused when the permit is made, with the template and the field named, and no
document is saved in the record."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concom_desk.paths import documents_dir
from concom_desk.services.documents.template_library import user_templates_dir
from concom_desk.ui.filings.document_maker import DocumentMakerDialog
from tests.helpers.hostile_files import field, template
from tests.ui.conftest import TODAY


def test_making_a_permit_from_an_active_template_is_refused(qtbot: QtBot, town_db) -> None:
    user_templates_dir().mkdir(parents=True, exist_ok=True)
    template(user_templates_dir() / "permit.docx",
             body_xml=field('{{ "DDE" }}AUTO cmd "/c calc"'))
    dialog = DocumentMakerDialog(town_db, "2026-41", "noi", TODAY)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.template.setCurrentIndex(dialog.template.findData("permit"))
    qtbot.mouseClick(dialog.make_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "refused" in dialog.result.text(), timeout=20_000)
    shown = dialog.result.text()
    assert "template permit" in shown
    assert "DDEAUTO field" in shown
    assert dialog.make_button.isEnabled()
    folder = documents_dir(Path(town_db.path))
    assert not folder.exists() or not any(folder.rglob("*.docx"))
    if os.environ.get("CONCOM_SCREENSHOTS"):
        dialog.grab().save(os.path.join(os.environ["CONCOM_SCREENSHOTS"],
                                        "active-template-refused.png"))
