"""Import the assessor's list into a filing: pick the file, confirm the columns,
look at the preview (rejected rows highlighted with their reasons), then
Import — or Import skipping the rejected rows."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, QStandardPaths, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.abutters.columns import ColumnMapping
from concom_desk.domain.abutters.fields import FIELD_LABELS, REQUIRED_FIELDS, AbutterField
from concom_desk.domain.abutters.notices import group_notices
from concom_desk.domain.abutters.rows import check_rows
from concom_desk.domain.abutters.sheet import AssessorSheet
from concom_desk.services.abutters.assessor_files import read_assessor_sheet
from concom_desk.services.abutters.column_memory import mapping_for
from concom_desk.services.abutters.importing import (
    AbutterListPreview,
    ImportSummary,
    count_abutters,
    filing_number,
    import_abutter_list,
)
from concom_desk.services.database import Database
from concom_desk.services.parcels.list_comparison import ListComparison, compare_with_computed
from concom_desk.ui.abutters.preview_model import AbutterPreviewModel
from concom_desk.ui.background import BackgroundTask, Progress
from concom_desk.ui.window_memory import remember

NOT_IN_LIST = "(not in the list)"
FILE_FILTER = "Assessor's lists (*.csv *.xlsx *.xlsm *.txt);;All files (*)"
Job = Callable[[Progress], Any]


class AbutterImportDialog(QDialog):
    imported = Signal(object)  # ImportSummary

    def __init__(self, db: Database, filing_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(
            f"Import the assessor's abutter list — filing {filing_number(db, filing_id)}")
        remember(self, "abutter-import", QSize(980, 640))
        self._db = db
        self._filing_id = filing_id
        self._path: Path | None = None
        self._sheet: AssessorSheet | None = None
        self._preview: AbutterListPreview | None = None
        self._task: BackgroundTask | None = None
        self._spent_task: BackgroundTask | None = None
        self._queued: tuple[Job, Callable[[Any], None], Callable[[str], None], str] | None = None
        self._on_success: Callable[[Any], None] = lambda _result: None
        self._on_failure: Callable[[str], None] = lambda _message: None
        self._existing = count_abutters(db, filing_id)

        self.file_edit = QLineEdit(readOnly=True, placeholderText="CSV or Excel file")
        self.file_edit.setAccessibleName("Assessor's list")
        self.browse_button = QPushButton("Choose file…")
        self.browse_button.clicked.connect(self._browse)
        file_row = QHBoxLayout()
        file_row.addWidget(QLabel("Assessor's list:"))
        file_row.addWidget(self.file_edit, 1)
        file_row.addWidget(self.browse_button)

        self.mapping_note = QLabel()
        self.combos: dict[AbutterField, QComboBox] = {}
        form = QFormLayout()
        for field in AbutterField:
            combo = QComboBox()
            combo.setMinimumContentsLength(18)
            combo.currentIndexChanged.connect(self._mapping_changed)
            self.combos[field] = combo
            star = " *" if field in REQUIRED_FIELDS else ""
            form.addRow(f"{FIELD_LABELS[field]}{star}", combo)
        mapping_box = QGroupBox("Columns (* needed for a letter)")
        mapping_layout = QVBoxLayout(mapping_box)
        self.mapping_note.setWordWrap(True)
        mapping_layout.addWidget(self.mapping_note)
        mapping_layout.addLayout(form)
        mapping_layout.addStretch(1)

        self.preview_model = AbutterPreviewModel(self)
        self.preview_view = QTableView()
        self.preview_view.setModel(self.preview_model)
        self.preview_view.setAccessibleName("The list's rows as they will be imported")
        self.preview_view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.preview_view.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.Interactive)
        self.preview_view.horizontalHeader().setStretchLastSection(True)
        self.summary_label = QLabel("Choose the list the assessor certified.")
        self.summary_label.setWordWrap(True)

        middle = QHBoxLayout()
        middle.addWidget(mapping_box)
        right = QVBoxLayout()
        right.addWidget(self.preview_view, 1)
        right.addWidget(self.summary_label)
        middle.addLayout(right, 1)

        self.replace_check = QCheckBox(
            f"Replace the {self._existing} owners already listed for this filing")
        self.replace_check.setVisible(self._existing > 0)
        self.replace_check.toggled.connect(self._update_buttons)
        self.message_label = QLabel()
        self.message_label.setWordWrap(True)
        self.status_label = QLabel()
        self.import_button = QPushButton("Import")
        self.import_button.setDefault(True)
        self.import_button.clicked.connect(lambda: self._start_import(skip=False))
        self.skip_button = QPushButton()
        self.skip_button.clicked.connect(lambda: self._start_import(skip=True))
        self.close_button = QPushButton("Close")
        self.close_button.clicked.connect(self.reject)
        # A list computed from the parcels is shown beside the certified one before it goes.
        self.comparison: ListComparison | None = None
        self.compare_button = QPushButton("Compare with the computed list…")
        self.compare_button.clicked.connect(self.open_comparison)
        self.compare_button.setVisible(False)
        buttons = QHBoxLayout()
        buttons.addWidget(self.replace_check)
        buttons.addWidget(self.compare_button)
        buttons.addStretch(1)
        buttons.addWidget(self.skip_button)
        buttons.addWidget(self.import_button)
        buttons.addWidget(self.close_button)

        layout = QVBoxLayout(self)
        layout.addLayout(file_row)
        layout.addLayout(middle, 1)
        layout.addWidget(self.message_label)
        layout.addWidget(self.status_label)
        layout.addLayout(buttons)
        self._update_buttons()

    # -- choosing the file and the columns -------------------------------------------
    def _browse(self) -> None:
        # Where the assessor's e-mailed list is saved (Documents), not the folder the
        # program happens to run in.
        found = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
        start = Path(found) if found and Path(found).is_dir() else Path.home()
        name, _ = QFileDialog.getOpenFileName(self, "Assessor's list", str(start), FILE_FILTER)
        if name:
            self.load_file(Path(name))

    def load_file(self, path: Path) -> None:
        """Read the list off the GUI thread (a 10,000-row workbook takes seconds)."""
        self.message_label.clear()
        self._run(lambda _progress: read_assessor_sheet(path),
                  lambda sheet: self._sheet_loaded(path, sheet), self._load_failed,
                  f"Reading {path.name}…")

    def _load_failed(self, message: str) -> None:
        self._sheet = self._preview = None
        self.preview_model.set_reading(None)
        self.summary_label.clear()
        self.message_label.setText(message)

    def _sheet_loaded(self, path: Path, sheet: AssessorSheet) -> None:
        self._path, self._sheet = path, sheet
        self.file_edit.setText(str(path))
        mapping, remembered = mapping_for(sheet.header)
        self.mapping_note.setText(
            "Columns as chosen for the last list with these headings."
            if remembered else "Columns guessed from the headings: check them.")
        for field, combo in self.combos.items():
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(NOT_IN_LIST)
            combo.addItems(list(sheet.header))
            column = mapping.column_of(field)
            combo.setCurrentIndex(0 if column is None else column + 1)
            combo.blockSignals(False)
        self._mapping_changed()

    def current_mapping(self) -> ColumnMapping:
        return ColumnMapping({field: combo.currentIndex() - 1
                              for field, combo in self.combos.items()
                              if combo.currentIndex() > 0})

    def _mapping_changed(self) -> None:
        sheet = self._sheet
        if sheet is None:
            return
        mapping = self.current_mapping()
        problems = mapping.problems(sheet.header)
        if problems:
            self._preview = None
            self.preview_model.set_reading(None)
            self.summary_label.setText("Choose the columns: " + "; ".join(problems) + ".")
            self._update_buttons()
            return

        def check(_progress: Any) -> AbutterListPreview:
            reading = check_rows(sheet, mapping)
            return AbutterListPreview(sheet, mapping, False, reading,
                                      tuple(group_notices(reading.records)))

        self._run(check, self._checked, self.message_label.setText, "Checking the rows…")

    def _checked(self, preview: AbutterListPreview) -> None:
        self._preview = preview
        reading = preview.reading
        self.preview_model.set_reading(reading)
        self.preview_view.resizeColumnsToContents()
        rejected = len(reading.rejected)
        away = sum(1 for n in preview.notices if n.out_of_state)
        abroad = sum(1 for n in preview.notices if n.foreign)
        flagged = "".join(
            f"; {count} {what}" for count, what in ((away, "out of state"), (abroad, "abroad "
                                                    "(certified mail cannot reach them)"))
            if count)
        self.summary_label.setText(
            f"{reading.row_count} rows: {len(preview.notices)} notices to owners{flagged}"
            + (f"; {rejected} {'row' if rejected == 1 else 'rows'} rejected "
               "(highlighted, with the reason)"
               if rejected else "; every row is usable") + ".")
        self.comparison = compare_with_computed(self._db, self._filing_id, preview.notices)
        self.compare_button.setVisible(self.comparison is not None)
        if self.comparison is not None:
            words = self.comparison.summary()
            self.summary_label.setText(f"{self.summary_label.text()} "
                                       f"{words[:1].upper()}{words[1:]}.")

    def open_comparison(self) -> None:
        from concom_desk.ui.abutters.list_comparison_dialog import ListComparisonDialog

        if self.comparison is not None:
            self.comparison_dialog = ListComparisonDialog(self.comparison, self)
            self.comparison_dialog.open()

    # -- importing --------------------------------------------------------------------
    @property
    def rejected_count(self) -> int:
        return len(self._preview.reading.rejected) if self._preview else 0

    @property
    def busy(self) -> bool:
        return self._task is not None or self._queued is not None

    def _update_buttons(self) -> None:
        busy = self.busy
        ready = (self._preview is not None and bool(self._preview.reading.records)
                 and (self._existing == 0 or self.replace_check.isChecked()) and not busy)
        self.import_button.setEnabled(ready and self.rejected_count == 0)
        self.skip_button.setVisible(self.rejected_count > 0)
        rows = "row" if self.rejected_count == 1 else "rows"
        self.skip_button.setText(f"Import skipping {self.rejected_count} {rows}")
        self.skip_button.setEnabled(ready)
        self.browse_button.setEnabled(not busy)
        for combo in self.combos.values():
            combo.setEnabled(not busy and self._sheet is not None)

    def _start_import(self, skip: bool) -> None:
        preview, path = self._preview, self._path
        if preview is None or path is None:
            return
        replace = self.replace_check.isChecked()

        def job(_progress: Any) -> ImportSummary:
            return import_abutter_list(self._db, self._filing_id, path,
                                       mapping=preview.mapping, skip_bad_rows=skip,
                                       replace=replace, preview=preview)

        self._run(job, self._import_done, self.message_label.setText, "Importing…")

    def _import_done(self, summary: ImportSummary) -> None:
        self.message_label.setText(summary.message)
        if summary.imported:
            self._existing = count_abutters(self._db, self._filing_id)
            self.replace_check.setChecked(False)
            self.replace_check.setText(
                f"Replace the {self._existing} owners already listed for this filing")
            self.replace_check.setVisible(True)
            self.imported.emit(summary)

    # -- one background task at a time -------------------------------------------------
    def _run(self, job: Job, on_success: Callable[[Any], None],
             on_failure: Callable[[str], None], busy_text: str) -> None:
        """Run `job` off the GUI thread; a job asked for while another runs waits its turn."""
        if self._task is not None:
            self._queued = (job, on_success, on_failure, busy_text)
            return
        self._on_success, self._on_failure = on_success, on_failure
        self.status_label.setText(busy_text)
        self._task = BackgroundTask(job)
        self._task.signals.succeeded.connect(self._task_succeeded)
        self._task.signals.failed.connect(self._task_failed)
        self._task.signals.cancelled.connect(self._task_finished)
        self._update_buttons()
        self._task.start()

    def _task_succeeded(self, result: Any) -> None:
        self._on_success(result)
        self._task_finished()

    def _task_failed(self, message: str) -> None:
        self._on_failure(message)
        self._task_finished()

    def _task_finished(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            # Its last signal is sent just before the work really returns: wait for that.
            # The object is kept until the next task starts (Qt must not delete it).
            task.wait()
        self._spent_task = task
        self.status_label.clear()
        queued, self._queued = self._queued, None
        if queued is not None:
            self._run(*queued)
        self._update_buttons()

    def done(self, result: int) -> None:
        self._queued = None
        if self._task is not None:
            self._task.wait()  # reading, checking or one short transaction: let it end
        super().done(result)
