"""The Expiry watch: the view a commission opens once a month — permits expiring in
the months ahead, expired with no Certificate of Compliance, never recorded at the
Registry, COCs requested and not decided — each with its expiry in force (the
permit extension acts applied), the most urgent first. From it: open a record,
export the list to Excel, make the reminder letter to the permit holder."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from PySide6.QtCore import QModelIndex, QStandardPaths, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from concom_desk.errors import UserError
from concom_desk.services.filings.expiry_watch import (
    DEFAULT_MONTHS,
    SECTIONS,
    ExpiryWatch,
    WatchRow,
)
from concom_desk.services.filings.rows import days_left_text
from concom_desk.ui import document_actions
from concom_desk.ui.background import Progress, run_in_background
from concom_desk.ui.filings.filing_table import KIND_LABELS
from concom_desk.ui.list_table import ListTable
from concom_desk.ui.row_table import (
    OVERDUE,
    THIS_WEEK,
    Column,
    RowTableModel,
    address_key,
    date_key,
    day_cell,
    natural_key,
)

WHAT_COLUMN = 6
WHY_COLUMN = 7
# The lists a reminder letter is for: the holder can still act on the permit.
LETTER_SECTIONS = ("expiring", "expired")


# The lists as the grid names them (narrow; the export and the heading say them whole).
SHORT_NAMES = {"expiring": "Expiring", "expired": "Expired, no COC",
               "unrecorded": "Not recorded", "coc_pending": "COC not decided"}


def when_text(row: WatchRow, today: date) -> str:
    """Days left to act, or how long ago the permit expired or issued unrecorded."""
    ago = -row.days_left(today)
    if row.section == "expired":
        return f"expired {ago:,} days ago" if ago != 1 else "expired yesterday"
    if row.section == "unrecorded":
        return f"issued {ago:,} days ago" if ago != 1 else "issued yesterday"
    return days_left_text(row.act_by, today)


def watch_columns(today: date) -> list[Column[WatchRow]]:
    def colour(row: WatchRow) -> QColor | None:
        left = row.days_left(today)
        return OVERDUE if left < 0 else THIS_WEEK if left <= 30 else None

    return [
        Column("Act by", lambda r: day_cell(r.act_by), sort_key=lambda r: date_key(r.act_by)),
        Column("When", lambda r: when_text(r, today),
               sort_key=lambda r: date_key(r.act_by), background=colour),
        Column("List", lambda r: SHORT_NAMES[r.section],
               tooltip=lambda r: SECTIONS[r.section],
               sort_key=lambda r: list(SECTIONS).index(r.section)),
        Column("Record", lambda r: f"{KIND_LABELS.get(r.kind, r.kind)} {r.file_no}",
               sort_key=lambda r: natural_key(r.file_no)),
        Column("Address", lambda r: r.address, sort_key=lambda r: address_key(r.address)),
        Column("Permit holder", lambda r: r.holder),
        Column("What", lambda r: r.what, tooltip=lambda r: r.what),
        Column("Expiry in force", lambda r: r.why, tooltip=lambda r: r.why),
    ]


class ExpiryWatchDialog(QDialog):
    """Non-modal, like a record: it stays open beside the records it opens."""

    open_filing = Signal(int)
    loaded = Signal()

    def __init__(self, load: Callable[[int], ExpiryWatch], today: date,
                 parent: QWidget | None = None, *,
                 make_letter: Callable[[str], Path] | None = None) -> None:
        """`load(months)` reads the watch (on the pool: it must open its own session)."""
        super().__init__(parent)
        self._load, self._today = load, today
        self._make_letter = make_letter
        self.watch: ExpiryWatch | None = None
        self.setWindowTitle("Expiry watch")
        self.heading = QLabel("Looking over the permits…")
        self.heading.setWordWrap(True)
        self.heading.setAccessibleName("What the expiry watch found")
        self.months = QSpinBox()
        self.months.setRange(1, 60)
        self.months.setValue(DEFAULT_MONTHS)
        self.months.setSuffix(" months")
        self.months.setAccessibleName("Look ahead for expiries")
        self.months.valueChanged.connect(lambda _v: self.reload())
        self.model = RowTableModel(watch_columns(today), self)
        self.table = ListTable()
        self.table.setAccessibleName("Permits to watch")
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.open_requested.connect(self._open)
        self.table.selectionModel().currentRowChanged.connect(lambda *_a: self._update())
        self.export_button = QPushButton("E&xport to Excel…")
        self.export_button.clicked.connect(lambda: self.export())
        self.letter_button = QPushButton("&Reminder letter")
        self.letter_button.setToolTip("A letter to the permit holder: when the permit "
                                      "expires and by when to ask for an extension")
        self.letter_button.clicked.connect(lambda: self.reminder_letter())
        self.open_button = QPushButton("&Open record")
        self.open_button.clicked.connect(lambda: self._open(self.table.currentIndex()))
        for button in (self.export_button, self.letter_button, self.open_button):
            button.setAutoDefault(False)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setAccessibleName("Result")
        top = QHBoxLayout()
        top.addWidget(self.heading, 1)
        look = QLabel("Expiring &within:")
        look.setBuddy(self.months)
        top.addWidget(look)
        top.addWidget(self.months)
        actions = QHBoxLayout()
        for button in (self.open_button, self.letter_button, self.export_button):
            actions.addWidget(button)
        actions.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addLayout(actions)
        layout.addWidget(self.message)
        layout.addWidget(close)
        self._update()
        self.reload()

    # -- loading ---------------------------------------------------------------
    def reload(self) -> None:
        load, months = self._load, self.months.value()

        def work(progress: Progress) -> ExpiryWatch:
            progress.report(10, "Looking over the permits…")
            return load(months)

        run_in_background(self, "Expiry watch", work, self.show_watch, self._failed,
                          quiet=True)

    def show_watch(self, watch: ExpiryWatch) -> None:
        self.watch = watch
        self.model.set_rows(watch.rows)
        self.table.fit_columns(WHAT_COLUMN, may_cut=(WHY_COLUMN,), widest_chars=34)
        if watch.rows:
            self.heading.setText(
                f"<b>{len(watch.rows)} to look at</b> on {watch.today.isoformat()}: "
                f"{watch.summary()}. The most urgent first; Enter opens the record.")
            self.table.setCurrentIndex(self.model.index(0, 0))
        else:
            self.heading.setText("Nothing to watch: no permit expires within "
                                 f"{watch.months} months, none expired without a COC, "
                                 "every one is recorded and every COC decided.")
        self._update()
        self.loaded.emit()

    def _failed(self, message: str) -> None:
        self.heading.setText(f"The expiry watch could not be read: {message}")

    # -- actions ---------------------------------------------------------------
    def current(self) -> WatchRow | None:
        index = self.table.currentIndex()
        return self.model.row_at(index.row()) if index.isValid() else None

    def _update(self) -> None:
        row = self.current()
        self.open_button.setEnabled(row is not None)
        self.letter_button.setEnabled(row is not None and row.section in LETTER_SECTIONS
                                      and self._make_letter is not None)
        self.export_button.setEnabled(bool(self.watch and self.watch.rows))

    def _open(self, index: QModelIndex) -> None:
        if index.isValid():
            self.open_filing.emit(self.model.row_at(index.row()).filing_id)

    def export(self, target: Path | None = None) -> Path | None:
        from concom_desk.services.filings.expiry_watch_export import write_watch_xlsx

        if self.watch is None:
            return None
        if target is None:
            folder = QStandardPaths.writableLocation(
                QStandardPaths.StandardLocation.DocumentsLocation) or str(Path.home())
            suggested = Path(folder) / f"Expiry watch {self._today.isoformat()}.xlsx"
            chosen, _filter = QFileDialog.getSaveFileName(
                self, "Save the expiry watch as", str(suggested), "Excel workbook (*.xlsx)")
            if not chosen:
                return None
            target = Path(chosen)
        try:
            written = write_watch_xlsx(self.watch, target)
        except UserError as exc:
            self.message.setText(f"<b>Not saved:</b> {exc}")
            return None
        self.message.setText(f"Saved {written.name} in {written.parent}.")
        return written

    def reminder_letter(self) -> Any:
        row = self.current()
        if row is None or self._make_letter is None:
            return None
        try:
            made = self._make_letter(row.file_no)
        except UserError as exc:
            self.message.setText(f"<b>Not made:</b> {exc}")
            return None
        self.message.setText(f"Reminder letter to {row.holder} saved as {made.name}. "
                             + document_actions.open_document(self, made))
        return made


def open_watch(window: Any) -> ExpiryWatchDialog:
    """The watch for the main window: one at a time, its rows opening the records, its
    letters made from the reminder template and registered with the filing."""
    from concom_desk.services.documents.register import save_filing_document
    from concom_desk.services.filings.expiry_watch import expiry_watch
    from concom_desk.ui.window_memory import remember, sensible_size

    existing = getattr(window, "_expiry_watch", None)
    if existing is not None and existing.isVisible():
        existing.raise_()
        existing.activateWindow()
        return existing
    db, today = window.db, window.today
    dialog = ExpiryWatchDialog(
        lambda months: expiry_watch(db, today, months), today, window,
        make_letter=lambda file_no: save_filing_document(db, file_no, "expiry-reminder",
                                                         today).path)
    dialog.open_filing.connect(window.open_filing)
    remember(dialog, "expiry-watch", sensible_size(dialog, 0.9, 0.8))
    window._expiry_watch = dialog
    dialog.show()
    return dialog
