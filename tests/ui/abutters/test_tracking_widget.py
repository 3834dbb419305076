"""The tracking table: article numbers typed in place, mailing dates, green cards."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from PySide6.QtCore import QDate, Qt
from pytestqt.qtbot import QtBot

from concom_desk.services.abutters.importing import import_abutter_list
from concom_desk.services.abutters.tracking import list_notices
from concom_desk.store import Database
from concom_desk.ui.abutters.tracking_model import ARTICLE, GREEN_CARD, MAILED
from concom_desk.ui.abutters.tracking_widget import AbutterTrackingWidget
from tests.helpers.abutter_fixtures import GOOD_ROWS, add_filing, write_csv


def make_widget(qtbot: QtBot, db: Database, tmp_path: Path) -> AbutterTrackingWidget:
    filing = add_filing(db, owner_is_applicant=True)
    import_abutter_list(db, filing, write_csv(tmp_path / "list.csv", GOOD_ROWS))
    widget = AbutterTrackingWidget(db, filing)
    qtbot.addWidget(widget)
    return widget


def test_rows_and_article_number_editing(qtbot: QtBot, db: Database, tmp_path: Path) -> None:
    widget = make_widget(qtbot, db, tmp_path)
    model = widget.model
    assert model.rowCount() == 3
    assert model.data(model.index(1, 1)) == "Greenway Land Trust Inc"
    # The clerk corrects how a name prints; the assessor's spelling stays in the tip.
    assert model.data(model.index(2, 1)) == "John & Mary O'Brien"
    assert model.setData(model.index(0, 1), "Robert Smith")
    assert model.data(model.index(0, 1)) == "Robert Smith"
    assert "Smith Robert" in model.data(model.index(0, 1), Qt.ItemDataRole.ToolTipRole)
    assert model.flags(model.index(0, ARTICLE)) & Qt.ItemFlag.ItemIsEditable
    assert not model.flags(model.index(0, 2)) & Qt.ItemFlag.ItemIsEditable
    assert model.setData(model.index(0, ARTICLE), "03071790000523483741")
    assert model.data(model.index(0, ARTICLE)) == "0307 1790 0005 2348 3741"
    assert not model.setData(model.index(1, ARTICLE), "03071790000523483742")
    assert "Greenway Land Trust Inc: article number" in widget.message_label.text()
    assert "check digit" in widget.message_label.text()
    assert model.data(model.index(1, ARTICLE)) == ""


def test_dates_and_ready_check(qtbot: QtBot, db: Database, tmp_path: Path) -> None:
    widget = make_widget(qtbot, db, tmp_path)
    model = widget.model
    widget.mailed_date.setDate(QDate(2026, 6, 1))
    qtbot.mouseClick(widget.mark_mailed_button, Qt.MouseButton.LeftButton)
    assert widget.message_label.text() == "3 notices marked mailed on 2026-06-01."
    assert [model.data(model.index(r, MAILED)) for r in range(3)] == ["2026-06-01"] * 3
    assert not model.setData(model.index(0, GREEN_CARD), "June 4")
    assert "June 4 is not a date: use 2026-12-01 or 12/1/2026" in widget.message_label.text()
    assert model.setData(model.index(0, GREEN_CARD), "2026-06-04")
    notices = list_notices(db, widget._filing_id)
    assert notices[0].green_card_on == date(2026, 6, 4)
    qtbot.mouseClick(widget.check_button, Qt.MouseButton.LeftButton)
    text = widget.message_label.text()
    assert text.startswith("Not ready to close:")
    assert "Smith Robert: no certified-mail article number" in text


def test_after_a_scan_the_next_article_number_is_current(qtbot: QtBot, db: Database,
                                                         tmp_path: Path) -> None:
    widget = make_widget(qtbot, db, tmp_path)
    model = widget.model
    assert model.setData(model.index(0, ARTICLE), "4201002334249200190132607600833457")
    assert model.data(model.index(0, ARTICLE)) == "9200 1901 3260 7600 8334 57"
    current = widget.view.currentIndex()
    assert (current.row(), current.column()) == (1, ARTICLE)


def test_hand_delivery_is_chosen_from_a_list(qtbot: QtBot, db: Database,
                                            tmp_path: Path) -> None:
    from PySide6.QtWidgets import QComboBox, QStyleOptionViewItem

    from concom_desk.ui.abutters.tracking_model import METHOD

    widget = make_widget(qtbot, db, tmp_path)
    model = widget.model
    index = model.index(2, METHOD)
    delegate = widget.view.itemDelegateForColumn(METHOD)
    editor = delegate.createEditor(widget.view, QStyleOptionViewItem(), index)
    assert isinstance(editor, QComboBox)
    assert [editor.itemText(i) for i in range(editor.count())] == [
        "Certified", "By hand", "First class", "Cert. of mailing"]
    editor.setCurrentText("By hand")
    delegate.setModelData(editor, model, index)
    assert model.data(index) == "By hand"
    assert list_notices(db, widget._filing_id)[2].method == "hand"
    editor.deleteLater()
