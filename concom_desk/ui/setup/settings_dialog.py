"""Settings: the same questions as the first-run wizard, for later changes."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QVBoxLayout, QWidget

from concom_desk.errors import UserError
from concom_desk.services.commission.settings import CommissionSettings
from concom_desk.ui.screen_fit import FormScroll, fit_to_screen
from concom_desk.ui.setup.commission_form import CommissionForm


class SettingsDialog(QDialog):
    def __init__(self, settings: CommissionSettings,
                 save: Callable[[CommissionSettings], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self._save = save
        self.form = CommissionForm(settings, self)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        self.form.changed.connect(self._update)
        self.scroll = FormScroll(self.form)  # a small screen: the form scrolls, Save shows
        layout = QVBoxLayout(self)
        layout.addWidget(self.scroll, 1)
        layout.addWidget(self.buttons)
        self._update()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        fit_to_screen(self)

    def _update(self) -> None:
        self.save_button.setEnabled(self.form.is_valid())

    def _accept(self) -> None:
        settings, found = self.form.settings()
        if found:
            return
        try:
            self._save(settings)
        except UserError as exc:
            self.form.problems.setText(f"• {exc}")
            return
        self.accept()
