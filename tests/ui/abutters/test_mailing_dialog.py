"""The mailing dialog: one button, progress off the GUI thread, Cancel, then the
four files with an Open button each."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concom_desk.services.abutters.importing import import_abutter_list
from concom_desk.store import Database
from concom_desk.ui.abutters import mailing_dialog
from concom_desk.ui.abutters.mailing_dialog import AbutterMailingDialog
from tests.helpers.abutter_fixtures import GOOD_ROWS, add_filing, write_csv
from tests.helpers.docx_reading import full_text, paragraphs

FOREIGN_ROW = ("13-2", "2 MILL RD", "TREMBLAY JEAN", "12 RUE ST-DENIS", "MONTREAL", "QC",
               "H2X 1K4")


@pytest.fixture
def filing(db: Database, tmp_path: Path) -> int:
    filing_id = add_filing(db)
    import_abutter_list(db, filing_id, write_csv(tmp_path / "list.csv", GOOD_ROWS))
    return filing_id


def test_one_click_four_files_with_open_buttons(qtbot: QtBot, db: Database, filing: int,
                                                tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[Path] = []
    monkeypatch.setattr(mailing_dialog, "open_file", lambda p: opened.append(p) or True)
    dialog = AbutterMailingDialog(db, filing, out_dir=tmp_path / "out")
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.mailing_done, timeout=20_000):
        qtbot.mouseClick(dialog.make_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.busy)
    assert sorted(dialog.open_buttons) == sorted(mailing_dialog.MAILING_FILES)
    assert "4 notices: the four documents are in" in dialog.status_label.text()
    qtbot.mouseClick(dialog.open_buttons["labels.docx"], Qt.MouseButton.LeftButton)
    assert opened == [tmp_path / "out" / "labels.docx"]
    assert dialog.make_button.isEnabled()


def test_cancel_writes_nothing(qtbot: QtBot, db: Database, filing: int, tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    gate = threading.Event()
    real = mailing_dialog.make_mailing

    def gated(db_: Database, filing_id: int, out: Path, progress: object,
              **options: object) -> object:
        def held(done: int, total: int, what: str) -> bool:
            gate.wait(10)   # hold the worker until the test has pressed Cancel
            return progress(done, total, what)  # type: ignore[operator]
        return real(db_, filing_id, out, held, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(mailing_dialog, "make_mailing", gated)
    out = tmp_path / "out"
    dialog = AbutterMailingDialog(db, filing, out_dir=out)
    qtbot.addWidget(dialog)
    qtbot.mouseClick(dialog.make_button, Qt.MouseButton.LeftButton)
    assert dialog.cancel_button.isEnabled() and not dialog.make_button.isEnabled()
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    gate.set()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=20_000)
    assert dialog.status_label.text() == "Cancelled: no documents were written."
    assert dialog.open_buttons == {}
    assert not out.exists() or list(out.iterdir()) == []


def test_a_filing_without_abutters_is_told(qtbot: QtBot, db: Database, tmp_path: Path) -> None:
    filing_id = add_filing(db, file_no="2026-020")
    dialog = AbutterMailingDialog(db, filing_id, out_dir=tmp_path / "out")
    qtbot.addWidget(dialog)
    qtbot.mouseClick(dialog.make_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.busy, timeout=10_000)
    assert "has no abutters yet" in dialog.status_label.text()


def test_default_folder_is_outside_the_register(qtbot: QtBot, db: Database, filing: int) -> None:
    dialog = AbutterMailingDialog(db, filing)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Abutter mailing — filing 2026-014"
    folder = Path(dialog.folder_edit.text())
    assert folder.parts[-2:] == ("ConCom mailings", "Abutters 2026-014")
    assert not dialog.busy


def test_signer_picked_and_foreign_owner_sent_by_hand(qtbot: QtBot, db: Database,
                                                      tmp_path: Path) -> None:
    filing_id = add_filing(db)
    import_abutter_list(db, filing_id, write_csv(tmp_path / "list.csv",
                                                 (*GOOD_ROWS, FOREIGN_ROW)))
    dialog = AbutterMailingDialog(db, filing_id, out_dir=tmp_path / "out")
    qtbot.addWidget(dialog)
    dialog.show()
    # The members in office are offered; the foreign owner is named, with the choice.
    offered = [dialog.signer_edit.itemText(i) for i in range(dialog.signer_edit.count())]
    assert offered == ["", "Alice Wu", "Margaret Hale", "Thomas Brennan"]
    assert dialog.foreign_label.isVisible()
    assert "Certified mail cannot reach 1 foreign owner (Tremblay Jean)" in (
        dialog.foreign_label.text())
    dialog.signer_edit.setCurrentText("Margaret Hale")
    dialog.foreign_method.setCurrentIndex(dialog.foreign_method.findData("hand"))
    with qtbot.waitSignal(dialog.mailing_done, timeout=20_000):
        qtbot.mouseClick(dialog.make_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.busy)
    assert "Tremblay Jean: foreign address, which certified mail cannot reach" in (
        dialog.status_label.text())
    affidavit = paragraphs(tmp_path / "out" / "affidavit.docx")
    assert any(t.startswith("I, Margaret Hale, certify") for t in affidavit)
    assert ("By hand delivery, to 1 owner whose address certified mail cannot reach:"
            in affidavit)
    assert "Tremblay Jean" not in full_text(tmp_path / "out" / "certified-mail-list.docx")


def test_no_foreign_owner_no_foreign_choice(qtbot: QtBot, db: Database, filing: int) -> None:
    dialog = AbutterMailingDialog(db, filing)
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.foreign_label.isVisible() and not dialog.foreign_method.isVisible()


def test_folder_chooser_opens_at_the_nearest_existing_folder(
        qtbot: QtBot, db: Database, filing: int, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The suggested "…/ConCom mailings/Abutters 2026-014" does not exist before the first
    mailing: the chooser starts in its parent that does, not in the program's folder."""
    asked: list[str] = []

    def choose(_parent: object, _title: str, start: str) -> str:
        asked.append(start)
        return str(tmp_path / "chosen")

    monkeypatch.setattr(mailing_dialog.QFileDialog, "getExistingDirectory",
                        staticmethod(choose))
    dialog = AbutterMailingDialog(db, filing, out_dir=tmp_path / "ConCom mailings" / "Abutters")
    qtbot.addWidget(dialog)
    qtbot.mouseClick(dialog.browse_button, Qt.MouseButton.LeftButton)
    assert asked == [str(tmp_path)]
    assert dialog.folder_edit.text() == str(tmp_path / "chosen")


