"""The question a dialog asks when its save was refused because another desk saved
the same record after it was read (concom_desk.store.record_versions):

    2027-003 was changed by JMK at 10:42 AM — reload and apply your change?

Yes: the dialog reads the record again and puts the clerk's own changes back on
top (concom_desk.domain.own_changes), for her to look over and save. No: the
dialog stays as it is, nothing saved. Window-modal and opened, not exec'd, so
the rest of the program keeps running while it waits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtWidgets import QMessageBox, QWidget

from concom_desk.domain.own_changes import changed_fields, keep_own_changes

TITLE = "Changed at another desk"


def ask_to_reload(parent: QWidget, message: str, reload: Callable[[], None],
                  kept: Callable[[], None]) -> QMessageBox:
    """Ask `message`; call `reload` on Yes, `kept` on No (or Escape)."""
    box = QMessageBox(QMessageBox.Icon.Question, TITLE, message,
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent)
    box.setDefaultButton(QMessageBox.StandardButton.Yes)
    box.setEscapeButton(QMessageBox.StandardButton.No)
    box.button(QMessageBox.StandardButton.Yes).setText("&Reload and apply my change")
    box.button(QMessageBox.StandardButton.No).setText("&Keep the form as it is")

    def answered(_result: int) -> None:
        yes = box.clickedButton() is box.button(QMessageBox.StandardButton.Yes)
        box.deleteLater()
        (reload if yes else kept)()

    box.finished.connect(answered)
    box.open()
    return box


Draft = TypeVar("Draft")


class Rereading(Generic[Draft]):
    """What an edit dialog needs to read its record again without losing the clerk's
    typing: `typed()` reads the dialog's boxes into a draft (a dataclass), `show(d)`
    puts a draft in them, `reread()` reads the record as it is now. The draft the
    dialog first showed is kept (through `typed()`, so a value the boxes tidy is not
    taken for an edit); `skip` names the fields nobody types (ids, versions)."""

    def __init__(self, typed: Callable[[], Draft], show: Callable[[Draft], None],
                 reread: Callable[[], Draft], skip: frozenset[str]) -> None:
        self._typed, self._show, self._reread, self._skip = typed, show, reread, skip
        self.as_read = typed()

    def reload(self, fresh: Draft | None = None) -> tuple[list[str], list[str]]:
        """Show the record as it is now (`fresh`, when already read behind the window)
        with the clerk's changes on top; returns the fields the other desk changed and
        the clerk's own (UserError if it is gone)."""
        typed = self._typed()
        fresh = self._reread() if fresh is None else fresh
        self._show(fresh)
        fresh_read = self._typed()
        theirs = changed_fields(self.as_read, fresh_read, self._skip)
        mine = changed_fields(self.as_read, typed, self._skip)
        self._show(keep_own_changes(self.as_read, typed, fresh_read, self._skip))
        self.as_read = fresh_read
        return theirs, mine


def reread_words(theirs: list[str], mine: list[str], words: Callable[[list[str]], str]) -> str:
    """What the dialog says after a reload, in the form's own field names."""
    lines = ["Read again from the record: "
             + (f"changed at the other desk: {words(theirs)}." if theirs
                else "nothing you see was changed at the other desk.")]
    if mine:
        lines.append(f"Your changes are on top: {words(mine)}.")
    both = [name for name in mine if name in theirs]
    if both:
        lines.append(f"Both desks changed {words(both)}: yours is shown.")
    lines.append("Look it over, then Save.")
    return " ".join(lines)
