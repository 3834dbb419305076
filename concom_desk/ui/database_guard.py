"""What the window says about the records it has just opened, and what it offers.

- A database inside a sync folder or on a network share: a warning, with one click
  to move it to this computer's own data folder (where the program keeps it by
  default) — the copy is made with SQLite's backup API, the documents beside it.
- A damaged database (opened read-only): restore the last good backup.
- Guards changed outside the program (opened without writing): restore the last
  backup whose trail matches, or repair the guards on purpose (recorded in the trail).
- A read-only folder: said as such, not as damage.
- A `-wal` from another copy set aside: said once.

Every box is window-modal but opened with `open()`, so the clerk (and the tests)
answer it like any window.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QInputDialog, QMessageBox

from concom_desk.services.safekeeping import safekeeping
from concom_desk.ui.background import Progress, run_in_background

if TYPE_CHECKING:
    from concom_desk.services.database import Database
    from concom_desk.ui.main_window import MainWindow

DAMAGED, READ_ONLY_FOLDER, GUARDS = "damaged", "read-only folder", "guards"
SCHEMA = "schema"  # store.opening_checks: tables, indexes or views not the program's
READ_ONLY_LOGIN = "read-only login"  # a server's public-records terminal (store.server)


def sentence(line: str) -> str:
    """A refusal line as a sentence: "the folder…" starts with a capital, a file name
    ("concom-desk.sqlite is damaged…") keeps its own spelling."""
    return (line[:1].upper() + line[1:] if line.startswith("the ") else line) + "."


def tell_about_opening(window: MainWindow, db: Database) -> None:
    """Called each time the window takes a database (opening, restore, move, repair)."""
    if db.state.refusal:
        window.setWindowTitle(window.windowTitle() + " (read-only)")
        window.statusBar().showMessage(f"Read-only: {db.state.refusal}")
    _say_read_only_login(window, db)
    boxes = [_box(window, QMessageBox.Icon.Information, "journal-set-aside",
                  "A journal file was set aside", notice) for notice in db.state.notices]
    if db.state.settled_restore:
        boxes.append(_box(window, QMessageBox.Icon.Information, "restore-settled",
                          "A restore had been stopped half-way", db.state.settled_restore))
    if db.state.settled_copy:
        boxes.append(_box(window, QMessageBox.Icon.Information, "copy-settled",
                          "A copy of the records had been stopped half-way",
                          db.state.settled_copy))
    if db.state.why == DAMAGED:
        boxes.append(_damaged(window, db))
    elif db.state.why == GUARDS:
        boxes.append(_guards_broken(window, db))
    elif db.state.why == SCHEMA:
        boxes.append(_schema_changed(window, db))
    elif db.state.why == READ_ONLY_FOLDER:
        boxes.append(_box(window, QMessageBox.Icon.Information, "read-only-folder",
                          "The records are read-only here", sentence(db.state.refusal)))
    warning = db.location_warning()
    if warning:
        boxes.append(_location(window, warning))
    _show_in_turn(window, [box for box in boxes if box is not None])


def _say_read_only_login(window: MainWindow, db: Database) -> None:
    """A server login that can only read (a public-records terminal) is said for as long
    as the window shows its records: a note kept at the status bar's end, not a box to
    dismiss at every opening."""
    from PySide6.QtWidgets import QLabel

    note = window.statusBar().findChild(QLabel, "read-only-login")
    if db.state.why != READ_ONLY_LOGIN:
        if note is not None:
            window.statusBar().removeWidget(note)
            note.deleteLater()
        return
    if note is None:
        note = QLabel()
        note.setObjectName("read-only-login")
        window.statusBar().addPermanentWidget(note)
    note.setText(f"Read-only: {db.state.refusal}")


def _show_in_turn(window: MainWindow, boxes: list[QMessageBox]) -> None:
    """One box at a time: the next opens when the one before is answered."""
    window.opening_boxes = boxes  # type: ignore[attr-defined]  # kept for the tests
    for box, following in zip(boxes, boxes[1:], strict=False):
        box.finished.connect(lambda _result, nxt=following: nxt.open())
    if boxes:
        boxes[0].open()


def _box(window: MainWindow, icon: QMessageBox.Icon, name: str, title: str,
         text: str) -> QMessageBox:
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.NoButton, window)
    box.setObjectName(name)
    box.setAccessibleName(title)
    return box


def _button(box: QMessageBox, text: str, role: QMessageBox.ButtonRole, slot: Any) -> Any:
    button = box.addButton(text, role)
    button.clicked.connect(lambda: _when_idle(slot))
    return button


def _when_idle(action: Any) -> None:
    """Each action closes the database: first let the records still loading behind the
    box finish (closing under a reading thread would pull the file from under it)."""
    QThreadPool.globalInstance().waitForDone()
    action()


def _damaged(window: MainWindow, db: Database) -> QMessageBox:
    box = _box(window, QMessageBox.Icon.Critical, "database-damaged",
               "The database is damaged",
               f"{sentence(db.state.refusal)}\n\nWhat can still be "
               "read is shown, but nothing can be saved into a damaged file.")
    _offer_restore(window, box)
    return _with_keep_reading(box)


def _with_keep_reading(box: QMessageBox) -> QMessageBox:
    """The records stay open read-only: "Keep reading" closes the box (Escape too)."""
    box.setEscapeButton(box.addButton("&Keep reading", QMessageBox.ButtonRole.RejectRole))
    return box


def _problems_listed(db: Database, shown: int = 6) -> str:
    """What the opening checks found, a line each, the first few and how many more."""
    problems = db.state.problems
    found = "\n".join(f"• {line}" for line in problems[:shown])
    return found + (f"\n• … and {len(problems) - shown} more" if len(problems) > shown else "")


def _guards_broken(window: MainWindow, db: Database) -> QMessageBox:
    found = _problems_listed(db)
    box = _box(window, QMessageBox.Icon.Warning, "guards-broken",
               "The audit trail was tampered with",
               "The audit trail's guards were changed outside ConCom Desk, so changes may "
               f"have been made without a trace:\n\n{found}\n\nNothing can be saved "
               "until you restore the last backup whose trail matches, or repair the "
               "guards (the repair, and every change found, is written into the trail).")
    _offer_restore(window, box)
    _button(box, "Re&pair the guards…", QMessageBox.ButtonRole.ActionRole,
            lambda: repair_guards(window))
    return _with_keep_reading(box)


def _schema_changed(window: MainWindow, db: Database) -> QMessageBox:
    found = _problems_listed(db)
    if getattr(db, "is_server", False):
        # A server's backups are whoever runs it's to restore (pg_restore), not this desk's.
        return _with_keep_reading(_box(
            window, QMessageBox.Icon.Warning, "schema-changed",
            "The server's records were changed outside ConCom Desk",
            "The server's records hold what ConCom Desk does not make, which can change "
            f"or refuse records behind the program's back:\n\n{found}\n\nThe records are "
            "open read-only: whoever runs the server restores a good backup of it, or "
            "removes what was added."))
    box = _box(window, QMessageBox.Icon.Warning, "schema-changed",
               "The database was changed outside ConCom Desk",
               "The database holds what ConCom Desk does not make, which can change or "
               f"refuse records behind the program's back:\n\n{found}\n\nThe records "
               "are open read-only: restore the last good backup, or send the file to "
               "whoever supports ConCom Desk.")
    _offer_restore(window, box)
    return _with_keep_reading(box)


def _offer_restore(window: MainWindow, box: QMessageBox) -> None:
    from concom_desk.ui import file_actions

    good = safekeeping.last_good_backup(window.db_path)
    if good is not None:
        button = _button(box, "&Restore the last good backup", QMessageBox.ButtonRole.AcceptRole,
                         lambda: file_actions.restore(window, good))
        box.setDefaultButton(button)
        box.setInformativeText(f"The last good backup is {good.name}.")
    _button(box, "Choose a &backup…", QMessageBox.ButtonRole.ActionRole,
            lambda: file_actions.restore(window))


def _location(window: MainWindow, warning: str) -> QMessageBox:
    box = _box(window, QMessageBox.Icon.Warning, "risky-location",
               "The database is in a risky place", warning)
    local = safekeeping.local_place_for(window.db_path)
    if local is not None:
        box.setInformativeText(f"Move it to {local}? The copy here stays as it is, "
                               "until you delete it.")
        move = _button(box, "&Move it to this computer", QMessageBox.ButtonRole.AcceptRole,
                       lambda: move_to_local(window))
        box.setDefaultButton(move)
    keep = box.addButton("&Keep it here", QMessageBox.ButtonRole.RejectRole)
    box.setEscapeButton(keep)
    return box


def move_to_local(window: MainWindow) -> None:
    db_path = window.db_path
    window.close_database()

    def work(progress: Progress) -> Any:
        progress.report(10, "Copying the records to this computer…")
        moved = safekeeping.move_to_local(db_path)
        progress.report(80, "Opening the records there…")
        return moved, safekeeping.open_and_back_up(moved)

    def done(result: tuple[Path, Any]) -> None:
        moved, db = result
        window.db_path = moved
        window.use_database(db)
        window.statusBar().showMessage(f"The records are now kept in {moved}.")

    def failed(message: str) -> None:
        window.reopen_database()
        window.show_problem(f"The records were not moved: {message}")

    run_in_background(window, "Moving the records", work, done, failed,
                      window.reopen_database)


def repair_guards(window: MainWindow) -> None:
    """Tools → Repair audit guards…: who is repairing is asked and recorded."""
    initials = window.settings.clerk_initials
    if not initials:
        initials, ok = QInputDialog.getText(window, "Repair the audit guards",
                                            "Your initials (recorded with the repair):")
        if not ok or not initials.strip():
            return
    db_path = window.db_path
    window.close_database()

    def work(progress: Progress) -> Any:
        progress.report(10, "Putting the audit guards back and recording what was found…")
        said = safekeeping.repair_guards(db_path, initials)
        progress.report(80, "Opening the records again…")
        return said, safekeeping.open_and_back_up(db_path)

    def done(result: tuple[str, Any]) -> None:
        said, db = result
        window.use_database(db)
        window.statusBar().showMessage(said)
        _box(window, QMessageBox.Icon.Information, "guards-repaired", "Guards repaired",
             said).open()

    def failed(message: str) -> None:
        window.reopen_database()
        window.show_problem(f"The guards were not repaired: {message}")

    run_in_background(window, "Repairing the audit guards", work, done, failed,
                      window.reopen_database)
