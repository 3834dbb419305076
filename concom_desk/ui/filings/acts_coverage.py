"""On a filing's record: the button that marks an approval as not covered by the
permit extension acts (the holder waived them), with the reason, or covered again.
Saved as an audited change to the filing; the record then shows the bare term."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from concom_desk.ui.save_behind import SavesBehind

# Kinds whose expiry the acts move (an amendment runs with its permit's term; a COC
# and an emergency certification have no expiry).
COVERED_KINDS = frozenset({"rda", "noi", "anrad", "extension"})


class ActsCoverageDialog(SavesBehind, QDialog):
    """The reason the acts do not apply; an empty reason: they apply again."""

    def __init__(self, file_no: str, reason: str, save: Callable[[str], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._save = save
        self.setWindowTitle(f"Permit extension acts — {file_no}")
        intro = QLabel(
            "The permit extension acts (St. 2010 c.240 §173; St. 2020 c.53 §17; "
            "St. 2024 c.238 §280) extend every approval in effect in their windows, "
            "with no action by anyone. Mark this one as not covered only with a reason "
            "on file (the holder waived the extension in writing, a federal permit…). "
            "Leave the reason empty to apply the acts again.")
        intro.setWordWrap(True)
        self.reason = QLineEdit(reason)
        self.reason.setAccessibleName("Why the acts do not apply")
        self.reason.setPlaceholderText("e.g. holder waived the extension, letter of 2025-03-02")
        self.reason.setMaxLength(300)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        self.buttons, self.saving = buttons, False
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        label = QLabel("&Reason the acts do not apply:")
        label.setBuddy(self.reason)
        layout.addWidget(label)
        layout.addWidget(self.reason)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)

    def _accept(self) -> None:
        """Written behind the window ("Saving…", the buttons off), then closed or the
        refusal shown here."""
        if self.saving:
            return
        save, why = self._save, self.reason.text()
        self.save_then_close(lambda: save(why))



def add_acts_button(record, save: Callable[[str], None]) -> QPushButton | None:  # noqa: ANN001
    """Put 'Extension acts…' on a record of a kind the acts extend; after a save the
    record reloads and says what changed."""
    detail = record.detail
    if detail is None or detail.row.kind not in COVERED_KINDS:
        return None
    button = QPushButton("E&xtension acts…")
    button.setAccessibleName("Permit extension acts")
    button.setAutoDefault(False)

    def open_dialog() -> None:
        current = record.detail
        dialog = ActsCoverageDialog(current.row.file_no, current.form.acts_not_covered,
                                    save, record)
        record.ask(dialog, lambda: (
            "Saved: the permit extension acts do not apply to this filing."
            if dialog.reason.text().strip()
            else "Saved: the permit extension acts apply to this filing."))

    button.clicked.connect(open_dialog)
    record.actions_row.addWidget(button)
    return button