def test_the_next_mailing_goes_beside_the_last_and_is_signed_by_the_same(
        qtbot: QtBot, db: Database, filing: int, tmp_path: Path) -> None:
    shared = tmp_path / "Shared drive" / "Mailings"
    shared.mkdir(parents=True)
    first = AbutterMailingDialog(db, filing)
    qtbot.addWidget(first)
    assert first.signer_edit.currentText() == ""  # nobody yet: the clerk picks
    first.folder_edit.setText(str(shared / "Pond Rd"))
    first.signer_edit.setCurrentText("Ann Clerk")
    with qtbot.waitSignal(first.mailing_done, timeout=20_000):
        qtbot.mouseClick(first.make_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not first.busy)
    assert (shared / "Pond Rd" / "affidavit.docx").exists()

    second_filing = add_filing(db, file_no="2026-020")
    second = AbutterMailingDialog(db, second_filing)
    qtbot.addWidget(second)
    assert second.folder_edit.text() == str(shared / "Abutters 2026-020")
    assert second.signer_edit.currentText() == "Ann Clerk"


def test_a_last_folder_since_removed_is_not_proposed(qtbot: QtBot, db: Database,
                                                     filing: int, tmp_path: Path) -> None:
    gone = tmp_path / "USB stick"
    gone.mkdir()
    first = AbutterMailingDialog(db, filing)
    qtbot.addWidget(first)
    first.folder_edit.setText(str(gone / "one"))
    with qtbot.waitSignal(first.mailing_done, timeout=20_000):
        qtbot.mouseClick(first.make_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not first.busy)
    for path in sorted(gone.rglob("*"), reverse=True):
        path.unlink() if path.is_file() else path.rmdir()
    gone.rmdir()
    again = AbutterMailingDialog(db, filing)
    qtbot.addWidget(again)
    assert Path(again.folder_edit.text()).parent.name == "ConCom mailings"
