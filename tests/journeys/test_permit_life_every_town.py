"""Issue 30, item 8: in each town's profile, through the real window on an empty data
folder (the first-run wizard set to that town), a Request for Determination and a
joint Notice of Intent (under the Act and the town's bylaw) from filing to decision,
the Order recorded at the Registry and its Certificate of Compliance; every paper
made through the record's "Make a document…" (the legal notice from the calendar,
the abutter letters from the mailing), read back as text and checked against what
the town's bylaw and the state's law say it must carry (the section beside each
expectation, in TOWNS below).

One program run per town (about 25 s each under offscreen Qt): marked slow."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, time, timedelta
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QDate, QDateTime, Qt, QTime
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton, QWizard

from concom_desk.domain.ma_calendar import legal_holidays
from concom_desk.domain.plain_dates import long_date
from concom_desk.services.commission.settings import load_settings
from concom_desk.ui.calendar.booking_dialog import BookHearingDialog
from concom_desk.ui.calendar.hearing_dialogs import CloseHearingDialog
from concom_desk.ui.calendar.meeting_dialogs import ScheduleDialog, SpecialMeetingDialog
from concom_desk.ui.calendar.notice_dialogs import PublicationDialog
from concom_desk.ui.calendar.vote_dialog import VoteDialog
from concom_desk.ui.filings.decision_dialog import DecisionDialog
from concom_desk.ui.filings.document_maker import DocumentMakerDialog
from concom_desk.ui.filings.filing_form import FilingFormDialog
from concom_desk.ui.filings.filing_record import FilingRecordDialog
from concom_desk.ui.main_window import MainWindow
from concom_desk.ui.setup.setup_wizard import SetupWizard
from tests.helpers.clock import TEST_TODAY
from tests.helpers.docx_reading import every_word, full_text
from tests.journeys.conftest import Steps, Wait, filled_form, top_level
from tests.journeys.first_run import MEMBERS
from tests.journeys.test_a_notice_of_intent import (
    ASSESSORS_LIST,
    calendar_tab,
    change_status,
    choose_tab,
    press_save,
    three_years_on,
)

pytestmark = pytest.mark.slow

RDA_NO, NOI_NO = "2026-201", "2026-202"
DEP_NO = "SE 082-1234"
BOOK, PAGE = "70123", "45"
NEWSPAPER = "The County Courier"
TONIGHT = time(19, 0)
RDA_FINDING = "Box 3: The work described in the Request is within the Buffer Zone and " \
              "will not alter an Area subject to protection."
RDA_CONDITION = "Erosion controls stay in place until the lawn is established."
NOI_CONDITION = "Plant 12 native shrubs along the wetland line before the deck is built."
INSPECTOR = "Jamie Park, Conservation Agent"
INSPECTION = "Slopes stabilized; erosion controls removed."


@dataclass(frozen=True)
class Town:
    """What a town's papers must say, written by hand from its bylaw (the source's
    section beside each in TOWNS), not read from the program."""

    id: str
    name: str  # the town the commission serves (the state default: any town)
    registry: str  # the Registry of Deeds district its permits are recorded at
    bylaw: str  # how "issued under" names the town's law ("" on the Act alone)
    term: str  # the permit's Term paragraph cites the law that sets the three years
    dep_office: str  # MassDEP's regional office the Act's notices point to


TOWNS = [
    # The state default: the Act alone (MGL c.131 §40); the Order valid three years
    # (310 CMR 10.05(6)(d)); the clerk names the Registry (Maynard: Middlesex South).
    Town("massachusetts", "Maynard", "Middlesex South", "", "310 CMR 10.05(6)(d)", ""),
    # Upton ch. 330 (seeds/001 l.40): "A permit shall expire three years from the date of
    # issuance"; Worcester County, south district; MassDEP Central Region.
    Town("upton", "Upton", "Worcester South",
         "Town of Upton General Bylaws, Chapter 330, Wetlands Regulations",
         "Upton ch. 330", "MassDEP Central Regional Office"),
    # Shutesbury Wetlands Protection Bylaw § 7 (seeds/003 l.119): "A permit shall expire
    # three years from the date of issuance"; Franklin County; MassDEP Western Region.
    Town("shutesbury", "Shutesbury", "Franklin", "Town of Shutesbury Wetlands Protection "
         "Bylaw", "Shutesbury § 7", "MassDEP Western Regional Office"),
    # Nantucket Code ch. 136, "Permit and conditions" (seeds/000 l.15, l.27: recorded "in
    # the Nantucket Registry of Deeds"); MassDEP Southeast Region (Cape and Islands).
    Town("nantucket", "Nantucket", "Nantucket", "Code of the Town of Nantucket, Chapter "
         "136, Wetlands", "Nantucket ch. 136", "MassDEP Southeast Regional Office"),
    # Sandwich Bylaws § 7.35 Part 3: "A permit issued under this bylaw shall expire three
    # (3) years from the date of issuance"; Barnstable County; Southeast Region.
    Town("sandwich", "Sandwich", "Barnstable", "Town of Sandwich Bylaws, Section 7.00, "
         "Wetland Protection", "Sandwich § 7.35 Part 3", "MassDEP Southeast Regional Office"),
    # Bourne BWR 1.05(7)(d): "a Permit shall be valid for three years from the date of its
    # issuance"; Barnstable County; Southeast Region.
    Town("bourne", "Bourne", "Barnstable", "Town of Bourne Wetlands Protection Bylaw and "
         "Regulations (BWR 1.00)", "BWR 1.05(7)(d)", "MassDEP Southeast Regional Office"),
]


def through_the_wizard_for(town: Town) -> Steps:
    """The first-run wizard with this town's profile chosen (tests/journeys/first_run.py
    does the same for the state default, asserting every field it saves)."""
    wizard: SetupWizard = yield Wait("the first-run wizard", lambda: top_level(SetupWizard))
    wizard.button(QWizard.WizardButton.NextButton).click()
    form = wizard.commission.form
    form.town.setCurrentIndex(form.town.findData(town.id))
    QTest.keyClicks(form.name, f"{town.name} Conservation Commission")
    form.address.setFocus()
    for number, line in enumerate(["Town Hall", "1 Main Street", f"{town.name}, MA"]):
        if number:
            QTest.keyClick(form.address, Qt.Key.Key_Return)
        QTest.keyClicks(form.address, line)
    QTest.keyClicks(form.clerk_initials, "jb")
    QTest.keyClicks(form.newspaper, NEWSPAPER)
    if town.bylaw:  # the town's rules bring its Registry
        assert form.deeds_registry.currentText() == town.registry
    else:  # the state default is no town: the clerk names the district
        form.deeds_registry.setCurrentText(town.registry)
    for row, member in enumerate(MEMBERS):
        form.add_member_button.click()
        for column, text in enumerate(member):
            form.members.item(row, column).setText(text)
    finish = wizard.button(QWizard.WizardButton.FinishButton)
    assert finish.isEnabled(), form.problems.text()
    finish.click()
    window: MainWindow = yield Wait(
        "the main window after Finish",
        lambda: (w := top_level(MainWindow)) and w.tabs.isEnabled()
        and w.statusBar().currentMessage().startswith("0 filings") and w)
    saved = load_settings(window.db)
    assert saved is not None and saved.town_id == town.id
    return window


def file_one(window: MainWindow, town: Town, kind: str, file_no: str) -> Steps:
    """File → New filing…, typed in, saved; its record opened from the Filings list."""
    window.new_action.trigger()
    form: FilingFormDialog = yield Wait("the new filing form",
                                        lambda: top_level(FilingFormDialog))
    form.kind.setCurrentIndex(form.kind.findData(kind))
    form.file_no.setText(file_no)
    if kind == "noi":
        form.dep_file_no.setText(DEP_NO)
    if town.bylaw:  # under both laws, as a joint filing is
        form.laws.setCurrentIndex(form.laws.findData("both"))
    form.address.setText("12 Pond Road")
    form.map_lot.setText("14-22")
    form.work.setPlainText("Build a deck and regrade a lawn within the buffer zone"
                           if kind == "noi" else "Regrade a lawn within the buffer zone")
    choose_tab(form.tabs, "&Parties")
    form.parties_tab.applicant.setText("Daniel Forsberg")
    mail = form.parties_tab.applicant_mail
    for box, text in ((mail.street, "12 Pond Road"), (mail.city, town.name),
                      (mail.state, "MA"), (mail.zip, "01568")):
        box.setText(text)
    assert form.save_button.isEnabled(), form.problems.text()
    form.save_button.click()
    yield Wait(f"{file_no} in the Filings list",
               lambda: any(r.file_no == file_no for r in window.filings_tab.model.rows()))
    row = next(r for r in window.filings_tab.model.rows() if r.file_no == file_no)
    tabs = window.tabs
    tabs.setCurrentIndex(next(i for i in range(tabs.count()) if tabs.tabText(i) == "F&ilings"))
    table = window.filings_tab.table
    table.setFocus()
    shown = window.filings_tab.shown_rows()
    table.setCurrentIndex(table.model().index(shown.index(row), 0))
    QTest.keyClick(table, Qt.Key.Key_Return)
    record = yield Wait(f"{file_no}'s record", lambda: record_of(file_no))
    return row.id, record


def record_of(file_no: str) -> FilingRecordDialog | None:
    """The open record window of this filing, if it is up."""
    for widget in QApplication.topLevelWidgets():
        if (isinstance(widget, FilingRecordDialog) and widget.isVisible()
                and widget.detail is not None and widget.detail.row.file_no == file_no):
            return widget
    return None


def make_document(record: Any, template: str) -> Steps:
    """The record's "Make a document…", `template` chosen, Make: the saved file."""
    make = next(b for b in record.findChildren(QPushButton) if b.text() == "Make a &document…")
    make.click()
    maker: DocumentMakerDialog = yield Wait(
        "the Make a document dialog", lambda: top_level(DocumentMakerDialog))
    index = maker.template.findData(template)
    assert index >= 0, (template, [maker.template.itemData(i)
                                   for i in range(maker.template.count())])
    maker.template.setCurrentIndex(index)
    note = maker.draft_note.text()
    maker.make_button.click()
    yield Wait(f"the {template} made", lambda: maker.document_path is not None)
    path = maker.document_path
    maker.close()
    return path, note


