"""The Enforcement tab: the list of cases (search, status filter, overdue
ratifications) beside the chosen case, and the agent's three quick actions:
log a complaint, record an inspection, issue an emergency order."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

from PySide6.QtCore import QItemSelection, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from concom_desk import clock
from concom_desk.domain.enforcement_case import CaseStatus
from concom_desk.errors import OperationFailed, UserError
from concom_desk.paths import documents_dir
from concom_desk.services.database import Database
from concom_desk.services.enforcement.history import print_case_history
from concom_desk.services.enforcement.queries import CaseRow
from concom_desk.services.enforcement.reads import read_cases
from concom_desk.services.filings.rows import days_left_text, urgency
from concom_desk.ui.background import busy
from concom_desk.ui.columns_to_width import ColumnsToWidth
from concom_desk.ui.enforcement.case_form import CaseForm
from concom_desk.ui.enforcement.dialogs import (
    ComplaintDialog,
    InspectionDialog,
    OrderDialog,
    RecordDialog,
)
from concom_desk.ui.row_table import (
    OVERDUE,
    THIS_WEEK,
    Column,
    RowTableModel,
    date_key,
    day_cell,
    fit_columns,
)
from concom_desk.ui.shown_rows import ShownRowsProxy
from concom_desk.ui.view_loader import BusyLine, ViewLoader
from concom_desk.ui.window_memory import remember_splitter

ACTIVE = "__active__"  # every status but closed
NEXT_DEADLINE_COLUMN = 6  # what is owed next: it gets the width left over
# Beside the case form the list is half the window: long addresses and names are
# elided (whole in the tooltip) so the deadline stays in sight.
PROPERTY_COLUMN, VIOLATOR_COLUMN = 2, 3
# Narrower still (a laptop at 150 %), what the case beside it shows anyway is put away,
# in this order: an empty Ratification column, the day opened, the alleged violator;
# then the status gives way with the property ("Referred to…"), never the case number.
OPENED_COLUMN, STATUS_COLUMN, RATIFICATION_COLUMN = 1, 4, 5


class CaseFilter(ShownRowsProxy):
    """Search text, status (every case but the closed ones by default) and overdue
    ratification: the cases shown worked out in one pass over the rows, in the order
    the clerk sorted them (the model's)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = ""
        self.status = ACTIVE
        self.overdue_only = False

    def set_filters(self, text: str, status: str, overdue_only: bool) -> None:
        self.text, self.status, self.overdue_only = text, status, overdue_only
        self._refilter()

    def _identity(self, row: CaseRow) -> int:
        return row.case_id

    def _work_out(self, among: list[int] | None = None) -> None:
        rows, status, closed = self._rows, self.status, CaseStatus.CLOSED.value
        shown = list(range(len(rows))) if among is None else among
        if status == ACTIVE:
            shown = [i for i in shown if rows[i].status != closed]
        elif status:
            shown = [i for i in shown if rows[i].status == status]
        if self.overdue_only:
            shown = [i for i in shown if rows[i].ratification_overdue]
        if self.text.strip():
            shown = [i for i in shown if rows[i].matches(self.text)]
        self._show(shown)


def _ratification_text(row: CaseRow) -> str:
    if row.ratification_overdue:
        return "OVERDUE"
    return "awaiting" if row.awaiting_ratification else ""


def _ratification_colour(row: CaseRow) -> QColor | None:
    return OVERDUE if row.ratification_overdue else None


def case_columns(today: Callable[[], date]) -> list[Column[CaseRow]]:
    """The case list's columns, sorted by the model (row_table.RowTableModel): text
    columns as a clerk reads them (case numbers by their numbers), dates by the day, no
    deadline last. The next deadline says how near it is, in words and in the Filings
    tab's colours (red: overdue; amber: within the week)."""

    def next_deadline(row: CaseRow) -> str:
        if row.next_deadline is None:
            return ""
        return (f"{day_cell(row.next_deadline)}: {row.next_deadline_label} — "
                f"{days_left_text(row.next_deadline, today())}")

    def nearness(row: CaseRow) -> QColor | None:
        return {"overdue": OVERDUE, "this_week": THIS_WEEK}.get(
            urgency(row.next_deadline, today()) or "")

    return [
        Column("Case", lambda r: r.case_no),
        Column("Opened", lambda r: day_cell(r.opened_on),
               sort_key=lambda r: date_key(r.opened_on)),
        Column("Property", lambda r: r.address),
        Column("Alleged violator", lambda r: r.violator),
        Column("Status", lambda r: r.status_label),
        Column("Ratification", _ratification_text, background=_ratification_colour),
        Column("Next deadline", next_deadline, background=nearness,
               sort_key=lambda r: date_key(r.next_deadline)),
    ]


class EnforcementTab(QWidget):
    """Cases and their records; `record_requested(kind, id)` asks the main window to
    show another record (the permit a case concerns)."""

    record_requested = Signal(str, int)

    def __init__(self, database: Database, parent: QWidget | None = None, *,
                 today: Callable[[], date] = clock.today) -> None:
        super().__init__(parent)
        self.database = database
        self.today = today
        self.model = RowTableModel[CaseRow](case_columns(today), self)
        self.proxy = CaseFilter(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setAccessibleName("Enforcement cases")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(1, Qt.SortOrder.DescendingOrder)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.columns = ColumnsToWidth(self.table, NEXT_DEADLINE_COLUMN,
                                      (PROPERTY_COLUMN, VIOLATOR_COLUMN, STATUS_COLUMN),
                                      self._put_away)

        self.search = QLineEdit()
        self.search.setPlaceholderText("Search case no., address, violator, description")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Search the cases")
        # At 150 % on a laptop the filters squeezed it to "Sear…": room for a word.
        self.search.setMinimumWidth(self.search.fontMetrics().horizontalAdvance("x" * 24))
        self.status = QComboBox()
        self.status.addItem("Active cases", ACTIVE)
        self.status.addItem("All cases", "")
        for status in CaseStatus:
            self.status.addItem(status.label, status.value)
        self.overdue_only = QCheckBox("Overdue ratification only")
        for signal in (self.search.textChanged, self.status.currentIndexChanged,
                       self.overdue_only.toggled):
            signal.connect(self._filter)

        self.complaint_button = QPushButton("Log complaint…")
        self.inspection_button = QPushButton("Record inspection…")
        self.order_button = QPushButton("Issue emergency order…")
        self.notice_button = QPushButton("Notice or order…")
        self.history_button = QPushButton("Save history…")
        self.complaint_button.clicked.connect(self.log_complaint)
        self.inspection_button.clicked.connect(self.record_inspection)
        self.order_button.clicked.connect(lambda: self.issue_order(emergency=True))
        self.notice_button.clicked.connect(lambda: self.issue_order(emergency=False))
        self.history_button.clicked.connect(self.print_history)
        self.status_line = QLabel()
        self.status_line.setWordWrap(True)
        self.busy = BusyLine("Reading the cases…")
        self.loader = ViewLoader(self, self.busy)
        self.loader.failed.connect(self.status_line.setText)
        self.seen_changes = -1  # the store's change count this tab last read
        self._sized = False
        # The case to select once the list is read (asked for while it was being read).
        self._wanted: tuple[int | None] | None = None

        self.form = CaseForm(database, today, self)
        self.form.changed.connect(lambda: self.reload())
        self.form.message.connect(self.status_line.setText)
        self.form.record_requested.connect(self.record_requested)

        actions = QHBoxLayout()
        for button in (self.complaint_button, self.inspection_button, self.order_button,
                       self.notice_button, self.history_button):
            actions.addWidget(button)
        actions.addStretch(1)
        filters = QHBoxLayout()
        filters.addWidget(self.search, 2)
        filters.addWidget(self.status, 1)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(filters)
        # On a line of its own: beside the search it made the tab wider than a laptop
        # at 150 % (911 points), the case's buttons cut off.
        left_layout.addWidget(self.overdue_only)
        left_layout.addWidget(self.table)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(self.form)
        # The list gets the larger share: its next deadlines are what the agent scans;
        # the case's tabs need about 520 px.
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([800, 520])
        remember_splitter(splitter, "enforcement-cases")
        layout = QVBoxLayout(self)
        layout.addLayout(actions)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.busy)
        layout.addWidget(self.status_line)
        # Dialogs are shown through this hook so tests can drive them without exec().
        self._show_dialog: Callable[[RecordDialog], object] = lambda dialog: dialog.open()
        self.reload()

    @property
    def show_dialog(self) -> Callable[[RecordDialog], object]:
        return self._show_dialog

    @show_dialog.setter
    def show_dialog(self, show: Callable[[RecordDialog], object]) -> None:
        self._show_dialog = show
        self.form.show_dialog = show

    # -- data -------------------------------------------------------------------------
    def reload(self, then: Callable[[], None] | None = None) -> None:
        """Read the cases again in the background; the list keeps the case chosen.
        `then` runs once the new list is on screen."""
        if self._wanted is None:
            self._wanted = (self.current_case_id(),)
        database, today = self.database, self.today()
        self.seen_changes = database.changes

        def show(rows: list[CaseRow]) -> None:
            self.model.set_rows(rows)
            # Once there are rows, from a sample of them: later reads keep the widths (a
            # new town's first case would be shown cut to the headers).
            # With none yet, to the headers: Qt's default widths ran past the list's edge
            # at 150 %, an empty list scrolling sideways.
            if not self._sized:
                self._sized = bool(rows)
                fit_columns(self.table, NEXT_DEADLINE_COLUMN,
                            may_cut=(PROPERTY_COLUMN, VIOLATOR_COLUMN), widest_chars=18,
                            give_way=())
                self.columns.measured()
            else:
                self.columns.fit()  # (a case awaiting ratification brings its column back)
            wanted, self._wanted = self._wanted, None
            self.select_case(wanted[0] if wanted else None)
            self._update_buttons()
            if then is not None:
                then()

        self.loader.load(lambda _progress: read_cases(database, today), show)

    def _put_away(self) -> list[int]:
        awaiting = any(row.awaiting_ratification or row.ratification_overdue
                       for row in self.model.rows())
        return [*([] if awaiting else [RATIFICATION_COLUMN]), OPENED_COLUMN, VIOLATOR_COLUMN]

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        # Only once shown does the list know its width (the cases are read while Today
        # is in front, as the program opens).
        super().showEvent(event)
        QTimer.singleShot(0, self.columns, self.columns.fit)

    def refresh_if_changed(self) -> None:
        """Shown again: read again only if the records changed since the last read."""
        if self.database.changes != self.seen_changes:
            self.reload()

    def rows_shown(self) -> list[CaseRow]:
        return self.proxy.rows_shown()

    def current_case_id(self) -> int | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        if not rows:
            return None
        row: CaseRow = self.proxy.row_at(rows[0].row())
        return row.case_id

    def select_case(self, case_id: int | None) -> None:
        if self.loader.loading:  # chosen before the list is read: chosen once it is
            self._wanted = (case_id,)
            return
        position = self.proxy.position_of(case_id) if case_id is not None else None
        if position is not None:
            self.table.selectRow(position)
            self.form.show_case(case_id)
            return
        self.table.clearSelection()
        self.form.show_case(None)

    def _selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        case_id = self.current_case_id()
        if case_id != self.form.case_id:
            self.form.show_case(case_id)
        self._update_buttons()

    def _filter(self) -> None:
        chosen = self.current_case_id()
        self.proxy.set_filters(self.search.text(), self.status.currentData(),
                               self.overdue_only.isChecked())
        # The list is worked out anew (a reset): the chosen case stays chosen while
        # the filter still shows it.
        position = self.proxy.position_of(chosen) if chosen is not None else None
        if position is not None:
            self.table.selectRow(position)
        else:
            self.form.show_case(None)
        self._update_buttons()

    def _update_buttons(self) -> None:
        chosen = self.current_case_id() is not None
        for button in (self.inspection_button, self.order_button, self.notice_button,
                       self.history_button):
            button.setEnabled(chosen)

    # -- actions ----------------------------------------------------------------------
    def _after_save(self, dialog: RecordDialog, select: Callable[[int], int | None]) -> None:
        def saved(record_id: int) -> None:
            self._wanted = (select(record_id),)
            self.reload()
            self.status_line.setText(f"{dialog.windowTitle()}: saved.")
        dialog.saved.connect(saved)
        self.show_dialog(dialog)

    def log_complaint(self) -> ComplaintDialog:
        dialog = ComplaintDialog(self.database, self.today(), self)
        self._after_save(dialog, lambda case_id: case_id)
        return dialog

    def record_inspection(self) -> InspectionDialog | None:
        case_id = self.current_case_id()
        if case_id is None:
            return None
        dialog = InspectionDialog(self.database, case_id, self.today(), self)
        self._after_save(dialog, lambda _id: case_id)
        return dialog

    def issue_order(self, emergency: bool = True) -> OrderDialog | None:
        case_id = self.current_case_id()
        if case_id is None:
            return None
        dialog = OrderDialog(self.database, case_id, self.today(), emergency=emergency,
                             parent=self)
        self._after_save(dialog, lambda _id: case_id)
        return dialog

    def print_history(self, out: Path | None = None) -> Path | None:
        case_id = self.current_case_id()
        if case_id is None:
            return None
        if out is None:
            row = next(r for r in self.model_rows() if r.case_id == case_id)
            suggested = documents_dir(self.database.path) / f"History {row.case_no}.docx"
            name, _ = QFileDialog.getSaveFileName(self, "Save the case history", str(suggested),
                                                  "Word documents (*.docx)")
            if not name:
                return None
            out = Path(name)
        try:
            with busy():
                path = print_case_history(self.database, case_id, out)
        except (UserError, OperationFailed, OSError) as exc:
            self.status_line.setText(f"The history could not be saved: {exc}")
            return None
        opened = self.form.open_file(path)
        self.status_line.setText(f"History saved to {path}."
                                 + (f" {opened}" if isinstance(opened, str) else ""))
        return path

    def model_rows(self) -> list[CaseRow]:
        return [self.model.row_at(r) for r in range(self.model.rowCount())]
