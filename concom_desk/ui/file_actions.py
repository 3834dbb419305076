"""File menu: backup, restore, export and the data folder.

Each slow step runs in the background behind a progress dialog. A restore puts
another database in place of the open one, so the window closes its database
first and opens the restored one after; the store keeps the current one aside.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

from concom_desk import clock
from concom_desk.domain.wording import counted
from concom_desk.services.safekeeping import safekeeping
from concom_desk.ui import document_actions
from concom_desk.ui.background import Progress, run_in_background
from concom_desk.ui.server.desk_actions import on_server, refuse_on_server

if TYPE_CHECKING:
    from concom_desk.ui.main_window import MainWindow


def _documents_folder() -> Path:
    # (a new Windows account, or a Linux one, may have no Documents folder yet: the file
    # dialog would then open in the program's own folder, which is no place for a backup)
    found = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(found) if found and Path(found).is_dir() else Path.home()


def backup(window: MainWindow, out_zip: Path | None = None) -> None:
    if refuse_on_server(window, "A backup from this window"):
        return
    if out_zip is None:
        suggested = _documents_folder() / f"ConCom Desk backup {clock.today().isoformat()}.zip"
        chosen, _filter = QFileDialog.getSaveFileName(
            window, "Save the backup as", str(suggested), "Backup archive (*.zip)")
        if not chosen:
            return
        out_zip = Path(chosen)

    def work(progress: Progress) -> Any:
        progress.report(10, "Copying and checking the database…")
        return safekeeping.backup_to(window.db_path, out_zip)

    run_in_background(window, "Making a backup", work,
                      lambda made: QMessageBox.information(
                          window, "Backup made",
                          f"The backup is saved and checked:\n{made}\n\nKeep a copy "
                          "away from this computer (a USB stick in the town hall safe)."),
                      window.show_problem)


def restore(window: MainWindow, archive: Path | None = None) -> None:
    if refuse_on_server(window, "A restore from this window"):
        return
    if archive is None:
        chosen, _filter = QFileDialog.getOpenFileName(
            window, "Restore from which backup?", str(_documents_folder()),
            "Backup archive (*.zip)")
        if not chosen:
            return
        archive = Path(chosen)
        answer = QMessageBox.question(
            window, "Restore from backup",
            f"Replace the records with the ones in\n{archive.name}?\n\nThe current records "
            "are kept aside first, beside the database, in case you need them back.")
        if answer != QMessageBox.StandardButton.Yes:
            return
    db_path = window.db_path
    window.close_database()

    def work(progress: Progress) -> Any:
        progress.report(10, "Checking the backup…")
        kept_aside = safekeeping.restore_from(archive, db_path)
        progress.report(80, "Opening the restored records…")
        return kept_aside, safekeeping.open_and_back_up(db_path)

    def done(result: tuple[list[Path], Any]) -> None:
        kept_aside, db = result
        window.use_database(db)
        kept = ", ".join(p.name for p in kept_aside)
        QMessageBox.information(window, "Restored",
                                "The records were restored from the backup."
                                + (f"\n\nThe previous ones are kept as: {kept}" if kept else ""))

    def failed(message: str) -> None:
        window.reopen_database()
        window.show_problem(f"Nothing was restored: {message}")

    run_in_background(window, "Restoring from backup", work, done, failed,
                      window.reopen_database)


def exported_words(files: list[Path], out_dir: Path) -> str:
    """What the clerk is told an export left: the workbook by name, or how many CSV files."""
    if len(files) == 1:
        return f"{files[0].name} is saved in {out_dir}."
    return f"{counted(len(files), 'CSV file')}, one per table, are saved in {out_dir}."


def export(window: MainWindow, out_dir: Path | None = None, fmt: str | None = None) -> None:
    if fmt is None:
        choice, ok = QInputDialog.getItem(
            window, "Export for a records request", "Format:",
            ["Excel workbook (.xlsx)", "CSV files, one per table"], 0, False)
        if not ok:
            return
        fmt = "xlsx" if choice.startswith("Excel") else "csv"
    if out_dir is None:
        chosen = QFileDialog.getExistingDirectory(window, "Export into which folder?",
                                                  str(_documents_folder()))
        if not chosen:
            return
        out_dir = Path(chosen)

    def work(progress: Progress) -> Any:
        progress.report(0, "Counting the rows of every table…")
        # Each report is a chance to stop: Cancel leaves nothing in the folder.
        if on_server(window.db):  # the server's records, read in one snapshot
            return safekeeping.export_records_to(window.db, fmt, out_dir, progress.report)
        return safekeeping.export_to(window.db_path, fmt, out_dir, progress.report)

    def done(files: list[Path]) -> None:
        QMessageBox.information(window, "Exported", exported_words(files, out_dir))

    run_in_background(window, "Exporting the records", work, done, window.show_problem,
                      lambda: window.statusBar().showMessage(
                          "Export cancelled: nothing was written."))


def open_data_folder(window: MainWindow) -> None:
    folder = window.db_path.parent
    if not document_actions.system_open(folder):
        QMessageBox.information(window, "Data folder", "The data folder could not be opened "
                                f"on this computer. It is:\n{folder}")
