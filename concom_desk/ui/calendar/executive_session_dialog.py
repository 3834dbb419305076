"""The motion to go into executive session (MGL c.30A §21): one of §21(a)'s ten
purposes, the chair's statement of the subject, and whether the commission comes back
to open session. The motion is then voted by roll call in Record vote…, so the open
minutes carry the vote, each member's vote and the purpose."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QFormLayout, QLabel, QLineEdit, QWidget

from concom_desk.domain.executive_session import ENTRY_CITATION, PURPOSES, entry_motion
from concom_desk.errors import UserError
from concom_desk.ui.calendar.dialog_parts import ErrorLine, act_cancel, stack


class ExecutiveSessionDialog(QDialog):
    motion_ready = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Executive session: the motion")
        self.purpose = QComboBox()
        self.purpose.setAccessibleName("Purpose")
        for item in PURPOSES:
            self.purpose.addItem(f"{item.citation}: {item.words}"[:110], item.number)
        self.purpose.setCurrentIndex(self.purpose.findData(6))  # a land purchase, most often
        self.statement = QLineEdit()
        self.statement.setAccessibleName("The chair's statement")
        self.statement.setPlaceholderText("e.g. the purchase of the Maple Avenue parcel, "
                                          "Map 12 Lot 4")
        self.reconvene = QCheckBox("The commission will reconvene in open session")
        self.reconvene.setChecked(True)
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        # Room for the whole motion from the start: it grows to four lines as it is typed.
        self.preview.setMinimumHeight(self.preview.fontMetrics().lineSpacing() * 5)
        self.error = ErrorLine()
        explain = QLabel(f"{ENTRY_CITATION}. The motion below is voted by roll call next.")
        explain.setWordWrap(True)
        self.buttons, self.ok_button = act_cancel(self, "Use this motion", self._use)
        form = QFormLayout()
        form.addRow(explain)
        form.addRow("&Purpose:", self.purpose)
        form.addRow("The chair's &statement:", self.statement)
        form.addRow("", self.reconvene)
        stack(self, form, self.preview, self.error, self.buttons)
        self.purpose.currentIndexChanged.connect(self.refresh)
        self.statement.textChanged.connect(self.refresh)
        self.reconvene.toggled.connect(self.refresh)
        self.refresh()

    def motion(self) -> str:
        return entry_motion(int(self.purpose.currentData()), self.statement.text(),
                            self.reconvene.isChecked())

    def refresh(self) -> None:
        self.error.say("")
        try:
            self.preview.setText(f"Motion: {self.motion()}")
        except UserError:
            self.preview.setText("Motion: (write the chair's statement of the subject)")
        self.ok_button.setEnabled(bool(self.statement.text().strip()))

    def _use(self) -> None:
        try:
            motion = self.motion()
        except UserError as exc:
            self.error.say(str(exc))
            return
        self.motion_ready.emit(motion)
        self.accept()