def the_permit_lives(town: Town, folder: Path, papers: dict[str, Path],
                     notes: dict[str, str]) -> Steps:
    today = TEST_TODAY
    window = yield from through_the_wizard_for(town)
    rda_id, rda = yield from file_one(window, town, "rda", RDA_NO)
    noi_id, noi = yield from file_one(window, town, "noi", NOI_NO)

    # The abutters of the NOI: the assessor's list, the mailing's letters.
    panel = choose_tab(noi.panels, "&Abutters")
    panel.import_button.click()
    listing = folder / "assessors-list.csv"
    listing.write_text(ASSESSORS_LIST, encoding="utf-8")
    importer = panel.import_dialog
    importer.load_file(listing)
    yield Wait("the list checked", lambda: not importer.busy
               and importer.import_button.isEnabled())
    importer.import_button.click()
    yield Wait("the abutters imported", lambda: not importer.busy
               and panel.count_label.text() == "2 owners to notify")
    importer.close()
    panel.mailing_button.click()
    mailing = panel.mailing_dialog
    mailing.folder_edit.setText(str(folder / "mailing"))
    mailing.make_button.click()
    yield Wait("the mailing made", lambda: not mailing.busy and mailing.open_buttons)
    letters = [p for p in (folder / "mailing").iterdir() if "etter" in p.name]
    assert letters, sorted(p.name for p in (folder / "mailing").iterdir())
    papers["abutter-letter"] = letters[0]
    mailing.close()

    # Tonight's special meeting, both hearings booked at it.
    tab = calendar_tab(window)
    yield Wait("the hearing calendar", lambda: tab.buttons)
    tab.go_to_day(today)
    tab.buttons["meetings"].click()
    schedule = tab.active_dialog
    assert isinstance(schedule, ScheduleDialog)
    next(b for b in schedule.findChildren(QPushButton)
         if b.text() == "Special meeting…").click()
    special = tab.active_dialog
    assert isinstance(special, SpecialMeetingDialog)
    special.at.setDateTime(QDateTime(QDate(today), QTime(TONIGHT.hour, TONIGHT.minute)))
    special.place.setText("Town Hall, Room 2")
    press_save(special)
    yield Wait("the meeting on today's calendar",
               lambda: tab.status.text() == "Special meeting added."
               and not tab.loader.loading)
    (tonight,) = [m for m in tab.snapshot.meetings if m.day == today]
    for filing_id in (rda_id, noi_id):
        tab.go_to_day(today)
        tab.buttons["book"].click()
        yield Wait("the booking dialog",
                   lambda: isinstance(tab.active_dialog, BookHearingDialog))
        booking = tab.active_dialog
        booking.filing_box.setCurrentIndex(booking.filing_box.findData(filing_id))
        booking.meeting_box.setCurrentIndex(booking.meeting_box.findData(tonight.meeting_id))
        assert not any(t.startswith("STOP") for t in booking.findings.texts())
        if booking.acknowledge.isVisible():
            booking.acknowledge.setChecked(True)
        booking.book_button.click()
        yield Wait("the hearing booked", lambda: tab.status.text() == "Hearing booked."
                   and not tab.loader.loading)

    # The legal notice for the meeting, and its publication recorded.
    tab.go_to_day(today)
    tab.buttons["legal_notice"].click()
    yield Wait("the legal notice", lambda: tab.last_document is not None)
    papers["legal-notice"] = tab.last_document
    tab.go_to_day(today)
    tab.buttons["published"].click()
    yield Wait("the publication dialog",
               lambda: isinstance(tab.active_dialog, PublicationDialog))
    publication = tab.active_dialog
    assert publication.newspaper.text() == NEWSPAPER  # as the wizard set it
    press_save(publication)
    yield Wait("the publication recorded", lambda: not publication.isVisible()
               and not tab.loader.loading)

    # The hearings held, closed and voted.
    for filing_id, record, motion in (
            (rda_id, rda, f"Issue a negative determination for {RDA_NO}"),
            (noi_id, noi, f"Issue an Order of Conditions for {NOI_NO}")):
        yield from change_status(record, "hearing")
        tab.go_to_day(today)
        tab.buttons["close"].click()
        yield Wait("the close dialog",
                   lambda: isinstance(tab.active_dialog, CloseHearingDialog))
        closing = tab.active_dialog
        box = closing.hearing_box
        (index,) = [i for i in range(box.count()) if record.detail.row.file_no
                    in box.itemText(i)]
        box.setCurrentIndex(index)
        closing.ok_button.click()
        yield Wait("the hearing closed", lambda: tab.status.text().startswith(
            "Hearing closed") and not tab.loader.loading)
        tab.go_to_day(today)
        tab.buttons["vote"].click()
        yield Wait("the vote dialog", lambda: isinstance(tab.active_dialog, VoteDialog))
        vote = tab.active_dialog
        vote.motion.setText(motion)
        vote.filing_box.setCurrentIndex(vote.filing_box.findData(filing_id))
        for box in list(vote.present.values())[:5]:
            box.setChecked(True)
        vote.ok_button.click()
        yield Wait("the vote recorded", lambda: tab.status.text().startswith("Vote recorded:"))
    return window, rda_id, noi_id, rda, noi


