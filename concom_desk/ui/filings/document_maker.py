"""Make one of a filing's documents (permit, determination, denial, ...) from its
Word template, saved in the document register, then open, print or export it.

The templates that fit the filing's kind come first; the decision's own
conditions and reasons are printed once recorded, and until then the clerk
types the special conditions or the reasons for a denial here.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.status_rules import Status
from concom_desk.errors import UserError
from concom_desk.ui import colours, document_actions
from concom_desk.ui.background import Progress, run_in_background
from concom_desk.ui.screen_fit import grow_to_content, keep_on_screen

if TYPE_CHECKING:
    from concom_desk.services.database import Database

# The letters each kind of filing usually needs, after its decision papers.
SUGGESTED: dict[str, tuple[str, ...]] = {
    "noi": ("board-notice", "waiver-21-day"),
    "rda": ("board-notice", "waiver-21-day"),
    "anrad": ("board-notice", "waiver-21-day"),
}
# A filing still being heard is offered its letters first (the notice to boards, the
# 21-day waiver), its decision papers after them (made as DRAFTs until it is decided).
BEFORE_THE_DECISION = (Status.RECEIVED, Status.HEARING_OPEN)
# Made from the Abutters tab, for the whole mailing at once.
MADE_ELSEWHERE = ("abutter-letter", "affidavit-of-service")
WITH_SPECIAL_CONDITIONS = ("permit", "amended-permit", "extension-permit",
                           "form-5-order-of-conditions")


def templates_for(kind: str, joint: bool = False, status: str = "received",
                  decided: str | None = None) -> list[str]:
    """The documents offered for a filing of `kind` that stands at `status` with the
    decision `decided` (its kind, when recorded): the decision papers its kind and
    status allow, the recorded decision's first (a completed permit: its certificate);
    a joint filing (under the Act) gets MassDEP's WPA form for its kind before the
    bylaw's; then the letters (first, while it is still being heard). No paper for a
    decision the filing cannot have (no negative determination on a Notice of Intent, no
    denial of an RDA)."""
    from concom_desk.domain.decision_kinds import DECISION_DOCUMENTS, documents_for
    from concom_desk.services.documents.template_examples import FILING_BASED_TEMPLATES
    from concom_desk.services.documents.wpa_context import is_wpa_template, wpa_forms_for

    usable = [t for t in FILING_BASED_TEMPLATES
              if t not in MADE_ELSEWHERE and not is_wpa_template(t)]
    decisions = [t for t in documents_for(kind, status, decided) if t in usable]
    letters = [t for t in usable if t not in DECISION_DOCUMENTS]
    letters = [t for t in SUGGESTED.get(kind, ()) if t in letters] + [
        t for t in letters if t not in SUGGESTED.get(kind, ())]
    state = wpa_forms_for(kind) if joint and decisions else []
    if status == "completed":  # the certificate is the paper the work done asks for
        # ...and under the Act, MassDEP's own certificate (Form 8B) beside it: the
        # permit's record is where the COC is decided (issue 30, item 2).
        # (Form 8B certifies the work of a Final Order of Conditions, 310 CMR 10.05(9):
        # not an emergency certification's, 310 CMR 10.06, which is no Order.)
        certificate = ([t for t in wpa_forms_for("coc") if t not in state]
                       if state and kind != "emergency" else [])
        return decisions[:1] + certificate + state + decisions[1:] + letters
    if status in BEFORE_THE_DECISION:  # the notices its stage needs come before drafts
        now = [t for t in letters if t in SUGGESTED.get(kind, ())]
        return now + state + decisions + [t for t in letters if t not in now]
    return state + decisions + letters


class InterestBoxes(QWidget):
    """A check box per interest of the Act, in the form's order, two to a row."""

    toggled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        from concom_desk.services.documents.wpa_fields import INTERESTS

        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self.boxes = [QCheckBox(name) for name in INTERESTS]
        for at, box in enumerate(self.boxes):
            box.toggled.connect(self.toggled)
            grid.addWidget(box, at // 2, at % 2)

    def checked(self) -> tuple[str, ...]:
        return tuple(box.text() for box in self.boxes if box.isChecked())


def _lines(edit: QPlainTextEdit) -> tuple[str, ...]:
    return tuple(line.strip() for line in edit.toPlainText().splitlines() if line.strip())


class DocumentMakerDialog(QDialog):
    made = Signal(str)  # the saved document's path

    def __init__(self, db: Database, file_no: str, kind: str, today: date,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from concom_desk.services.documents.register import TITLES

        self._db = db
        self._file_no = file_no
        self._today = today
        self.document_path: Path | None = None
        self.setWindowTitle(f"Make a document — {file_no}")

        from concom_desk.services.documents.offered import filing_standing
        from concom_desk.services.documents.wpa_context import offered_templates

        self.template = QComboBox()
        self.template.setAccessibleName("Document to make")
        status, decided, standing = "received", None, None
        try:
            joint, _state_forms = offered_templates(db, file_no, kind)
            standing = filing_standing(db, file_no)
            status, decided = standing.status, standing.decided
        except UserError:  # the filing is gone (voided meanwhile): the note below says so
            joint = False
        for name in templates_for(kind, joint, status, decided):
            self.template.addItem(TITLES.get(name, name.replace("-", " ").capitalize()), name)
        self.special = QPlainTextEdit()
        self.special.setAccessibleName("Special conditions, one a line")
        self.special.setPlaceholderText("One special condition a line (standard conditions "
                                        "come from the town's library)")
        self.reasons = QPlainTextEdit()
        self.reasons.setAccessibleName("Reasons for the denial, one a line")
        self.reasons.setPlaceholderText("One reason a line")
        self.denial_kind = QComboBox()
        self.denial_kind.setAccessibleName("Kind of denial")
        self.denial_kind.addItem("Substantive (the work would harm the resource areas)",
                                 "substantive")
        self.denial_kind.addItem("Procedural (the filing is incomplete)", "procedural")

        # WPA Form 5 B.1: the interests the areas are significant to (the decision's
        # findings check any they name; the clerk checks the others here).
        self.interests = InterestBoxes()
        self.interests.toggled.connect(lambda: self._warn_if_draft(self.template.currentData()))

        form = QFormLayout()
        form.addRow("&Document:", self.template)
        form.addRow("Interests:", self.interests)
        form.addRow("&Special conditions:", self.special)
        form.addRow("&Reasons:", self.reasons)
        form.addRow("&Kind of denial:", self.denial_kind)
        self._form = form
        if standing is not None:
            self._show_decided(standing.conditions, standing.reasons)

        # Said before Make: a decision the record does not hold yet comes out a DRAFT.
        self.draft_note = QLabel()
        self.draft_note.setWordWrap(True)
        self.draft_note.setAccessibleName("Draft warning")
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setAccessibleName("Result")
        self.make_button = QPushButton("&Make")
        self.make_button.setDefault(True)
        self.make_button.clicked.connect(self.make)
        self.after_buttons: dict[str, QPushButton] = {}
        after = QHBoxLayout()
        for label, action in (("&Open", self._open), ("Show in &folder", self._show),
                              ("&Print", self._print), ("Sa&ve as PDF", self._pdf)):
            button = QPushButton(label)
            button.setEnabled(False)
            button.setAutoDefault(False)
            button.clicked.connect(action)
            self.after_buttons[label.replace("&", "")] = button
            after.addWidget(button)
        after.addStretch(1)
        after.addWidget(self.make_button)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.draft_note)
        layout.addWidget(self.result)
        layout.addLayout(after)
        layout.addWidget(close)
        self.setMinimumWidth(640)
        self.template.currentIndexChanged.connect(self._show_fields)
        self._show_fields()

    def _show_decided(self, conditions: tuple[str, ...], reasons: tuple[str, ...]) -> None:
        """The recorded decision's conditions and reasons are what its papers print:
        shown as recorded, not offered for typing (what was typed here was ignored)."""
        for edit, lines, words in ((self.special, conditions, "Special conditions"),
                                   (self.reasons, reasons, "Reasons")):
            if not lines:
                continue
            edit.setPlainText("\n".join(f"{n}. {line}" for n, line in enumerate(lines, 1)))
            edit.setReadOnly(True)
            edit.setToolTip(f"{words} as recorded with the decision; to change them, "
                            "correct the decision.")
            label = self._form.labelForField(edit)
            if isinstance(label, QLabel):
                label.setText(f"{words}\n(as decided):")

    def _show_fields(self) -> None:
        name = self.template.currentData()
        self._form.setRowVisible(self.special, name in WITH_SPECIAL_CONDITIONS)
        self._form.setRowVisible(self.reasons, name == "denial")
        self._form.setRowVisible(self.denial_kind, name == "denial")
        self._form.setRowVisible(self.interests, name == "form-5-order-of-conditions")
        self._warn_if_draft(name)
        if self.isVisible():  # rows shown since it opened: as tall as they now want
            grow_to_content(self)
            keep_on_screen(self)

    def _warn_if_draft(self, name: str | None) -> None:
        from concom_desk.errors import UserError
        from concom_desk.services.documents.drafts import document_gaps
        from concom_desk.services.documents.wpa_context import wpa_gaps

        try:
            missing = document_gaps(self._db, self._file_no, name) if name else []
            blanks = wpa_gaps(self._db, self._file_no, name, self._choices()) if name else []
        except UserError as exc:  # e.g. the filing was voided meanwhile
            self.draft_note.setText(html.escape(str(exc)))
            return
        said = []
        if missing:
            said.append(colours.span(colours.PROBLEM, "<b>Will be made as a DRAFT — not "
                                     f"for issue:</b> {html.escape('; '.join(missing))}."))
        if blanks:  # the state's form prints a line to fill in by hand for each
            said.append("<b>Left blank on the form</b> (fill in by hand, or on the filing "
                        f"first): {html.escape('; '.join(blanks))}.")
        self.draft_note.setText("<br>".join(said))

    def make(self) -> None:
        from concom_desk.services.documents.register import save_filing_document

        name = self.template.currentData()
        draft = self._choices()
        db, file_no, today = self._db, self._file_no, self._today

        def work(progress: Progress) -> Path:
            progress.report(20, f"Filling in {self.template.currentText().lower()}…")
            return save_filing_document(db, file_no, name, today, draft)

        self.make_button.setEnabled(False)
        self.result.setText("Making the document…")
        run_in_background(self, "Making the document", work, self._made, self._failed,
                          lambda: self._failed("Cancelled: no document was made."))

    def _choices(self) -> Any:
        from concom_desk.services.documents.context_extras import DraftChoices

        return DraftChoices(special=_lines(self.special), reasons=_lines(self.reasons),
                            denial_kind=self.denial_kind.currentData(),
                            interests=self.interests.checked())

    def _made(self, document: Any) -> None:
        self.document_path = Path(document.path)
        self.make_button.setEnabled(True)
        marked = ("<br>" + colours.span(colours.PROBLEM, "<b>DRAFT — not for issue:</b> "
                                        f"{html.escape('; '.join(document.draft))}.")
                  if document.draft else "")
        self._say(f"Saved in the record's documents: <b>{self.document_path.name}</b>"
                  f"<br>{self.document_path.parent}{marked}")
        for button in self.after_buttons.values():
            button.setEnabled(True)
        self.made.emit(str(self.document_path))

    def _failed(self, message: str) -> None:
        self.make_button.setEnabled(True)
        self.result.setText(colours.span(colours.PROBLEM, message))

    def _run(self, action: Callable[[QWidget, Path], str]) -> None:
        # Each action says what it did ("Sent … to the printer …", "Saved … in …"),
        # never more than what happened.
        assert self.document_path is not None
        self._say(action(self, self.document_path))

    def _say(self, text: str) -> None:
        self.result.setText(text)
        self.adjustSize()  # the whole sentence shows, however long the folder's name

    def _open(self) -> None:
        self._run(document_actions.open_document)

    def _show(self) -> None:
        self._run(lambda _parent, path: document_actions.open_folder(path))

    def _print(self) -> None:
        self._run(document_actions.print_document)

    def _pdf(self) -> None:
        self._run(lambda _parent, path: document_actions.save_pdf(path))
