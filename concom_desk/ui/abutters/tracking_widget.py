"""Certified mail and green cards for one filing's notices, and the
'ready to close the hearing?' check."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QDate, QModelIndex, QPersistentModelIndex
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from concom_desk import clock
from concom_desk.services.abutters.tracking import mark_all_mailed, ready_to_close
from concom_desk.services.database import Database
from concom_desk.ui.abutters.tracking_model import (
    ADDRESS,
    ARTICLE,
    GREEN_CARD,
    MAILED,
    METHOD,
    METHOD_WORDS,
    NoticeTrackingModel,
)
from concom_desk.ui.date_picker import typing_replaces_sections
from concom_desk.ui.row_table import DATE_FORMAT


class MethodDelegate(QStyledItemDelegate):
    """How a notice went: a choice, not free text."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        editor = QComboBox(parent)
        editor.addItems(list(METHOD_WORDS.values()))
        return editor

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex
                      ) -> None:
        assert isinstance(editor, QComboBox)
        editor.setCurrentText(str(index.data()))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,
                     index: QModelIndex | QPersistentModelIndex) -> None:
        assert isinstance(editor, QComboBox)
        model.setData(index, editor.currentText())


class AbutterTrackingWidget(QWidget):
    def __init__(self, db: Database, filing_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._db = db
        self._filing_id = filing_id
        self.model = NoticeTrackingModel(db, filing_id, self)
        self.view = QTableView()
        self.view.setAccessibleName("Notices: article number, mailed, green card")
        self.view.setModel(self.model)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(ADDRESS, QHeaderView.ResizeMode.Stretch)
        # Room for a 22-digit number and for dates before any is typed.
        metrics = self.view.fontMetrics()
        for column, sample in ((ARTICLE, "0000 0000 0000 0000 0000 00"),
                               (MAILED, "0000-00-00"), (GREEN_CARD, "0000-00-00")):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, metrics.horizontalAdvance(sample) + 24)
        self.view.verticalHeader().setVisible(False)
        self.view.setToolTip("Type or scan the article number; dates as 2026-06-04 or 6/4/2026")
        self.view.setItemDelegateForColumn(METHOD, MethodDelegate(self.view))
        self.model.article_saved.connect(self._next_article)

        today = clock.today()
        self.mailed_date = QDateEdit(QDate(today.year, today.month, today.day))
        self.mailed_date.setCalendarPopup(True)
        self.mailed_date.setDisplayFormat(DATE_FORMAT)
        typing_replaces_sections(self.mailed_date)
        self.mailed_date.setAccessibleName("Date the notices were mailed")
        self.mark_mailed_button = QPushButton("Mark all not yet mailed as mailed on")
        self.mark_mailed_button.clicked.connect(self.mark_all_mailed)
        self.check_button = QPushButton("Ready to close the hearing?")
        self.check_button.clicked.connect(self.check_ready)
        row = QHBoxLayout()
        row.addWidget(self.mark_mailed_button)
        row.addWidget(self.mailed_date)
        row.addStretch(1)
        row.addWidget(self.check_button)

        self.message_label = QLabel()
        self.message_label.setWordWrap(True)
        self.model.problem.connect(self.message_label.setText)

        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addLayout(row)
        layout.addWidget(self.message_label)

    def _next_article(self, row: int) -> None:
        """After a scan, the cursor waits in the next letter's article number."""
        if row + 1 < self.model.rowCount():
            following = self.model.index(row + 1, ARTICLE)
            self.view.setCurrentIndex(following)
            if self.view.isVisible():
                self.view.edit(following)

    def mark_all_mailed(self) -> None:
        day = self.mailed_date.date().toPython()
        count = mark_all_mailed(self._db, self._filing_id, day)
        self.model.reload()
        self.message_label.setText(f"{count} notices marked mailed on {day.isoformat()}.")

    def check_ready(self) -> None:
        check = ready_to_close(self._db, self._filing_id)
        if check.ready:
            self.message_label.setText("Ready: every abutter notice is in order.")
        else:
            self.message_label.setText("Not ready to close:\n" + "\n".join(check.problems))

    def reload(self) -> None:
        self.model.reload()