def decided_recorded_and_certified(window: MainWindow, rda: Any, noi: Any,
                                   papers: dict[str, Path], notes: dict[str, str]) -> Steps:
    today = TEST_TODAY

    def negative(dialog: DecisionDialog) -> None:
        index = dialog.kind.findData("negative_determination")
        assert index >= 0
        dialog.kind.setCurrentIndex(index)
        dialog.findings.setPlainText(RDA_FINDING)
        dialog.conditions.setPlainText(RDA_CONDITION)

    yield from change_status(rda, "issued", negative)
    for template in ("determination-negative", "form-2-determination-of-applicability"):
        papers[template], notes[template] = yield from make_document(rda, template)

    def order(dialog: DecisionDialog) -> None:
        dialog.conditions.setPlainText(NOI_CONDITION)

    yield from change_status(noi, "issued", order)
    for template in ("permit", "form-5-order-of-conditions"):
        papers[template], notes[template] = yield from make_document(noi, template)

    noi.edit_button.click()
    form: FilingFormDialog = yield Wait("the filing form, to edit, filled",
                                        lambda: filled_form(top_level(FilingFormDialog)))
    choose_tab(form.tabs, "&Recording")
    form.dates["recorded"].setText(today.isoformat())
    form.recorded_book.setText(BOOK)
    form.recorded_page.setText(PAGE)
    assert form.save_button.isEnabled(), form.problems.text()
    form.save_button.click()
    yield Wait("the recording in the record's summary",
               lambda: f"Recorded: {today}, Book {BOOK}, Page {PAGE}"
               in noi.summary.text().splitlines())

    def certificate(dialog: DecisionDialog) -> None:
        dialog.inspected_on.setText(today.isoformat())
        dialog.inspected_by.setText(INSPECTOR)
        dialog.inspection_findings.setText(INSPECTION)

    yield from change_status(noi, "completed", certificate)
    for template in ("certificate-of-compliance", "form-8b-certificate-of-compliance"):
        papers[template], notes[template] = yield from make_document(noi, template)
    rda.close()
    noi.close()


