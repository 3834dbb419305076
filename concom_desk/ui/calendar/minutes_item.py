"""One item of the minutes as the clerk writes it up: what the record already says
of it (the hearing opened, continued or closed, the votes by roll call: shown, not
typed, MGL c.30A §22(a)), a summary of the discussion and the documents and exhibits
used. What is typed for each item is kept here, item by item, until the set is saved."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from concom_desk.services.minutes.sheet import MinutesItemRow


def record_words(item: MinutesItemRow) -> str:
    """The record's part of an item, as the minutes print it."""
    lines = list(item.record)
    for vote in item.votes:
        moved = f" ({vote.moved()})" if vote.moved() else ""
        lines.append(f"Vote: {vote.motion}{moved}. {vote.tally()}. {vote.roll_call()}")
    return "\n".join(lines) or "Nothing in the record: write what was discussed."


class ItemEntry(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.record = QLabel()
        self.record.setAccessibleName("What the record says")
        self.record.setWordWrap(True)
        self.record.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.summary = QPlainTextEdit()
        self.summary.setAccessibleName("Summary of the discussion")
        self.summary.setPlaceholderText("A summary of the discussion on this item")
        self.exhibits = QPlainTextEdit()
        self.exhibits.setAccessibleName("Documents and exhibits used")
        self.exhibits.setPlaceholderText("One per line: plans, reports, photographs…")
        self.exhibits.setMaximumHeight(self.fontMetrics().lineSpacing() * 5)
        self._summaries: dict[str, str] = {}
        self._exhibits: dict[str, str] = {}
        self._current_key = ""
        self._locked = False

        item_box = QVBoxLayout(self)
        item_box.setContentsMargins(0, 0, 0, 0)
        item_box.addWidget(QLabel("<b>From the record</b>"))
        item_box.addWidget(self.record)
        summary_label = QLabel("Summar&y:")
        summary_label.setBuddy(self.summary)
        item_box.addWidget(summary_label)
        item_box.addWidget(self.summary, 1)
        exhibits_label = QLabel("Documents and &exhibits used:")
        exhibits_label.setBuddy(self.exhibits)
        item_box.addWidget(exhibits_label)
        item_box.addWidget(self.exhibits)

    def editors(self) -> tuple[QPlainTextEdit, QPlainTextEdit]:
        return (self.summary, self.exhibits)

    def start(self, items: tuple[MinutesItemRow, ...], locked: bool) -> None:
        """Every item's words as the set holds them; an approved set's are read-only."""
        self._summaries = {item.key: item.summary for item in items}
        self._exhibits = {item.key: "\n".join(item.exhibits) for item in items}
        self._current_key = ""
        self._locked = locked
        for editor in self.editors():
            editor.setReadOnly(locked)

    def keep(self) -> None:
        """Keep what is typed for the item shown (before another is shown, or a save)."""
        if self._current_key and not self._locked:
            self._summaries[self._current_key] = self.summary.toPlainText()
            self._exhibits[self._current_key] = self.exhibits.toPlainText()

    def show_item(self, item: MinutesItemRow) -> None:
        self._current_key = item.key
        self.record.setText(record_words(item))
        self.summary.setPlainText(self._summaries.get(item.key, ""))
        self.exhibits.setPlainText(self._exhibits.get(item.key, ""))

    def words(self) -> tuple[dict[str, str], dict[str, str]]:
        """Each item's summary and exhibits, by item, with what is typed now."""
        self.keep()
        return dict(self._summaries), dict(self._exhibits)

    def put(self, summaries: dict[str, str], exhibits: dict[str, str]) -> None:
        """Take these words for the items (a set read again, the clerk's on top)."""
        self._summaries = dict(summaries)
        self._exhibits = dict(exhibits)
        self._current_key = ""  # shown afresh next, not written back over the new words
