"""The Word templates dialog: which template is in effect (the program's default
or the clerk's own copy), with Edit, Check, Reset to default, Open folder and
the field reference. Opened from the main window's menu; self-contained."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from concom_desk.errors import OperationFailed, UserError
from concom_desk.services.documents.field_registry import field_reference_markdown
from concom_desk.services.documents.template_check import check_template
from concom_desk.services.documents.template_library import (
    TemplateInEffect,
    default_template_path,
    reset_to_default,
    templates_in_effect,
    use_file,
    user_templates_dir,
)
from concom_desk.ui import document_actions
from concom_desk.ui.merge_fields_dialog import MergeFieldsDialog
from concom_desk.ui.window_memory import remember

_Index = QModelIndex | QPersistentModelIndex


def open_path(path: Path) -> None:
    """Open a file or folder with the system, or say that nothing could (replaced in
    tests)."""
    if not path.is_dir():
        document_actions.open_document(QApplication.activeWindow(), path)
    elif not document_actions.system_open(path):
        QMessageBox.information(QApplication.activeWindow(), "Folder",
                                f"The folder could not be opened on this computer; it is "
                                f"{path}.")


class TemplatesModel(QAbstractTableModel):
    HEADERS = ("Template", "In use", "File")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[TemplateInEffect] = []

    def reload(self) -> None:
        self.beginResetModel()
        self.rows = templates_in_effect()
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.HEADERS[section]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return (row.name, "your copy" if row.customised else "default",
                    str(row.path))[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return str(row.path)
        return None


class TemplatesDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Word templates")
        remember(self, "word-templates", QSize(760, 520))
        self.model = TemplatesModel(self)
        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.setAccessibleName("Templates in effect")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)

        self.edit_button = QPushButton("&Edit in Word")
        self.check_button = QPushButton("&Check")
        self.reset_button = QPushButton("&Reset to default")
        self.check_file_button = QPushButton("Check a &file…")
        # The town hall's own letter (one made for Word's Mail Merge, say) put in as the
        # selected template, without copying files by hand into the data folder.
        self.use_file_button = QPushButton("Use a &Word file…")
        # The last template checked, when it is a mail-merge letter (its «fields»).
        self.merge_button = QPushButton("&Merge fields…")
        self.checked: tuple[Path, str | None] | None = None
        self.folder_button = QPushButton("Open f&older")
        self.reference_button = QPushButton("Fiel&d reference")
        buttons = QHBoxLayout()
        for button in (self.edit_button, self.check_button, self.use_file_button,
                       self.reset_button, self.check_file_button, self.merge_button,
                       self.folder_button, self.reference_button):
            buttons.addWidget(button)
        buttons.addStretch(1)

        self.result = QPlainTextEdit(self)
        self.result.setReadOnly(True)
        self.result.setAccessibleName("Check result")
        self.result.setPlaceholderText("Select a template and press Check.")
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        explain = QLabel(
            "Your own copy of a template (in the data folder) replaces the default. Edit it "
            "in Word, or Use a Word file… you already have (a town hall letter, a mail-merge "
            "letter); then press Check before the commission relies on it.")
        explain.setWordWrap(True)
        layout.addWidget(explain)
        layout.addWidget(self.table, 3)
        layout.addLayout(buttons)
        layout.addWidget(self.result, 2)
        layout.addWidget(close)

        self.edit_button.clicked.connect(self.edit_selected)
        self.check_button.clicked.connect(self.check_selected)
        self.reset_button.clicked.connect(self.reset_selected)
        self.check_file_button.clicked.connect(self.check_a_file)
        self.use_file_button.clicked.connect(self.use_a_file)
        self.merge_button.clicked.connect(self.match_merge_fields)
        self.merge_button.setEnabled(False)
        self.folder_button.clicked.connect(self.open_folder)
        self.reference_button.clicked.connect(self.show_reference)
        self.reload()
        self.table.selectionModel().selectionChanged.connect(self._update_buttons)
        self._update_buttons()

    def reload(self, select: str | None = None) -> None:
        self.model.reload()
        if select is not None:
            for number, row in enumerate(self.model.rows):
                if row.name == select:
                    self.table.selectRow(number)
        self._update_buttons()

    def selected(self) -> TemplateInEffect | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        return self.model.rows[rows[0].row()] if rows else None

    def _update_buttons(self) -> None:
        chosen = self.selected()
        for button in (self.edit_button, self.check_button, self.use_file_button):
            button.setEnabled(chosen is not None)
        self.reset_button.setEnabled(chosen is not None and chosen.customised
                                     and default_template_path(chosen.name).is_file())

    def edit_selected(self) -> None:
        chosen = self.selected()
        if chosen is None:
            return
        target = user_templates_dir() / f"{chosen.name}.docx"
        if not chosen.customised:
            # Never edit the program's own file: work on a copy in the data folder.
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(chosen.path, target)
            self.reload(select=chosen.name)
        self.result.setPlainText(f"Opening {target} in Word. Save it there, then press Check.")
        open_path(target)

    def check_selected(self) -> None:
        chosen = self.selected()
        if chosen is None:
            return
        self.show_check(chosen.path, chosen.name)

    def show_check(self, path: Path, template: str | None) -> None:
        """Check a template and show the report; a mail-merge letter's fields can then
        be matched (Merge fields…)."""
        try:
            result = check_template(path, template)
            report = result.report()
        except (UserError, OperationFailed, OSError) as exc:
            self.result.setPlainText(str(exc))
            self.merge_button.setEnabled(False)
            return
        self.checked = (path, template or result.template)
        self.merge_button.setEnabled(bool(result.merge_fields))
        self.result.setPlainText(report)

    def match_merge_fields(self) -> QDialog | None:
        if self.checked is None:
            return None
        path, template = self.checked
        dialog = MergeFieldsDialog(path, template or "any", self)
        dialog.saved.connect(lambda: self.show_check(path, template))
        dialog.open()
        self.merge_dialog = dialog
        return dialog

    def check_a_file(self) -> None:
        """Check a template that is not in use yet (one received by e-mail, say)."""
        chosen, _ = QFileDialog.getOpenFileName(
            self, "Check a Word template", str(user_templates_dir()),
            "Word documents (*.docx *.docm *.dotx *.doc);;All files (*)")
        if not chosen:
            return
        self.show_check(Path(chosen), None)

    def use_a_file(self) -> None:
        """Put a Word file in as the selected template (the earlier copy kept aside),
        then check it at once: a mail-merge letter's fields are matched next."""
        chosen = self.selected()
        if chosen is None:
            return
        picked, _ = QFileDialog.getOpenFileName(
            self, f"Use which Word file as the {chosen.name} template?",
            str(user_templates_dir()), "Word documents (*.docx *.docm *.dotx *.doc);;All files (*)")
        if not picked:
            return
        try:
            target, aside = use_file(chosen.name, Path(picked))
        except (UserError, OperationFailed) as exc:
            self.result.setPlainText(f"Not used: {exc}")
            return
        self.reload(select=chosen.name)
        self.show_check(target, chosen.name)
        said = (f"{chosen.name}: now your file {Path(picked).name}"
                + (f" (your earlier copy was moved to {aside})" if aside else "") + ".")
        self.result.setPlainText(f"{said}\n{self.result.toPlainText()}")

    def reset_selected(self) -> None:
        chosen = self.selected()
        if chosen is None or not chosen.customised:
            return
        answer = QMessageBox.question(
            self, "Reset to default",
            f"Use the default {chosen.name} template again? Your copy is kept aside in the "
            "'replaced' folder.")
        if answer != QMessageBox.StandardButton.Yes:
            return
        try:
            aside = reset_to_default(chosen.name)
        except (UserError, OSError) as exc:
            self.result.setPlainText(f"Not reset: {exc}")
            return
        self.reload(select=chosen.name)
        self.result.setPlainText(f"{chosen.name}: back to the default. Your copy was moved "
                                 f"to {aside}.")

    def open_folder(self) -> None:
        folder = user_templates_dir()
        folder.mkdir(parents=True, exist_ok=True)
        open_path(folder)

    def show_reference(self) -> QDialog:
        viewer = QDialog(self)
        viewer.setWindowTitle("Template field reference")
        viewer.resize(820, 640)
        browser = QTextBrowser(viewer)
        browser.setAccessibleName("Field reference")
        browser.setMarkdown(field_reference_markdown())
        layout = QVBoxLayout(viewer)
        layout.addWidget(browser)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(viewer.reject)
        layout.addWidget(close)
        viewer.setModal(False)
        viewer.show()
        self.reference_viewer = viewer
        return viewer
