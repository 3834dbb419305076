"""Every top-level window and dialog the program has, found by reading concom_desk/ui
(not listed by hand) and opened on the demo town: the tests that each fits the screen,
names each control for a screen reader and gives each Alt+letter one meaning walk them
all (tests/ui/test_every_window.py). A new dialog class with no opener here fails
`test_every_window_class_is_opened`: add how a person gets to it to OPENERS."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QCalendarWidget,
    QComboBox,
    QWidget,
)

UI = Path(__file__).resolve().parents[2] / "concom_desk" / "ui"
QT_WINDOWS = {"QDialog", "QMainWindow", "QWizard"}


def window_classes() -> dict[str, str]:
    """Class name → module of every QDialog, QMainWindow and QWizard subclass under
    concom_desk/ui, subclasses of those included (a scan of the source: a class added
    tomorrow is found)."""
    bases: dict[str, tuple[str, set[str]]] = {}
    for path in sorted(UI.rglob("*.py")):
        module = ".".join(path.relative_to(UI.parents[1]).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                names = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "")
                         for b in node.bases}
                bases[node.name] = (module, names)
    found: dict[str, str] = {}
    grew = True
    while grew:
        grew = False
        for name, (module, names) in bases.items():
            if name not in found and names & (QT_WINDOWS | set(found)):
                found[name] = module
                grew = True
    return found


# Shared bases: opened through each of their subclasses.
BASES = {"RecordDialog", "_ReasonDialog"}


@dataclass
class Desk:
    """The demo town open in a main window, and the records a dialog is opened on."""

    window: Any
    today: date

    @property
    def db(self) -> Any:
        return self.window.db

    def first(self, model: Any, *where: Any) -> Any:
        from sqlalchemy import select

        with self.db.read_session() as session:
            found = session.scalars(select(model).where(*where).order_by(model.id)).first()
            assert found is not None, (model, where)
            session.expunge(found)
            return found

    def noi(self) -> Any:
        from concom_desk.store.models.filings import Filing

        return self.first(Filing, Filing.kind == "noi", Filing.status == "hearing")

    def meetings(self) -> list[Any]:
        from concom_desk.services.calendar.loading import load_calendar

        return list(load_calendar(self.db).meetings)

    def meeting(self) -> Any:
        return next(m for m in reversed(self.meetings())
                    if m.day <= self.today and m.hearings and not m.cancelled)


def _record(desk: Desk) -> Any:
    return desk.window.open_filing(desk.noi().id)


def _case(desk: Desk) -> Any:
    from concom_desk.store.models.enforcement import EnforcementCase, EnforcementOrder

    order = desk.first(EnforcementOrder, EnforcementOrder.id > 0)
    return desk.first(EnforcementCase, EnforcementCase.id == order.case_id)


def _fine(desk: Desk) -> Any:
    from concom_desk.store.models.enforcement import Fine

    return desk.first(Fine)


def _enforcement(name: str) -> Callable[[Desk], QWidget]:
    def open_it(desk: Desk) -> QWidget:
        from concom_desk.store.models.enforcement import EnforcementOrder
        from concom_desk.ui.enforcement import dialogs, ledger_dialogs

        db, today, case = desk.db, desk.today, _case(desk)
        fine = _fine(desk)
        order = desk.first(EnforcementOrder, EnforcementOrder.case_id == case.id)
        return {
            "ComplaintDialog": lambda: dialogs.ComplaintDialog(db, today, desk.window),
            "InspectionDialog": lambda: dialogs.InspectionDialog(db, case.id, today,
                                                                 desk.window),
            "OrderDialog": lambda: dialogs.OrderDialog(db, case.id, today,
                                                       parent=desk.window),
            "FineDialog": lambda: ledger_dialogs.FineDialog(db, case.id, today, desk.window),
            "PaymentDialog": lambda: ledger_dialogs.PaymentDialog(
                db, fine.id, fine.amount_cents, today, desk.window),
            "WaiverDialog": lambda: ledger_dialogs.WaiverDialog(
                db, fine.id, fine.amount_cents, today, desk.window),
            "RatifyDialog": lambda: ledger_dialogs.RatifyDialog(
                db, order.id, order.order_no,
                [(m.meeting_id, m.day) for m in desk.meetings()[-3:]], desk.window),
            "VoidDialog": lambda: ledger_dialogs.VoidDialog(db, case.id, case.case_no,
                                                            desk.window),
        }[name]()
    return open_it


def _calendar(name: str) -> Callable[[Desk], QWidget]:
    def open_it(desk: Desk) -> QWidget:
        from concom_desk.ui.calendar import (
            booking_dialog,
            executive_session_dialog,
            hearing_dialogs,
            meeting_dialogs,
            minutes_approval,
            minutes_view,
            notice_dialogs,
            public_records_desk,
            vote_dialog,
        )

        db, today, meeting, parent = desk.db, desk.today, desk.meeting(), desk.window
        return {
            "ScheduleDialog": lambda: meeting_dialogs.ScheduleDialog(db, today, parent),
            "SpecialMeetingDialog": lambda: meeting_dialogs.SpecialMeetingDialog(
                db, today, parent),
            "MeetingChangeDialog": lambda: meeting_dialogs.MeetingChangeDialog(
                db, meeting, today, parent),
            "PublicationDialog": lambda: notice_dialogs.PublicationDialog(
                db, meeting, today, parent),
            "PostingDialog": lambda: notice_dialogs.PostingDialog(
                db, meeting, datetime.combine(today, time(9, 0)), parent),
            "ContinueHearingDialog": lambda: hearing_dialogs.ContinueHearingDialog(
                db, desk.meetings(), today, meeting.hearings[0].hearing_id, parent),
            "CloseHearingDialog": lambda: hearing_dialogs.CloseHearingDialog(
                db, today, meeting.hearings[0].hearing_id, parent),
            "PublicRecordsDesk": lambda: public_records_desk.PublicRecordsDesk(db, today, parent),
            "MinutesDialog": lambda: minutes_view.MinutesDialog(db, meeting.meeting_id,
                                                                today, parent),
            "VoteDialog": lambda: vote_dialog.VoteDialog(db, meeting, parent=parent,
                                                         today=today),
            "BookHearingDialog": lambda: booking_dialog.BookHearingDialog(
                db, desk.meetings(), today, parent=parent),
            "ApproveDialog": lambda: minutes_approval.ApproveDialog(
                _approvals(), parent, without_summary=[f"Hearing {n}: 12 Pond Road, Notice "
                                                       "of Intent" for n in range(9)]),
            "AmendDialog": lambda: minutes_approval.AmendDialog(parent),
            "ExecutiveSessionDialog": lambda: executive_session_dialog.ExecutiveSessionDialog(
                parent),
            "ExecutiveMinutesDialog": lambda: _executive_minutes(db, meeting, today, parent),
        }[name]()
    return open_it


def _executive_minutes(db: Any, meeting: Any, today: date, parent: QWidget) -> QWidget:
    """The dialog on a meeting that entered executive session (the demo's has none:
    the roll-call vote is recorded first, as the clerk does)."""
    from concom_desk.domain.executive_session import entry_motion
    from concom_desk.domain.votes import VoteChoice
    from concom_desk.services.calendar.votes import members_for_meeting, record_vote
    from concom_desk.ui.calendar.executive_minutes_dialog import ExecutiveMinutesDialog

    voting = {m.member_id: VoteChoice.YES for m in members_for_meeting(db, meeting.meeting_id)
              if m.in_office}
    record_vote(db, meeting.meeting_id, entry_motion(6, "the purchase of Map 12 Lot 4", True),
                voting, today=max(today, meeting.day))
    return ExecutiveMinutesDialog(db, meeting.meeting_id, parent)


def _approvals() -> list[Any]:
    from concom_desk.services.minutes.sets import ApprovalChoice

    return [ApprovalChoice(1, date(2026, 11, 20), "Approve the minutes of November 6")]


def _filing(name: str) -> Callable[[Desk], QWidget]:
    def open_it(desk: Desk) -> QWidget:
        from concom_desk.services.filings.decisions import decision_asked
        from concom_desk.ui.filings import (
            acts_coverage,
            decision_dialog,
            decision_waiver_dialog,
            expiry_watch,
            status_dialogs,
        )

        noi, window, today = desk.noi(), desk.window, desk.today
        return {
            "FilingRecordDialog": lambda: _record(desk),
            "FilingFormDialog": lambda: window.new_filing(),
            "DocumentMakerDialog": lambda: window.make_document(_record(desk)),
            "ExpiryWatchDialog": lambda: expiry_watch.open_watch(window),
            "ActsCoverageDialog": lambda: acts_coverage.ActsCoverageDialog(
                noi.file_no, "", lambda reason: None, window),
            "CorrectStatusDialog": lambda: status_dialogs.CorrectStatusDialog(
                noi.file_no, noi.status, lambda status, why: None, window),
            "VoidFilingDialog": lambda: status_dialogs.VoidFilingDialog(
                noi.file_no, lambda why: None, window),
            "DecisionWaiverDialog": lambda: decision_waiver_dialog.DecisionWaiverDialog(
                noi.file_no, today, lambda *args: None, window),
            "DecisionDialog": lambda: decision_dialog.DecisionDialog(
                decision_asked(desk.db, noi.id, "issued"), "issued", today, window),
            "FilingInspectionDialog": lambda: _record(desk).inspections_panel.record(),
        }[name]()
    return open_it


def _abutters(name: str) -> Callable[[Desk], QWidget]:
    def open_it(desk: Desk) -> QWidget:
        from concom_desk.services.parcels.list_comparison import (
            ComparedOwner,
            ListComparison,
        )
        from concom_desk.ui.abutters import (
            import_dialog,
            list_comparison_dialog,
            mailing_dialog,
            parcel_abutters_dialog,
        )

        db, filing, parent = desk.db, desk.noi().id, desk.window
        owners = (ComparedOwner("Smith Robert", "3 Elm St, Upton", "", "only on the "
                                "computed list"),)
        return {
            "AbutterImportDialog": lambda: import_dialog.AbutterImportDialog(db, filing,
                                                                             parent),
            "AbutterMailingDialog": lambda: mailing_dialog.AbutterMailingDialog(
                db, filing, parent),
            "ParcelAbuttersDialog": lambda: parcel_abutters_dialog.ParcelAbuttersDialog(
                db, filing, parent),
            "ListComparisonDialog": lambda: list_comparison_dialog.ListComparisonDialog(
                ListComparison(owners), parent),
        }[name]()
    return open_it


def _land(name: str) -> Callable[[Desk], QWidget]:
    def open_it(desk: Desk) -> QWidget:
        from concom_desk.services.land.conservation_land import LandDraft, lands, save_land
        from concom_desk.ui.land.land_dialogs import open_conservation_land

        if not lands(desk.db):  # the demo town holds none: one the clerk added
            save_land(desk.db, LandDraft("Pond Road Meadow CR", "restriction",
                                         address="14 Pond Road", holder="The commission"))
        listing = open_conservation_land(desk.window)
        listing.view.selectRow(0)
        return {"ConservationLandDialog": lambda: listing,
                "LandFormDialog": lambda: listing.add(),
                "LandVisitDialog": lambda: listing.visit(plan_only=False)}[name]()
    return open_it


def _program(name: str) -> Callable[[Desk], QWidget]:
    def open_it(desk: Desk) -> QWidget:
        from concom_desk.ui import about_dialog, crash_dialog, help_actions, templates_dialog
        from concom_desk.ui.server import connect_dialog, password_dialog
        from concom_desk.ui.setup import settings_dialog

        window = desk.window
        return {
            "MainWindow": lambda: _main_window(window),
            "SetupWizard": lambda: _wizard_on_its_form(),
            "SettingsDialog": lambda: settings_dialog.SettingsDialog(window.settings,
                                                                     lambda s: None, window),
            "AboutDialog": lambda: about_dialog.AboutDialog(help_actions.about_text("x"),
                                                            window),
            "CrashDialog": lambda: crash_dialog.CrashDialog("Traceback: …\n" * 40, window),
            "GuideWindow": lambda: help_actions.GuideWindow(help_actions.guide_file(), window),
            "TemplatesDialog": lambda: templates_dialog.TemplatesDialog(window),
            "MergeFieldsDialog": lambda: _merge_fields(window),
            "ConnectDialog": lambda: connect_dialog.ConnectDialog(window),
            "PasswordDialog": lambda: password_dialog.PasswordDialog(
                "townhall:5432/concom", "clerk", True, window),
        }[name]()
    return open_it


def _merge_fields(window: Any) -> QWidget:
    from concom_desk.paths import data_dir
    from concom_desk.ui.merge_fields_dialog import MergeFieldsDialog
    from tests.helpers.mail_merge_docx import mail_merge_letter

    data_dir().mkdir(parents=True, exist_ok=True)
    letter = mail_merge_letter(data_dir() / "town hall letter.docx")
    return MergeFieldsDialog(letter, "permit", window)


def _main_window(window: Any) -> QWidget:
    """The window with each of its sections built (their controls are walked too)."""
    for name in ("Hearing calendar", "Enforcement"):
        window.show_section(name)
    window.tabs.setCurrentIndex(0)
    return window


def _wizard_on_its_form() -> QWidget:
    from concom_desk.ui.setup.setup_wizard import SetupWizard

    wizard = SetupWizard()
    wizard.show()
    wizard.next()  # the commission's form: the long page
    return wizard


OPENERS: dict[str, Callable[[Desk], QWidget]] = {
    **{n: _enforcement(n) for n in (
        "ComplaintDialog", "InspectionDialog", "OrderDialog", "FineDialog", "PaymentDialog",
        "WaiverDialog", "RatifyDialog", "VoidDialog")},
    **{n: _calendar(n) for n in (
        "ScheduleDialog", "SpecialMeetingDialog", "MeetingChangeDialog", "PublicationDialog",
        "PostingDialog",
        "ContinueHearingDialog", "CloseHearingDialog", "PublicRecordsDesk", "MinutesDialog",
        "VoteDialog", "BookHearingDialog", "ApproveDialog", "AmendDialog",
        "ExecutiveSessionDialog", "ExecutiveMinutesDialog")},
    **{n: _filing(n) for n in (
        "FilingRecordDialog", "FilingFormDialog", "DocumentMakerDialog", "ExpiryWatchDialog",
        "ActsCoverageDialog", "CorrectStatusDialog", "VoidFilingDialog",
        "DecisionWaiverDialog", "DecisionDialog", "FilingInspectionDialog")},
    **{n: _abutters(n) for n in (
        "AbutterImportDialog", "AbutterMailingDialog", "ParcelAbuttersDialog",
        "ListComparisonDialog")},
    **{n: _land(n) for n in ("ConservationLandDialog", "LandFormDialog", "LandVisitDialog")},
    **{n: _program(n) for n in (
        "MainWindow", "SetupWizard", "SettingsDialog", "AboutDialog", "CrashDialog",
        "GuideWindow", "TemplatesDialog", "MergeFieldsDialog", "ConnectDialog",
        "PasswordDialog")},
    "TurnoverDialog": lambda desk: _tools().open_turnover(desk.window),
}


def _tools():  # type: ignore[no-untyped-def]
    from concom_desk.ui import tools_actions

    return tools_actions


def open_desk(db_path: Path, today: date) -> Desk:
    """The demo town's database (a copy the caller made) in the main window, shown."""
    from concom_desk.services.commission.settings import load_settings
    from concom_desk.store import open_database
    from concom_desk.ui.main_window import MainWindow

    db = open_database(db_path, initials="JB")
    settings = load_settings(db)
    window = MainWindow(db, db_path, settings, today)
    window.show()
    return Desk(window, today)


