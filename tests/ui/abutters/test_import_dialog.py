"""The import dialog: guessed columns, the preview with rejected rows highlighted,
and the two Import buttons."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concom_desk.domain.abutters.fields import AbutterField as F
from concom_desk.services.abutters.importing import import_abutter_list
from concom_desk.store import Database
from concom_desk.ui.abutters.import_dialog import NOT_IN_LIST, AbutterImportDialog
from concom_desk.ui.abutters.preview_model import REASON_COLUMN, REJECTED_BACKGROUND
from tests.helpers.abutter_fixtures import GOOD_ROWS, abutter_count, add_filing, write_csv

BAD_ROW = ("13-2", "2 MILL RD", "", "2 MILL RD", "UPTON", "MA", "01568")


def make_dialog(qtbot: QtBot, db: Database, filing: int) -> AbutterImportDialog:
    dialog = AbutterImportDialog(db, filing)
    qtbot.addWidget(dialog)
    return dialog


def load(qtbot: QtBot, dialog: AbutterImportDialog, path: Path) -> None:
    """The file is read and checked off the GUI thread; wait until it is shown."""
    dialog.load_file(path)
    qtbot.waitUntil(lambda: not dialog.busy, timeout=10_000)


def choose(qtbot: QtBot, dialog: AbutterImportDialog, field: F, index: int) -> None:
    dialog.combos[field].setCurrentIndex(index)
    qtbot.waitUntil(lambda: not dialog.busy, timeout=10_000)


def test_columns_guessed_and_preview_shown(qtbot: QtBot, db: Database, tmp_path: Path) -> None:
    filing = add_filing(db, owner_is_applicant=True)
    dialog = make_dialog(qtbot, db, filing)
    assert not dialog.import_button.isEnabled()
    dialog.load_file(write_csv(tmp_path / "list.csv", GOOD_ROWS))
    # Read off the GUI thread: the window stays live, the buttons wait.
    assert dialog.busy and not dialog.browse_button.isEnabled()
    assert dialog.status_label.text() == "Reading list.csv…"
    qtbot.waitUntil(lambda: not dialog.busy, timeout=10_000)
    assert dialog.combos[F.OWNER].currentText() == "Owner"
    assert dialog.combos[F.ZIP].currentText() == "Zip"
    assert dialog.combos[F.CARE_OF].currentText() == NOT_IN_LIST
    assert "guessed" in dialog.mapping_note.text()
    model = dialog.preview_model
    assert model.rowCount() == 4
    assert model.headerData(2, Qt.Orientation.Horizontal) == "Owner"
    assert model.data(model.index(3, 2)) == "O'Brien John & Mary"
    assert model.data(model.index(3, REASON_COLUMN)) == ""
    assert dialog.summary_label.text() == "4 rows: 3 notices to owners; every row is usable."
    assert dialog.import_button.isEnabled()
    assert not dialog.skip_button.isVisibleTo(dialog)


def test_rejected_rows_highlighted_with_reasons(qtbot: QtBot, db: Database,
                                               tmp_path: Path) -> None:
    filing = add_filing(db, owner_is_applicant=True)
    dialog = make_dialog(qtbot, db, filing)
    load(qtbot, dialog, write_csv(tmp_path / "list.csv", [*GOOD_ROWS, BAD_ROW]))
    model = dialog.preview_model
    bad = model.index(4, REASON_COLUMN)
    assert model.data(model.index(4, 0)) == "6"
    assert model.data(bad) == "missing owner name"
    assert model.data(bad, Qt.ItemDataRole.BackgroundRole).color() == REJECTED_BACKGROUND
    assert model.data(model.index(0, 0), Qt.ItemDataRole.BackgroundRole) is None
    assert not dialog.import_button.isEnabled()
    assert dialog.summary_label.text() == (  # was "1 rows rejected"
        "5 rows: 3 notices to owners; 1 row rejected (highlighted, with the reason).")
    assert dialog.skip_button.isVisibleTo(dialog)
    assert dialog.skip_button.text() == "Import skipping 1 row"
    with qtbot.waitSignal(dialog.imported, timeout=10_000) as signal:
        qtbot.mouseClick(dialog.skip_button, Qt.MouseButton.LeftButton)
    assert signal.args[0].notices == 3
    qtbot.waitUntil(lambda: dialog.browse_button.isEnabled())
    assert abutter_count(db, filing) == 3
    assert dialog.message_label.text() == (  # was "3 notice(s) from 4 row(s)"
        "imported 3 notices from 4 rows into filing 2026-014, 1 rejected row skipped")


def test_changing_a_column_rechecks_the_rows(qtbot: QtBot, db: Database,
                                            tmp_path: Path) -> None:
    filing = add_filing(db, owner_is_applicant=True)
    dialog = make_dialog(qtbot, db, filing)
    load(qtbot, dialog, write_csv(tmp_path / "list.csv", GOOD_ROWS))
    choose(qtbot, dialog, F.ZIP, 0)
    assert dialog.preview_model.rowCount() == 0
    assert "no column chosen for ZIP code" in dialog.summary_label.text()
    assert not dialog.import_button.isEnabled()
    choose(qtbot, dialog, F.ZIP, dialog.combos[F.ZIP].findText("Zip"))
    assert dialog.import_button.isEnabled()


def test_existing_list_needs_the_replace_box(qtbot: QtBot, db: Database, tmp_path: Path) -> None:
    filing = add_filing(db, owner_is_applicant=True)
    path = write_csv(tmp_path / "list.csv", GOOD_ROWS)
    import_abutter_list(db, filing, path)
    dialog = make_dialog(qtbot, db, filing)
    load(qtbot, dialog, write_csv(tmp_path / "new.csv", GOOD_ROWS[:2]))
    assert dialog.replace_check.isVisibleTo(dialog)
    assert dialog.replace_check.text() == "Replace the 3 owners already listed for this filing"
    assert not dialog.import_button.isEnabled()
    dialog.replace_check.setChecked(True)
    with qtbot.waitSignal(dialog.imported, timeout=10_000):
        qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.browse_button.isEnabled())
    assert abutter_count(db, filing) == 2


def test_unreadable_file_is_told(qtbot: QtBot, db: Database, tmp_path: Path) -> None:
    filing = add_filing(db)
    dialog = make_dialog(qtbot, db, filing)
    path = tmp_path / "list.xls"
    path.write_bytes(b"\xd0\xcf\x11\xe0")
    load(qtbot, dialog, path)
    assert "save it as .xlsx or CSV" in dialog.message_label.text()
    assert not dialog.import_button.isEnabled()


def test_choose_file_opens_in_the_clerks_documents_or_home(
        qtbot: QtBot, db: Database, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Not in whatever folder the program was started from (was: an empty start folder)."""
    from PySide6.QtCore import QStandardPaths
    from PySide6.QtWidgets import QFileDialog

    asked: list[str] = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda _p, _t, start, _f: asked.append(start) or ("", "")))
    dialog = make_dialog(qtbot, db, add_filing(db, owner_is_applicant=True))
    qtbot.mouseClick(dialog.browse_button, Qt.MouseButton.LeftButton)
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    expected = documents if documents and Path(documents).is_dir() else str(Path.home())
    assert asked == [expected]
