"""A filing's windows over the main window: its form (new or edited) and its record,
one record window per filing, raised when asked for again. A save reads the record
again and announces its change set to the main window (ui/change_set.py), which reads
that filing again, not the town. Each window's module is imported when first opened."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6 import QtCore  # its Qt namespace looked at when used (ui/first_paint.py)
from PySide6.QtWidgets import QWidget
from shiboken6 import isValid

from concom_desk.ui.background import in_background
from concom_desk.ui.change_set import ChangeSet
from concom_desk.ui.window_memory import remember, sensible_size

if TYPE_CHECKING:
    from concom_desk.services.filings.form import FilingForm, OnFile
    from concom_desk.services.filings.record_detail import FilingDetail
    from concom_desk.ui.filings.filing_form import FilingFormDialog
    from concom_desk.ui.filings.filing_record import FilingRecordDialog
    from concom_desk.ui.main_window import MainWindow

# Kinds whose abutters are notified (the RDA too where the town's bylaw says so).
ABUTTER_KINDS = ("noi", "anrad", "amendment", "rda")

Result = TypeVar("Result")


class FilingWindows:
    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.records: dict[int, FilingRecordDialog] = {}  # the record windows open
        self._since: int | None = None  # this desk's save count before the unannounced

    def _counted(self, write: Callable[..., Result]) -> Callable[..., Result]:
        """`write` (a save), with this desk's count of saves before it noted for the
        change set it announces (so the window knows its lists were current before)."""
        def run(*args: Any, **named: Any) -> Result:
            if self._since is None and self.window.db is not None:
                self._since = self.window.db.changes
            return write(*args, **named)

        return run

    def announce(self, filing_id: int) -> None:
        """The filing was saved here: the lists read it (and what counts from it) again."""
        since, self._since = self._since, None
        self.window.announce(ChangeSet(frozenset({filing_id}), since))

    def close_all(self) -> None:
        for record in list(self.records.values()):
            record.close()

    def new_form(self) -> FilingFormDialog:
        from concom_desk.domain.laws import default_under
        from concom_desk.services.filings.editing import suggested_file_number
        from concom_desk.services.filings.form import FilingForm

        town = self.window.settings.town_id
        # The next number in the town's pattern, offered; the clerk may type another.
        number = suggested_file_number(self.window.db, self.window.today)
        return self._open_form(FilingForm(kind="noi", received=self.window.today, town=town,
                                          laws=default_under(town), file_no=number))

    def edit_form(self, filing_id: int) -> FilingFormDialog:
        """The filing's form, open at once with its fields off ("Reading the filing…"),
        filled when its read behind the window returns (its filing, parties, addresses
        and areas froze the window 320 ms at 1x, 860 ms at 4x: bench/freeze.py)."""
        from concom_desk.domain.laws import default_under
        from concom_desk.services.filings.filing_record import filing_detail
        from concom_desk.services.filings.form import FilingForm

        window = self.window
        town = window.settings.town_id
        dialog = self._open_form(FilingForm(id=filing_id, town=town, laws=default_under(town)),
                                 reading=True)
        db, today = window.db, window.today

        def filled(detail: FilingDetail) -> None:
            if isValid(dialog):  # (not for a form closed meanwhile)
                dialog.fill(detail.form)

        def failed(message: str) -> None:
            if isValid(dialog):
                dialog.read_failed(message)

        in_background(lambda _progress: filing_detail(db, filing_id, today), filled, failed)
        return dialog

    def _open_form(self, form: FilingForm, reading: bool = False) -> FilingFormDialog:
        from concom_desk.services.filings.editing import on_file, save_filing
        from concom_desk.ui.filings.filing_form import FilingFormDialog

        dialog = FilingFormDialog(
            form, self._counted(lambda f: save_filing(self.window.db, f)), self.window.today,
            self.window, reload=self._filing_reader(form.id), reading=reading)
        dialog.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.saved.connect(self._saved)
        dialog.open()
        # Every party and property on file, for the names and addresses to complete
        # from: read behind the open form (a whole town's take 0.4 s at 1x, 3 s at 4x,
        # which the window froze for before the form showed: bench/freeze.py).
        db = self.window.db

        def show(found: OnFile) -> None:
            if isValid(dialog):  # (not for a form closed meanwhile)
                dialog.use_choices(found)

        in_background(lambda _progress: on_file(db), show, lambda _message: None)
        return dialog

    def _filing_reader(self, filing_id: int | None) -> Callable[[], FilingForm] | None:
        """How an edit form reads its filing again (saved at another desk meanwhile)."""
        from concom_desk.services.filings.filing_record import filing_detail

        if filing_id is None:
            return None
        return lambda: filing_detail(self.window.db, filing_id, self.window.today).form

    def _saved(self, filing_id: int) -> None:
        """The form saved the filing: the lists read it again, and its record, if open,
        shows it read again off the window's thread (a record's read: 50-250 ms)."""
        self.announce(filing_id)
        record = self.records.get(filing_id)
        if record is None:
            return
        from concom_desk.services.filings.filing_record import filing_detail

        db, today = self.window.db, self.window.today

        def shown(detail: FilingDetail) -> None:
            if isValid(record) and self.records.get(filing_id) is record:
                record.reload(detail)

        in_background(lambda _progress: filing_detail(db, filing_id, today), shown,
                      self.window.show_problem)

    def open_record(self, filing_id: int) -> None:
        """The clerk asked for a filing's record (a row opened): read off the window's
        thread, then shown (its read froze the window 50-250 ms: bench/freeze.py).
        One already open is raised at once."""
        if filing_id in self.records or self.window.db is None:
            self.record(filing_id)
            return
        from concom_desk.services.filings.filing_record import filing_detail

        window, db, today = self.window, self.window.db, self.window.today

        def shown(detail: FilingDetail) -> None:
            if isValid(window) and window.db is db:  # (not after the window closed)
                self.record(filing_id, detail)

        in_background(lambda _progress: filing_detail(db, filing_id, today), shown,
                      window.show_problem)

    def record(self, filing_id: int, first: FilingDetail | None = None) -> FilingRecordDialog:
        """The filing's record window, opened (with `first` when already read) or
        raised."""
        from concom_desk.services.filings import status_corrections as corrections

        record = self.records.get(filing_id)
        if record is None:
            from concom_desk.services.filings.decisions import decision_asked
            from concom_desk.services.filings.editing import change_status
            from concom_desk.services.filings.filing_record import filing_detail
            from concom_desk.ui.filings.filing_record import FilingRecordDialog

            window = self.window  # its database is read at each call: a restore swaps it
            counted = self._counted
            record = FilingRecordDialog(
                lambda: filing_detail(window.db, filing_id, window.today),
                counted(lambda status, on, entry: change_status(window.db, filing_id, status,
                                                                on, entry)),
                window.today, window,
                undo=counted(lambda: corrections.undo_last_change(window.db, filing_id)),
                correct=counted(lambda status, why: corrections.correct_status(
                    window.db, filing_id, status, why)),
                void=counted(lambda why: corrections.void_filing_entered_in_error(
                    window.db, filing_id, why)),
                ask_decision=lambda status: decision_asked(window.db, filing_id, status),
                first=first)
            record.changed.connect(self.announce)
            record.edit_requested.connect(self.edit_form)
            record.finished.connect(lambda _result: self.records.pop(filing_id, None))
            # Wide enough for the deadlines' What and Citation columns at any scaling.
            remember(record, "filing-record", sensible_size(record, 0.9, 0.85))
            self._add_record_tools(record, filing_id)
            self.records[filing_id] = record
        record.show()
        record.raise_()
        record.activateWindow()
        return record

    def _add_record_tools(self, record: FilingRecordDialog, filing_id: int) -> None:
        """What a filing's record offers beyond its own facts: its documents made from
        the templates, and its abutters (list, mailing, green cards)."""
        from PySide6.QtWidgets import QPushButton

        from concom_desk.ui.abutters.abutter_panel import AbutterPanel
        from concom_desk.ui.filings.dep_copies_panel import add_dep_copies_tab

        assert record.detail is not None
        row = record.detail.row
        make = QPushButton("Make a &document…")
        make.setAccessibleName("Make a document from a template")
        make.setAutoDefault(False)
        make.clicked.connect(lambda: self.make_document(record))
        record.actions_row.addWidget(make)
        from concom_desk.services.filings.permit_life import mark_not_covered
        from concom_desk.ui.filings.acts_coverage import add_acts_button

        add_acts_button(record, self._counted(
            lambda why: mark_not_covered(self.window.db, filing_id, why)))
        from concom_desk.services.filings.decision_waiver import record_decision_waiver
        from concom_desk.ui.filings.decision_waiver_dialog import add_decision_waiver_button

        window = self.window
        add_decision_waiver_button(record, window.today, self._counted(
            lambda on, by, until: record_decision_waiver(window.db, filing_id, on, by, until)))
        # A copy sent to MassDEP, a notice mailed: Today's items of this filing change.
        add_dep_copies_tab(window.db, record, filing_id, window.today,
                           lambda: self.announce(filing_id))
        from concom_desk.ui.inspections.inspections_panel import add_inspections_tab

        add_inspections_tab(window.db, record, filing_id, window.today,
                            lambda: self.announce(filing_id))

        from concom_desk.ui.filings.payments_panel import add_payments_tab

        add_payments_tab(window.db, record, filing_id, window.today,
                         lambda: self.announce(filing_id))
        if row.kind in ABUTTER_KINDS:
            panel = AbutterPanel(self.window.db, filing_id)
            panel.changed.connect(record.writes.read_again)
            panel.changed.connect(lambda: self.announce(filing_id))
            record.add_panel(panel, "&Abutters")

    def make_document(self, record: FilingRecordDialog) -> QWidget:
        from concom_desk.ui.filings.document_maker import DocumentMakerDialog

        assert record.detail is not None
        row = record.detail.row
        dialog = DocumentMakerDialog(self.window.db, row.file_no, row.kind, self.window.today,
                                     record)
        dialog.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.made.connect(lambda _path: record.writes.read_again())
        made = getattr(record, "document_maker_made", None)  # the MassDEP copies tab's
        if made is not None:
            dialog.made.connect(lambda _path: made())
        dialog.open()
        return dialog