def shown(desk: Desk, name: str) -> QWidget:
    """The window `name` opened as a person opens it, shown and laid out."""
    widget = OPENERS[name](desk)
    if not widget.isVisible():
        widget.show()
    for _ in range(3):
        QApplication.processEvents()
    return widget


def close(widget: QWidget, desk: Desk) -> None:
    if widget is not desk.window:
        widget.close()
        widget.deleteLater()
    for child in QApplication.topLevelWidgets():  # what it opened (a record's maker)
        if child is not desk.window and child.isVisible():
            child.close()
    QApplication.processEvents()


def focusable(window: QWidget) -> Iterator[QWidget]:
    """The controls a person reaches with Tab (a composite's inner parts left out: a
    spin box's line edit, a combo box's list, a calendar's own buttons are named
    through their owner)."""
    for widget in window.findChildren(QWidget):
        if not widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            continue
        if widget.focusProxy() is not None or widget.window() is not window:
            continue
        if not any(isinstance(a, COMPOSITES) for a in _ancestors(widget, window)):
            yield widget


COMPOSITES = (QAbstractSpinBox, QComboBox, QCalendarWidget)  # a date edit is a spin box


def _ancestors(widget: QWidget, window: QWidget) -> Iterator[QWidget]:
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        yield parent
        parent = parent.parentWidget()


