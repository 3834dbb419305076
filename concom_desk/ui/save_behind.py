"""A save written behind the window: the filing form's Save, a status changed in the
record window, a correction, a void, an undo. The write (SQLAlchemy's flush, the
commit's fsync, the anchor's: 50-90 ms, more on a slow disk: bench/freeze.py) runs on
the thread pool; the window that asked shows "Saving…" with its buttons off meanwhile,
and is told the outcome on the window's thread, in one of three words:

    "saved"    the write's result (and what was read after it, if the work reads);
    "changed"  another desk saved the record since it was read (store.record_versions);
    "refused"  the one line that says why (a number already used, the law, the disk).

A window closed before its save returns is not told (the save itself is kept)."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QWidget
from shiboken6 import isValid

from concom_desk.errors import OperationFailed, RecordChanged, UserError
from concom_desk.ui.background import Progress, in_background

SAVING = "Saving…"


def save_behind(owner: QWidget, write: Callable[[], Any],
                written: Callable[[str, Any], None]) -> None:
    """Run `write` on the thread pool; `written(outcome, said)` on the window's thread
    once it returns, if `owner` is still there."""
    def work(_progress: Progress) -> tuple[str, Any]:
        try:
            return "saved", write()
        except RecordChanged as exc:  # another desk saved it since this window read it
            return "changed", str(exc)
        except (UserError, OperationFailed) as exc:  # e.g. the file number is used
            return "refused", str(exc)

    def told(outcome: tuple[str, Any]) -> None:
        if isValid(owner):  # (its window closed meanwhile: nobody to tell)
            written(*outcome)

    in_background(work, told, lambda message: told(("refused", message)))


class SavesBehind:
    """A small dialog that writes behind the window: "Saving…" with its buttons off
    while the write runs, closed once saved, the refusal shown when not; Esc waits for
    the write. Mixed in before QDialog; the dialog has `buttons` and a `problem` label."""

    saving = False

    def save_then_close(self, write: Callable[[], Any]) -> None:
        self._set_saving(True)
        save_behind(self, write, self._written)  # type: ignore[arg-type]

    def _set_saving(self, saving: bool) -> None:
        self.saving = saving
        self.buttons.setEnabled(not saving)  # type: ignore[attr-defined]
        self.problem.setText(SAVING if saving else "")  # type: ignore[attr-defined]

    def _written(self, what: str, said: object) -> None:
        self._set_saving(False)
        if what == "saved":
            self.accept()  # type: ignore[attr-defined]
        else:
            self.problem.setText(  # type: ignore[attr-defined]
                f"<b>Not saved:</b> {html.escape(str(said))}")

    def reject(self) -> None:
        if not self.saving:  # (closed when the save returns)
            super().reject()  # type: ignore[misc]
