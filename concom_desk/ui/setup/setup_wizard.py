"""First run: set up the commission, or look around the demo town first."""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QLabel,
    QMessageBox,
    QRadioButton,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from concom_desk.services.commission.settings import CommissionSettings
from concom_desk.ui import colours
from concom_desk.ui.screen_fit import FormScroll, fit_to_screen
from concom_desk.ui.setup.commission_form import CommissionForm

WELCOME, COMMISSION = 0, 1


def failure_line() -> QLabel:
    """What Finish is doing, or why it did not go through (the records could not be made)."""
    line = QLabel()
    line.setWordWrap(True)
    line.setAccessibleName("Why setting up stopped")
    line.hide()
    return line


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
        # The demo needs no more answers: Finish instead of Next (QWizard swaps the two
        # buttons only when told the page is final, not when nextId() changes).
        self.demo.toggled.connect(self.setFinalPage)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.set_up)
        layout.addWidget(self.demo)
        layout.addStretch(1)
        self.failure = failure_line()
        layout.addWidget(self.failure)

    def nextId(self) -> int:
        return -1 if self.demo.isChecked() else COMMISSION


class CommissionPage(QWizardPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle("Your commission")
        self.setSubTitle("All of this can be changed later under Settings.")
        self.form = CommissionForm(CommissionSettings(), self)
        self.form.changed.connect(self.completeChanged)
        self.failure = failure_line()
        # On a small screen or at 150 % scaling the form is taller than the screen: it
        # scrolls inside the page, and the wizard's buttons stay where they can be pressed.
        self.scroll = FormScroll(self.form)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.scroll, 1)
        layout.addWidget(self.failure)

    def isComplete(self) -> bool:
        return self.form.is_valid()


class SetupWizard(QWizard):
    """Finish does not close the wizard: it asks for the records to be made
    (`finish_requested`) and stays on screen, busy, until the main window is up.
    Were it to close first, it would be the program's last window and Qt would
    end the program with nothing saved; and if making the records fails, what
    the clerk typed is still here, with the reason (`show_failure`)."""

    finish_requested = Signal()
    use_local_folder = Signal()  # "Keep the records on this computer" was clicked

    def __init__(self, offer_demo: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("ConCom Desk — first-time setup")
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)  # same look on every platform
        self.welcome = WelcomePage()
        self.commission = CommissionPage()
        self.setPage(WELCOME, self.welcome)
        self.setPage(COMMISSION, self.commission)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage)
        self._busy = False
        self.stop_question: QMessageBox | None = None
        # The commission page is larger than the welcome: once it has grown, keep the
        # whole wizard (and its Finish button) on the screen.
        self.currentIdChanged.connect(
            lambda _page: QTimer.singleShot(0, lambda: fit_to_screen(self)))
        if not offer_demo:  # the database exists already: only the settings are missing
            self.setStartId(COMMISSION)

    def accept(self) -> None:  # Finish
        if self._busy:
            return
        self.set_busy(True, "Building the demo town…" if self.wants_demo
                      else "Creating the commission's records…")
        # Painted now: the records are made behind it, and the Python that makes them
        # would hold back the paint for seconds (the wizard sat unchanged after Finish).
        self.repaint()
        self.finish_requested.emit()

    def reject(self) -> None:  # Cancel or Esc: not while the records are being made
        if self._busy:
            return
        # Esc is pressed to close a list or undo a cell, not only to leave: once the
        # clerk has typed something, ask before it is thrown away (the question is not
        # modal to the program: it is answered like any window, `stop_question`).
        if self.has_answers():
            self._ask_before_quitting()
            return
        super().reject()

    def has_answers(self) -> bool:
        typed = self.settings()
        return typed != CommissionSettings(town_id=typed.town_id)

    def _ask_before_quitting(self) -> None:
        if self.stop_question is not None:
            return
        box = QMessageBox(QMessageBox.Icon.Question, "Stop setting up?",
                          "Stop setting up the commission? Nothing has been saved yet: "
                          "what you typed here will be lost.",
                          QMessageBox.StandardButton.NoButton, self)
        box.setObjectName("stop-setting-up")
        keep = box.addButton("&Keep setting up", QMessageBox.ButtonRole.RejectRole)
        quit_button = box.addButton("&Quit setup", QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        self.stop_question = box

        def answered() -> None:
            self.stop_question = None
            box.deleteLater()
            if box.clickedButton() is quit_button:
                QWizard.reject(self)

        box.finished.connect(answered)
        box.open()

    def set_busy(self, busy: bool, text: str = "") -> None:
        """Busy: every button off and a line saying what is being done; not busy with
        a text: the reason the last Finish failed, in red."""
        self._busy = busy
        for page in (self.welcome, self.commission):
            page.failure.setVisible(bool(text) and page is self.currentPage())
            page.failure.setText(text)
            page.failure.setStyleSheet("" if busy else colours.style(colours.PROBLEM))
        for which in (QWizard.WizardButton.FinishButton, QWizard.WizardButton.BackButton,
                      QWizard.WizardButton.CancelButton, QWizard.WizardButton.NextButton):
            self.button(which).setEnabled(not busy)
        self.currentPage().setEnabled(not busy)
        if not busy:  # QWizard works out Finish from the page again
            self.currentPage().completeChanged.emit()

    def show_failure(self, reason: str) -> None:
        """The records could not be made: say why in one line, keep every answer."""
        self.set_busy(False, f"Not set up yet: {reason}")
        self.show()
        self.raise_()

    def finished_into(self) -> None:
        """The main window is up: the wizard goes (without emitting accepted again)."""
        self._busy = False
        self.hide()
        self.deleteLater()

    def warn_about_location(self, warning: str | None, local: str | None) -> None:
        """The records would be made in a sync folder or on a share: say so beside every
        page, with one click to make them in this computer's data folder instead."""
        if not warning:
            return
        from PySide6.QtWidgets import QPushButton

        side = QWidget()
        side.setObjectName("location-warning")
        side.setMaximumWidth(260)
        layout = QVBoxLayout(side)
        self.location_line = QLabel(f"⚠ {warning}")
        self.location_line.setWordWrap(True)
        self.location_line.setStyleSheet(colours.style(colours.WARNING))
        layout.addWidget(self.location_line)
        if local:
            self.local_button = QPushButton("Keep the records on &this computer")
            self.local_button.setToolTip(local)
            self.local_button.clicked.connect(lambda: self._chose_local(local))
            layout.addWidget(self.local_button)
        layout.addStretch(1)
        self._side = side  # PySide does not hand the side widget to the wizard to keep
        self.setSideWidget(side)

    def _chose_local(self, local: str) -> None:
        self.location_line.setText(f"The records will be kept on this computer, in {local}.")
        self.location_line.setStyleSheet("")
        self.local_button.hide()
        self.use_local_folder.emit()

    @property
    def wants_demo(self) -> bool:
        return self.welcome.demo.isChecked()

    def settings(self) -> CommissionSettings:
        return self.commission.form.settings()[0]