def buttons(window: QWidget) -> list[QAbstractButton]:
    return [b for b in window.findChildren(QAbstractButton) if b.isVisible()]


def _outside(window: QWidget) -> list[str]:
    """What of the window lies off the screen's available area: its frame, or a button
    a person must press (buttons inside a scroll area are scrolled to, not listed)."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QAbstractScrollArea

    area = window.screen().availableGeometry()
    off = [] if area.contains(window.frameGeometry()) else [
        f"frame {window.frameGeometry().getRect()} on {area.getRect()}"]
    for button in buttons(window):
        scrolled, parent = False, button.parentWidget()
        while parent is not None and parent is not window:
            scrolled = scrolled or isinstance(parent, QAbstractScrollArea)
            parent = parent.parentWidget()
        corner = button.mapToGlobal(button.rect().topLeft())
        if not scrolled and not area.contains(QRect(corner, button.size())):
            off.append(f"button {button.text()!r}")
    return off + _cramped(window) + _squeezed(window)


def _cramped(window: QWidget) -> list[str]:
    """A form that scrolls where the screen has room for more of it: sideways while the
    window is narrower than the screen, or up and down while it is shorter (a dialog
    left at Qt's default of two thirds of the screen, its fields hidden below)."""
    from concom_desk.ui.screen_fit import FormScroll

    area = window.screen().availableGeometry()
    frame = window.frameGeometry()
    room = 8  # pixels: a frame drawn a little inside the screen's edge is the whole screen
    found = []
    for scroll in window.findChildren(FormScroll):
        if not scroll.isVisible():
            continue
        if scroll.horizontalScrollBar().isVisible() and frame.width() < area.width() - room:
            found.append(f"its form scrolls sideways in {frame.width()} of {area.width()} px")
        if scroll.verticalScrollBar().isVisible() and frame.height() < area.height() - room:
            found.append(f"its form scrolls in {frame.height()} of {area.height()} px")
    return found


def _squeezed(window: QWidget) -> list[str]:
    """A control or a line of text drawn shorter than it needs while the window is
    shorter than the screen (check boxes a few pixels high, one over the other)."""
    from PySide6.QtWidgets import QAbstractScrollArea, QLabel

    area = window.screen().availableGeometry()
    if window.frameGeometry().height() >= area.height() - 8:
        return []  # the screen is full: a long window squeezes, and says so elsewhere
    found = []
    for widget in window.findChildren(QAbstractButton) + window.findChildren(QLabel):
        if not widget.isVisible() or not widget.text().strip() or any(
                isinstance(a, QAbstractScrollArea) for a in _ancestors(widget, window)):
            continue
        need = (widget.heightForWidth(widget.width()) if widget.hasHeightForWidth()
                else widget.minimumSizeHint().height())
        if widget.height() < need - 2:
            found.append(f"{type(widget).__name__} {widget.text()[:30]!r} squeezed to "
                         f"{widget.height()} of {need} px")
    return found


def main(db_path: str) -> None:
    """Run in a program of its own (the screen and its scaling are set before Qt
    starts): open every window, print what lies off the screen; then again after each
    was left remembered far larger than this screen (used on a bigger one)."""
    import json
    import sys

    from concom_desk.clock import today
    from concom_desk.ui.screen_fit import keep_windows_on_screen

    app = QApplication([])
    keep_windows_on_screen(app)  # as the program does (ui/app.py)
    desk = open_desk(Path(db_path), today())
    found: dict[str, list[str]] = {}
    names = [n for n in window_classes() if n not in BASES]
    for round_ in ("opened", "reopened after a larger screen"):
        for name in names:
            widget = shown(desk, name)
            off = _outside(widget)
            if off:
                found[f"{name} {round_}"] = off
            widget.resize(widget.screen().availableGeometry().size() * 2)
            if widget is desk.window:
                widget.hide()  # its size remembered, as on closing
                widget.show()
            close(widget, desk)
    json.dump(found, sys.stdout)


if __name__ == "__main__":
    import sys

    main(sys.argv[1])