def test_an_rda_and_a_joint_noi_from_filing_to_certificate(
        town: Town, run_program: Callable, tmp_path: Path) -> None:
    papers: dict[str, Path] = {}
    notes: dict[str, str] = {}

    def steps() -> Steps:
        window, rda_id, noi_id, rda, noi = yield from the_permit_lives(
            town, tmp_path, papers, notes)
        yield from decided_recorded_and_certified(window, rda, noi, papers, notes)
        window.close()

    assert run_program(steps()) == 0
    check_the_papers(town, papers, notes)


def business_days_before(day: date, count: int) -> date:
    """Counted back over weekends and legal holidays (M.G.L. c.4 §9)."""
    while count:
        day -= timedelta(days=1)
        if day.weekday() < 5 and day not in legal_holidays(day.year):
            count -= 1
    return day


def check_the_papers(town: Town, papers: dict[str, Path], notes: dict[str, str]) -> None:
    today = TEST_TODAY
    text = {name: full_text(path) for name, path in papers.items()}
    lines = {name: t.splitlines() for name, t in text.items()}

    def after(paper: str, label: str) -> str:
        found = lines[paper]
        assert label in found, (paper, label)
        return found[found.index(label) + 1]

    commission = f"{town.name} Conservation Commission"
    under = ("issued under the Wetlands Protection Act (MGL c.131 §40)" + (
        f" and the {town.name} wetlands bylaw ({town.bylaw})" if town.bylaw else ""))
    # Made after the record had all it needs: none is a DRAFT (issue 30, item 1).
    for name, body in text.items():
        assert "DRAFT" not in body, name
        assert commission in body or town.name in body, name
    for name in ("determination-negative", "permit", "certificate-of-compliance"):
        assert notes[name] == "", name
        assert lines[name][0] == commission and under in lines[name], name
        # MGL c.131 §40: signed by a majority of the commission (4 of the 7 in office).
        assert (f"Signed by a majority of the members of the {commission} in office (4 of 7 "
                "members must sign).") in lines[name], name

    # The legal notice: the Act's five business days before the hearing (310 CMR
    # 10.05(5)(b)), the stricter of it and any bylaw's ("five days", Nantucket ch. 136,
    # Bourne BWR 1.05(4)(b)1; "five working days", Shutesbury § 5, Sandwich § 7.25 Part 2).
    publish_by = business_days_before(today, 5)
    assert f"To {NEWSPAPER}: please publish once, on or before {long_date(publish_by)}." \
        in lines["legal-notice"]
    # The bylaw cited by its title, as the permit cites it.
    laws = "the Wetlands Protection Act (MGL c.131 §40)" + (
        f" and the {town.name} wetlands bylaw ({town.bylaw})" if town.bylaw else "")
    assert (f"Under {laws}, the {commission} will hold public hearings on "
            f"{today:%A}, {long_date(today)} at 7:00 PM at Town Hall, Room 2 on the "
            "following:") in lines["legal-notice"]
    assert any(line.endswith(f"(file {NOI_NO}, DEP {DEP_NO}): Build a deck and regrade a "
                             "lawn within the buffer zone.") for line in lines["legal-notice"])
    if town.dep_office:  # 310 CMR 10.05(4)(a): where to ask about a filing under the Act
        assert town.dep_office in text["legal-notice"]
        assert town.dep_office in text["abutter-letter"]

    # The abutter letter (MGL c.131 §40 ¶1; each town's notice to abutters section).
    assert f"Re: Notice to abutters — Notice of Intent / Application for Permit, 12 Pond " \
        f"Road, map/lot 14-22 (file {NOI_NO})" in lines["abutter-letter"]
    assert "Town Hall, 1 Main Street, " + f"{town.name}, MA" in lines["abutter-letter"]

    # The negative determination: its findings and its conditions as voted, valid three
    # years (310 CMR 10.05(3)(b)); no bylaw named where there is none.
    body = text["determination-negative"]
    assert RDA_FINDING in body and RDA_CONDITION in body
    without = "a permit under the bylaw" if town.bylaw else "a Notice of Intent under the Act"
    assert (f"The work may proceed as described without {without}, subject to the following "
            "conditions:") in lines["determination-negative"]
    assert after("determination-negative", "Valid until") == long_date(three_years_on(today))
    # WPA Form 2: the Negative box and its box 3 (the finding says which), the condition.
    form_2 = every_word(papers["form-2-determination-of-applicability"]).replace("\t", "")
    assert "☒Negative Determination" in form_2 and "☐Positive Determination" in form_2
    assert "☒3. The work described in the Request is within the Buffer Zone" in form_2
    assert RDA_CONDITION in form_2

    # The town's permit: the three years its own law sets, recorded at its Registry.
    assert after("permit", "Expires") == long_date(three_years_on(today))
    term = after("permit", "Term")
    assert term.startswith(f"This permit expires on {long_date(three_years_on(today))}")
    assert town.term in term, term
    assert after("permit", "To be recorded at") == f"{town.registry} Registry of Deeds"
    assert NOI_CONDITION in text["permit"]
    # Form 5: the Order under the Act; its special conditions the decision's, from 1.
    form_5 = full_text(papers["form-5-order-of-conditions"]).splitlines()
    special = form_5[form_5.index("Special Conditions:") + 1:]
    # A bylaw town's standard conditions are its permit's (Form 5 D.1); the state
    # default's restate the form's own General Conditions: neither is printed here.
    assert special[0] == f"1.  {NOI_CONDITION}"
    assert "☒\ta. Order of Conditions" in form_5
    assert ("☒\tYes        ☐  No" if town.bylaw else "☐\tYes        ☒  No") in form_5

    # The certificate, from the permit's own record (issue 30, item 2): the permit's issue
    # date and recording, the inspection, its own date; recorded after it is issued
    # (MGL c.131 §40; 310 CMR 10.05(9)), at the town's Registry.
    assert after("certificate-of-compliance", "Permit") == (
        f"{NOI_NO} (DEP {DEP_NO}), issued {long_date(today)}, recorded {long_date(today)}, "
        f"Book {BOOK}, Page {PAGE}")
    assert after("certificate-of-compliance", "Site inspection") == (
        f"{long_date(today)}, by {INSPECTOR}")
    assert f"At the site inspection: {INSPECTION}" in lines["certificate-of-compliance"]
    assert (f"The {commission} certifies that the work regulated by the permit named above "
            "has been completed in compliance with it.") in lines["certificate-of-compliance"]
    recording = after("certificate-of-compliance", "Recording")
    assert recording.startswith(f"The owner must record this Certificate at the "
                                f"{town.registry} Registry of Deeds")
    assert recording.endswith("(MGL c.131 §40; 310 CMR 10.05(9)).")
    assert "Before any work begins" not in text["certificate-of-compliance"]
    # Form 8B: a full release (box 1), not a partial one; the Order's date and DEP number.
    form_8b = every_word(papers["form-8b-certificate-of-compliance"]).replace("\t", "")
    assert "☒1. Complete Certification" in form_8b
    assert "☐2. Partial Certification" in form_8b
    # A.2 the Order: its date beside its DEP number; A.4 the inspection's date.
    assert f"{long_date(today)}{DEP_NO}NameDatedDEP File Number" in form_8b
    assert f"applicant's agent, on:{long_date(today)}" in form_8b


@pytest.fixture(params=TOWNS, ids=[t.id for t in TOWNS])
def town(request: pytest.FixtureRequest) -> Town:
    return request.param
