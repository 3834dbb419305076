"""One button for the whole mailing: letters, labels, certified-mail list and
affidavit of service, made off the GUI thread with progress and Cancel, then
the four files listed with an Open button each.

The affidavit is signed by whoever mails the notices: a member picked from the
list or a name typed (the agent, the clerk). Owners certified mail cannot reach
(foreign addresses) are named, with the way their letters go instead.

The next mailing is proposed in the folder the last one went to (a folder of its
own per filing, beside the last one's) and signed by the same person: the clerk
who keeps mailings on a shared drive chooses it once."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, QStandardPaths, Signal
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.safe_filename import clean_stem
from concom_desk.services.abutters.importing import filing_number
from concom_desk.services.abutters.mailing import (
    MAILING_FILES,
    MailingCancelled,
    MailingResult,
    mailing_people,
    make_mailing,
)
from concom_desk.services.database import Database
from concom_desk.ui import document_actions
from concom_desk.ui.background import BackgroundTask, Cancelled, Progress
from concom_desk.ui.window_memory import keep_choice, last_choice, remember

FILE_TITLES = {
    "letters.docx": "Letters to the abutters",
    "labels.docx": "Mailing labels (Avery 5160)",
    "certified-mail-list.docx": "Certified-mail list (PS Form 3877)",
    "affidavit.docx": "Affidavit of service",
    "abutters-map.pdf": "Abutter map (a page for the file and the hearing)",
    "abutters-map.png": "Abutter map (a picture to send)",
}


FOREIGN_CHOICES = (("First-class mail", "first_class"), ("Hand delivery", "hand"))


def open_file(path: Path) -> str:
    """Open a document in the program the system uses for it (Word, usually), or say
    that nothing on this computer can and offer its folder."""
    return document_actions.open_document(QApplication.activeWindow(), path)


class AbutterMailingDialog(QDialog):
    mailing_done = Signal(object)  # MailingResult

    def __init__(self, db: Database, filing_id: int, parent: QWidget | None = None,
                 out_dir: Path | None = None) -> None:
        super().__init__(parent)
        file_no = filing_number(db, filing_id)
        self.setWindowTitle(f"Abutter mailing — filing {file_no}")
        remember(self, "mailing", QSize(660, 380))
        self._db = db
        self._filing_id = filing_id
        self._task: BackgroundTask | None = None
        self._spent_task: BackgroundTask | None = None
        self.result: MailingResult | None = None
        self.open_buttons: dict[str, QPushButton] = {}

        # The register keeps its own copies; these are the clerk's to print or carry.
        documents = QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.DocumentsLocation) or str(Path.home())
        mailings = Path(last_choice("mailing/folders"))
        if not (last_choice("mailing/folders") and mailings.is_dir()):
            mailings = Path(documents) / "ConCom mailings"
        default = out_dir or mailings / clean_stem(f"Abutters {file_no}")
        self.folder_edit = QLineEdit(str(default))
        self.folder_edit.setAccessibleName("Save in")
        self.browse_button = QPushButton("Folder…")
        self.browse_button.clicked.connect(self._browse)
        folder_row = QHBoxLayout()
        folder_row.addWidget(QLabel("Save in:"))
        folder_row.addWidget(self.folder_edit, 1)
        folder_row.addWidget(self.browse_button)

        people = mailing_people(db, filing_id)
        self.signer_edit = QComboBox()
        self.signer_edit.setEditable(True)
        self.signer_edit.setAccessibleName("Affidavit signed by")
        self.signer_edit.addItems(["", *people.signers])
        self.signer_edit.lineEdit().setPlaceholderText(
            "who mails the notices: pick a member or type a name")
        self.signer_edit.setCurrentText(last_choice("mailing/signer"))
        signer_row = QHBoxLayout()
        signer_row.addWidget(QLabel("Affidavit signed by:"))
        signer_row.addWidget(self.signer_edit, 1)

        self.foreign_method = QComboBox()
        for text, method in FOREIGN_CHOICES:
            self.foreign_method.addItem(text, method)
        count = len(people.foreign_owners)
        self.foreign_label = QLabel(
            f"Certified mail cannot reach {count} foreign owner{'s' if count != 1 else ''} "
            f"({', '.join(people.foreign_owners)}): they are left off the certified-mail "
            "list and sent by")
        self.foreign_label.setWordWrap(True)
        foreign_row = QHBoxLayout()
        foreign_row.addWidget(self.foreign_label, 1)
        foreign_row.addWidget(self.foreign_method)
        self.foreign_label.setVisible(bool(count))
        self.foreign_method.setVisible(bool(count))

        self.make_button = QPushButton("Make letters, labels, certified-mail list and affidavit")
        self.make_button.setDefault(True)
        self.make_button.clicked.connect(self.start)
        self.progress_bar = QProgressBar()
        self.progress_bar.setVisible(False)
        self.status_label = QLabel("One click writes the four documents.")
        self.status_label.setWordWrap(True)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.setVisible(False)
        self.cancel_button.clicked.connect(self.cancel)
        progress_row = QHBoxLayout()
        progress_row.addWidget(self.progress_bar, 1)
        progress_row.addWidget(self.cancel_button)

        self.files_grid = QGridLayout()
        self.close_button = QPushButton("Close")
        self.close_button.clicked.connect(self.reject)
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        bottom.addWidget(self.close_button)

        layout = QVBoxLayout(self)
        layout.addLayout(folder_row)
        layout.addLayout(signer_row)
        layout.addLayout(foreign_row)
        layout.addWidget(self.make_button)
        layout.addLayout(progress_row)
        layout.addWidget(self.status_label)
        layout.addLayout(self.files_grid)
        layout.addStretch(1)
        layout.addLayout(bottom)

    def _browse(self) -> None:
        # The suggested folder is made with the mailing; until then the chooser opens at
        # its nearest existing parent (a missing one would open the program's own folder).
        start = Path(self.folder_edit.text().strip() or Path.home())
        while not start.is_dir() and start.parent != start:
            start = start.parent
        folder = QFileDialog.getExistingDirectory(self, "Save the mailing in", str(start))
        if folder:
            self.folder_edit.setText(folder)

    @property
    def busy(self) -> bool:
        return self._task is not None

    def start(self) -> None:
        if self._task is not None:
            return
        out_dir = Path(self.folder_edit.text().strip())
        if not self.folder_edit.text().strip():
            self.status_label.setText("Choose the folder to save the mailing in.")
            return
        self._clear_files()
        signer = self.signer_edit.currentText().strip()
        foreign_method = self.foreign_method.currentData()

        def job(progress: Progress) -> MailingResult:
            def step(done: int, total: int, what: str) -> bool:
                if progress.cancelled:
                    return False  # the mailing stops and removes what it wrote
                progress.report(done * 100 // max(total, 1), f"Writing the {what}…")
                return True

            try:
                return make_mailing(self._db, self._filing_id, out_dir, step,
                                    signed_by=signer, foreign_method=foreign_method)
            except MailingCancelled:
                raise Cancelled from None

        self._task = BackgroundTask(job)
        self._task.signals.progress.connect(self._progressed)
        self._task.signals.succeeded.connect(self._succeeded)
        self._task.signals.failed.connect(self._failed)
        self._task.signals.cancelled.connect(self._cancelled)
        self.progress_bar.setRange(0, 0)
        self.progress_bar.setVisible(True)
        self.make_button.setEnabled(False)
        self.browse_button.setEnabled(False)
        self.signer_edit.setEnabled(False)
        self.foreign_method.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.cancel_button.setVisible(True)
        self.status_label.setText("Reading the notices…")
        self._task.start()

    def cancel(self) -> None:
        if self._task is not None:
            self._task.progress.cancel()
            self.cancel_button.setEnabled(False)
            self.status_label.setText("Cancelling…")

    def _progressed(self, percent: int, text: str) -> None:
        if self._task is None or self._task.progress.cancelled:
            return
        self.progress_bar.setRange(0, 100)
        self.progress_bar.setValue(percent)
        self.status_label.setText(text)

    def _succeeded(self, result: MailingResult) -> None:
        self.result = result
        keep_choice("mailing/folders", str(Path(result.folder).parent))
        keep_choice("mailing/signer", self.signer_edit.currentText().strip())
        note = "".join(f"\n{flag}" for flag in result.flags)
        with_map = " and the abutter map" if len(result.files) > len(MAILING_FILES) else ""
        self.status_label.setText(f"{result.notices} notices: the four documents{with_map} "
                                  f"are in {result.folder}.{note}")
        for row, path in enumerate(result.files):
            title = QLabel(FILE_TITLES.get(path.name, path.name))
            name = QLabel(path.name)
            button = QPushButton("Open")
            button.clicked.connect(lambda _=False, p=path: open_file(p))
            self.open_buttons[path.name] = button
            self.files_grid.addWidget(title, row, 0)
            self.files_grid.addWidget(name, row, 1)
            self.files_grid.addWidget(button, row, 2)
        self._finished()
        self.mailing_done.emit(result)

    def _failed(self, message: str) -> None:
        self.status_label.setText(message)
        self._finished()

    def _cancelled(self) -> None:
        self.status_label.setText("Cancelled: no documents were written.")
        self._finished()

    def _finished(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            # Its last signal is sent just before the work really returns: wait for that.
            # The object is kept until the next task starts (Qt must not delete it).
            task.wait()
        self._spent_task = task
        self.progress_bar.setVisible(False)
        self.make_button.setEnabled(True)
        self.browse_button.setEnabled(True)
        self.signer_edit.setEnabled(True)
        self.foreign_method.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.cancel_button.setVisible(False)

    def _clear_files(self) -> None:
        self.open_buttons.clear()
        while self.files_grid.count():
            item = self.files_grid.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()

    def done(self, result: int) -> None:
        if self._task is not None:
            self._task.progress.cancel()
            self._task.wait()
        super().done(result)


__all__ = ["MAILING_FILES", "AbutterMailingDialog", "open_file"]
