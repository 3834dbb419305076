"""The tracking table: one row per notice, the article number, the date mailed
and the green card editable in place; every edit goes through the tracking
service (which checks it) and the row is read back from the record."""

from __future__ import annotations

from datetime import date
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, Signal

from concom_desk.domain.plain_dates import typed_date_or_none
from concom_desk.errors import UserError
from concom_desk.services.abutters.tracking import (
    NoticeRow,
    list_notices,
    set_article_number,
    set_green_card,
    set_mailed,
    set_method,
    set_printed_name,
)
from concom_desk.services.database import Database
from concom_desk.ui.row_table import PlainRowsModel

COLUMNS = ("No.", "Owner", "Mailing address", "How", "Article no.", "Mailed", "Green card")
OWNER, ADDRESS, METHOD, ARTICLE, MAILED, GREEN_CARD = 1, 2, 3, 4, 5, 6
# The owner's name is corrected here as it should print on every paper of the mailing.
EDITABLE = (OWNER, METHOD, ARTICLE, MAILED, GREEN_CARD)
METHOD_WORDS = {"certified": "Certified", "hand": "By hand", "first_class": "First class",
                "certificate_of_mailing": "Cert. of mailing"}


def parse_day(text: str) -> date | None:
    """A green-card or mailing date as typed, the same two ways as everywhere else."""
    try:
        return typed_date_or_none(text)
    except ValueError as exc:
        raise UserError(str(exc)) from None


class NoticeTrackingModel(PlainRowsModel[NoticeRow]):
    problem = Signal(str)  # an edit refused, in words
    article_saved = Signal(int)  # row: a scanner goes on to the next letter

    def __init__(self, db: Database, filing_id: int, parent: Any = None) -> None:
        super().__init__(COLUMNS, parent)
        self._db = db
        self._filing_id = filing_id
        self.reload()

    def reload(self) -> None:
        self.beginResetModel()
        self._rows = list_notices(self._db, self._filing_id)
        self.endResetModel()

    def notice_at(self, row: int) -> NoticeRow:
        return self._rows[row]

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        notice = self._rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            values = (str(notice.number), notice.owner_name, notice.address,
                      METHOD_WORDS.get(notice.method, notice.method), notice.article_number,
                      notice.mailed_on.isoformat() if notice.mailed_on else "",
                      notice.green_card_on.isoformat() if notice.green_card_on else "")
            return values[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == OWNER:
            return (f"As the assessor lists it: {notice.assessor_name}. Type the name as "
                    "it should print on the letters, labels, PS Form 3877 and affidavit; "
                    "empty it to go back to the name the program writes")
        if role == Qt.ItemDataRole.ToolTipRole and notice.foreign:
            return "Foreign address: USPS certified mail is for US addresses only"
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        base = super().flags(index)
        if index.isValid() and index.column() in EDITABLE:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def setData(self, index: QModelIndex | QPersistentModelIndex, value: Any,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or role != Qt.ItemDataRole.EditRole:
            return False
        notice = self._rows[index.row()]
        text = str(value or "")
        try:
            if index.column() == OWNER:
                set_printed_name(self._db, notice.notice_id, text)
            elif index.column() == METHOD:
                words = {word: code for code, word in METHOD_WORDS.items()}
                set_method(self._db, notice.notice_id, words.get(text, text))
            elif index.column() == ARTICLE:
                set_article_number(self._db, notice.notice_id, text)
            elif index.column() == MAILED:
                set_mailed(self._db, [notice.notice_id], parse_day(text))
            elif index.column() == GREEN_CARD:
                set_green_card(self._db, notice.notice_id, parse_day(text))
            else:
                return False
        except UserError as exc:
            self.problem.emit(f"{notice.owner_name}: {exc}")
            return False
        self._refresh_row(index.row())
        if index.column() == ARTICLE and text.strip():
            self.article_saved.emit(index.row())
        return True

    def _refresh_row(self, row: int) -> None:
        fresh = {n.notice_id: n for n in list_notices(self._db, self._filing_id)}
        self._rows[row] = fresh[self._rows[row].notice_id]
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))

