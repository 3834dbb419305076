"""A filing's record window writes its changes behind the window (a status changed, a
decision recorded with it, an undo) and reads itself again there: "Saving…" with its
buttons off while the write runs (it froze the window 50-90 ms: bench/freeze.py), then
the record as read after it, what was done in one line and the window told (its lists
take the change set, ui/change_set.py); or the refusal, said where the status is.
The write goes the one way every save here goes: ui/save_behind.py."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from shiboken6 import isValid

from concom_desk.errors import UserError
from concom_desk.ui.background import in_background
from concom_desk.ui.save_behind import SAVING, save_behind

if TYPE_CHECKING:
    from concom_desk.services.filings.record_detail import FilingDetail
    from concom_desk.ui.filings.filing_record import FilingRecordDialog


def refusal_html(reason: str) -> str:
    return f"<b>Not allowed:</b> {html.escape(reason)}"


class RecordWrites:
    def __init__(self, record: FilingRecordDialog, load: Callable[[], FilingDetail]) -> None:
        self._record = record
        self._load = load  # the record's read (it reads the window's database when called)
        self.saving = False

    def read_again(self, then: Callable[[], None] | None = None) -> None:
        """Read the record again behind the window (50-250 ms: bench/freeze.py) and show
        it; then `then()`."""
        record, load = self._record, self._load

        def shown(detail: FilingDetail) -> None:
            if isValid(record):  # (not for a record closed meanwhile)
                record.reload(detail)
                if then is not None:
                    then()

        def failed(message: str) -> None:
            if isValid(record):
                record.status_reason.setText(refusal_html(message))

        in_background(lambda _progress: load(), shown, failed)

    def save_and_read(self, write: Callable[[], Any], done: Callable[[Any], str]) -> None:
        """`write` behind the window and the record read again in the same trip; then
        the record shown, `done(what write returned)` said and the window told."""
        load = self._load

        def write_and_read() -> tuple[Any, FilingDetail | None]:
            said = write()
            try:
                return said, load()
            except UserError:  # written; the record is read again when next asked
                return said, None

        self._set_saving(True)
        save_behind(self._record, write_and_read,
                    lambda what, said: self._written(what, said, done))

    def _set_saving(self, saving: bool) -> None:
        record = self._record
        self.saving = saving
        record.enable_as_read()
        if saving:
            record.status_reason.setText(SAVING)

    def _written(self, what: str, said: Any, done: Callable[[Any], str]) -> None:
        record = self._record
        self._set_saving(False)
        if what != "saved":  # another desk, or the law re-checked with the latest facts
            record.status_reason.setText(refusal_html(str(said)))
            return
        result, detail = said
        if detail is not None:
            record.reload(detail)
        record.status_reason.setText(done(result))
        record.changed.emit(record.filing_id)
