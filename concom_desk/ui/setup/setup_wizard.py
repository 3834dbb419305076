"""First run: set up the commission, or look around the demo town first."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from concom_desk.services.commission import CommissionSettings
from concom_desk.ui.setup.commission_form import CommissionForm

WELCOME, COMMISSION = 0, 1


class WelcomePage(QWizardPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle("Welcome to ConCom Desk")
        intro = QLabel(
            "ConCom Desk keeps the commission's filings, hearings, permits and enforcement "
            "cases, works out every legal deadline, and prints the letters.\n\n"
            "There is no database yet. What would you like to do?")
        intro.setWordWrap(True)
        self.set_up = QRadioButton("&Set up our commission (about two minutes)")
        self.set_up.setAccessibleName("Set up our commission")
        self.demo = QRadioButton("&Try the demo town first: a made-up commission with "
                                 "years of records to explore")
        self.demo.setAccessibleName("Try the demo town")
        self.set_up.setChecked(True)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.set_up)
        layout.addWidget(self.demo)
        layout.addStretch(1)

    def nextId(self) -> int:
        return -1 if self.demo.isChecked() else COMMISSION


class CommissionPage(QWizardPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle("Your commission")
        self.setSubTitle("All of this can be changed later under Settings.")
        self.form = CommissionForm(CommissionSettings(), self)
        self.form.changed.connect(self.completeChanged)
        layout = QVBoxLayout(self)
        layout.addWidget(self.form)

    def isComplete(self) -> bool:
        return self.form.is_valid()


class SetupWizard(QWizard):
    def __init__(self, offer_demo: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("ConCom Desk — first-time setup")
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)  # same look on every platform
        self.welcome = WelcomePage()
        self.commission = CommissionPage()
        self.setPage(WELCOME, self.welcome)
        self.setPage(COMMISSION, self.commission)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage)
        if not offer_demo:  # the database exists already: only the settings are missing
            self.setStartId(COMMISSION)

    @property
    def wants_demo(self) -> bool:
        return self.welcome.demo.isChecked()

    def settings(self) -> CommissionSettings:
        return self.commission.form.settings()[0]
