"""An enforcement case to ratification, in every town, through the real window: the
first-run wizard for the town on an empty data folder, a violation found, a case opened
on the Enforcement tab, a violation notice, an emergency enforcement order (the town's
own and MassDEP's Enforcement Order), the order on the next meeting's agenda, its
ratification with each member's vote, and the case closed. Every paper is read as
text and held against what each town's law says, written out by hand below.

Who may issue and how an order is ratified is the Act's rule in every town (310 CMR
10.08(2): "signed by a majority of the commission ... In a situation requiring
immediate action, an Enforcement Order may be signed by a single member or agent of
the commission, if said Order is ratified by a majority of the members at the next
scheduled meeting"); Sandwich's bylaw says the same in its own words (§7.55 Part 2).
The other bylaws name enforcement orders without their own signing rule (Upton ch. 330
Enforcement ¶A; Shutesbury §10 "violation notices, administrative orders"; Nantucket
ch. 136: "the Commission may issue an enforcement order"; Bourne's regulations stop
before BWR 1.08), so the Act's rule is the one a commission follows there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QComboBox

from concom_desk.clock import TODAY_SETTING
from concom_desk.ui.enforcement.dialogs import ComplaintDialog, InspectionDialog, OrderDialog
from concom_desk.ui.enforcement.ledger_dialogs import RatifyDialog
from tests.helpers.clock import TEST_TODAY
from tests.helpers.docx_reading import every_word, full_text
from tests.journeys.conftest import Steps, Wait, top_level
from tests.journeys.first_run import MEMBERS, add_regular_meetings, section, through_the_wizard

pytestmark = pytest.mark.slow  # six towns, each a first run and a dozen windows

ACT = "MGL c.131 §40"
# The laws as each town's papers name them (resources/towns/; the state default's own
# name for the Act), written out here rather than read from the program.
STATE_ACT = "the Massachusetts Wetlands Protection Act, MGL c.131 §40, and 310 CMR 10.00"
ACT_WORDS = "the Wetlands Protection Act (MGL c.131 §40)"
UPTON = "Town of Upton General Bylaws, Chapter 330, Wetlands Regulations"
NANTUCKET = "Code of the Town of Nantucket, Chapter 136, Wetlands"
SANDWICH = "Town of Sandwich Bylaws, Section 7.00, Wetland Protection"
BOURNE = "Town of Bourne Wetlands Protection Bylaw and Regulations (BWR 1.00)"
# An order citing the bylaw and the Act warns of each law's fine (MGL c.131 §40: $25,000).
BOTH_FINES = "$300 under the bylaw and up to $25,000 under the Act"


@dataclass(frozen=True)
class TownCase:
    """What the commission found and what the town's law makes of it, by hand."""

    town: str
    commission: str
    provisions: tuple[str, ...]  # as the clerk types them: the laws actually violated
    notice_laws: str  # the laws the notice says are violated (its one provision's)
    order_laws: str  # the laws the order says are violated (the notice's and its own)
    fine: str  # the fine per offense the order prints, with the law that sets it
    notice_fine: str | None = ""  # the notice's, when not the same; None: no fine known


# One row per town, the citation beside it.
TOWNS = [
    # No bylaw: the Act is the only law violated; its fine is the Act's $25,000.
    # (MGL c.131 §40 ¶ "Whoever violates any provision of this section ... $25,000")
    TownCase("massachusetts", "Ashland Conservation Commission",
             (f"{ACT}: fill in bordering vegetated wetland without an Order of Conditions",),
             STATE_ACT, STATE_ACT, "$25,000"),
    # Upton ch. 330: the bylaw violated and the Act (work in BVW is under both);
    # fine $300 (Upton ch. 330 Enforcement ¶E) and the Act's $25,000 for its violation;
    # the notice (the bylaw's provision alone) the bylaw's.
    TownCase("upton", "Upton Conservation Commission",
             ("Upton ch. 330 §330-2: fill within 100 feet of a wetland without a permit",
              f"{ACT}: fill in bordering vegetated wetland without an Order of Conditions"),
             UPTON, f"{UPTON} and {ACT_WORDS}", BOTH_FINES, notice_fine="$300"),
    # Shutesbury §2 (Jurisdiction) only: the work is in a bylaw-only area (a vernal pool
    # buffer), not the Act's; fine $300 (Shutesbury §11).
    TownCase("shutesbury", "Shutesbury Conservation Commission",
             ("Shutesbury Wetlands Protection Bylaw §2: clearing within 200 feet of a "
              "vernal pool without a permit",),
             "Town of Shutesbury Wetlands Protection Bylaw",
             "Town of Shutesbury Wetlands Protection Bylaw", "$300"),
    # Nantucket ch. 136 (its first section: "No person shall commence to remove, fill
    # ... within 100 feet of any ... freshwater wetland"): bylaw only; fine $300.
    TownCase("nantucket", "Nantucket Conservation Commission",
             ("Nantucket ch. 136 §136-1: fill within 100 feet of a freshwater wetland "
              "without a permit",),
             NANTUCKET, NANTUCKET, "$300"),
    # Sandwich §7.10 (Jurisdiction) and the Act: fill in a salt marsh; fine $300
    # (Sandwich §7.55 Part 5) and the Act's $25,000; ratification by a majority (§7.55
    # Part 2).
    TownCase("sandwich", "Sandwich Conservation Commission",
             ("Sandwich Bylaws §7.10: fill in a salt marsh without a permit",
              f"{ACT}: fill in a salt marsh without an Order of Conditions"),
             SANDWICH, f"{SANDWICH} and {ACT_WORDS}", BOTH_FINES, notice_fine="$300"),
    # Bourne Article 3.7 / BWR 1.05(7): work without a Permit; the Act too. Bourne's
    # regulations as we hold them stop before BWR 1.08 (fines): no bylaw fine is known,
    # so the order warns of the Act's (MGL c.131 §40: $25,000), for the Act's violation,
    # and the notice (the bylaw's violation alone) of no amount rather than a blank one.
    TownCase("bourne", "Bourne Conservation Commission",
             ("Bourne Bylaws Article 3.7: alteration of a coastal bank without a Permit",
              f"{ACT}: alteration of a coastal bank without an Order of Conditions"),
             BOURNE, f"{BOURNE} and {ACT_WORDS}", "$25,000", notice_fine=None),
]

SIGNER = "Ann Chase"  # the chair signs the emergency order alone (310 CMR 10.08(2))
NOTICE_SIGNER = "Ben Ortiz"  # any one member may sign a violation notice (a letter)
WHAT_WAS_DONE = "Truck loads of fill placed along the marsh edge"


def long_date(day: date) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def choose_order(form: Any, order_no_start: str) -> None:
    rows = form.orders.rowCount()
    row = next(r for r in range(rows) if form.orders.index(r, 1).data() == order_no_start)
    form.orders_view.selectRow(row)


def in_office(day: date) -> list[str]:
    """The wizard's members whose terms hold `day` (first_run.MEMBERS)."""
    return [name for name, _role, start, end in MEMBERS
            if date.fromisoformat(start) <= day
            and (not end or day <= date.fromisoformat(end))]


@pytest.mark.parametrize("town", TOWNS, ids=[t.town for t in TOWNS])
def test_an_enforcement_case_from_violation_to_ratification(
        town: TownCase, run_program: Callable[[Steps], int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    papers: list[Path] = []  # what Make document opened, in order

    def steps() -> Steps:
        window = yield from through_the_wizard(town.town, town.commission)
        today = TEST_TODAY

        calendar = yield from add_regular_meetings(window, "Town Hall")
        next_meeting = min(m.day for m in calendar.snapshot.meetings if m.day > today)

        # A violation found: the case opened with what was seen.
        enforcement = section(window, "E&nforcement")
        yield Wait("the enforcement section", lambda: hasattr(enforcement, "complaint_button"))
        form = enforcement.form
        form.open_file = papers.append
        enforcement.complaint_button.click()
        complaint = yield Wait("the complaint form", lambda: top_level(ComplaintDialog))
        complaint.observation.setChecked(True)
        complaint.address.setText("14 Shore Road")
        complaint.map.setText("12")
        complaint.lot.setText("34")
        complaint.description.setPlainText(WHAT_WAS_DONE)
        complaint.area_table.tick("bvw")  # from the town's list, as a filing's areas
        complaint.violator.setText("Shore Builders LLC")
        complaint.violator_address.setPlainText("9 Dock Street\nHyannis, MA 02601")
        complaint.save_button.click()
        yield Wait("the case in the list", lambda: enforcement.rows_shown())
        [case] = enforcement.rows_shown()
        case_no = f"EC-{today.year}-001"
        assert (case.case_no, case.status_label) == (case_no, "Open")
        enforcement.select_case(case.case_id)

        enforcement.inspection_button.click()
        inspection = yield Wait("the inspection form", lambda: top_level(InspectionDialog))
        inspection.inspector.setText("Pat Lee, Conservation Agent")
        inspection.findings.setPlainText("Fill in the wetland, about 2,000 sq ft")
        inspection.save_button.click()
        yield Wait("inspected", lambda: enforcement.rows_shown()[0].status_label
                   == "Inspected")

        # The violation notice, signed by one member: the provisions entered once, here.
        enforcement.notice_button.click()
        notice = yield Wait("the notice form", lambda: top_level(OrderDialog))
        notice.kind.setCurrentIndex(notice.kind.findData("violation_notice"))
        notice.signed_by.tick(NOTICE_SIGNER)
        notice.provision.setText(town.provisions[0])
        notice.violation.setText(WHAT_WAS_DONE)
        notice.save_button.click()
        yield Wait("the notice sent", lambda: enforcement.rows_shown()[0].status_label
                   == "Violation notice sent")
        # Made and mailed the day it is signed.
        yield Wait("the notice in the case", lambda: form.orders.rowCount() == 1)
        choose_order(form, "Violation notice")
        form.print_button.click()
        yield Wait("the notice made", lambda: len(papers) == 1)
        check_the_notice(town, full_text(papers[0]))
        if len(town.provisions) > 1:  # a second law violated: a further provision, once
            enforcement.notice_button.click()
            extra = yield Wait("the notice form again", lambda: top_level(OrderDialog))
            assert extra.carried.text() != ""  # what the notice holds is shown, not asked
            extra.deleteLater()
            extra.reject()

        # The emergency order: the notice's provision carried over, not typed again.
        enforcement.order_button.click()
        order = yield Wait("the order form", lambda: top_level(OrderDialog))
        assert WHAT_WAS_DONE in order.carried.text()
        assert order.signed_by.members() == in_office(today)
        order.signed_by.tick(SIGNER)
        if len(town.provisions) > 1:
            order.provision.setText(town.provisions[1])
            order.violation.setText(WHAT_WAS_DONE)
        order.requirements.setPlainText("Remove the fill by hand under the agent's eye")
        order.save_button.click()
        yield Wait("the order issued", lambda: enforcement.rows_shown()[0].status_label
                   == "Enforcement order issued")
        yield Wait("the case's orders", lambda: form.orders.rowCount() == 2)
        assert form.orders.index(1 if form.orders.index(0, 1).data() == "Violation notice"
                                 else 0, 4).data() == (
            f"to be ratified at the meeting of {next_meeting:%A}, {long_date(next_meeting)}")

        # The next meeting's agenda carries the order to ratify.
        calendar = section(window, "Hearing &calendar")
        calendar.go_to_day(next_meeting)
        calendar.buttons["agenda"].click()
        yield Wait("the agenda", lambda: calendar.last_document is not None
                   or calendar.status.text().startswith("First"))
        assert calendar.last_document is not None, calendar.status.text()
        lines = full_text(calendar.last_document).splitlines()
        heading = lines.index("Ratification of enforcement orders")
        assert lines[heading + 1] == (f"•\t{case_no}, 14 Shore Road: order of "
                                      f"{long_date(today)} signed by {SIGNER}.")

        # The meeting day comes: the ratification, with each member's vote.
        monkeypatch.setenv(TODAY_SETTING, next_meeting.isoformat())
        enforcement = section(window, "E&nforcement")
        choose_order(form, "Enforcement order")
        form.ratify_button.click()
        ratify = yield Wait("the ratification form", lambda: top_level(RatifyDialog))
        voters = in_office(next_meeting)
        for number, (member_id, box) in enumerate(ratify.choices.items()):
            assert isinstance(box, QComboBox) and member_id
            box.setCurrentIndex(box.findText("No" if number == 0 else "Yes"))
        ratify.save_button.click()
        yield Wait("ratified", lambda: top_level(RatifyDialog) is None)
        yes, no = len(voters) - 1, 1

        # The order's papers: the town's own, and MassDEP's where the Act was violated.
        form.show_case(case.case_id)
        choose_order(form, "Enforcement order")
        form.print_button.click()
        form.wpa_print_button.click()
        act_violated = any(p.startswith(ACT) for p in town.provisions)
        yield Wait("the order's papers", lambda: len(papers) == 1 + 1 + act_violated)
        check_the_order(town, full_text(papers[1]), next_meeting, yes, no)
        if act_violated:
            check_the_wpa_order(town, every_word(papers[2]), today, next_meeting, yes, no)
        else:  # MassDEP's form finds a violation of the Act: refused, in one line
            assert enforcement.status_line.text() == (
                f"{case_no}-O1 cites no violation of the Wetlands Protection Act (MGL c.131 "
                "§40); MassDEP's form is for the Act's violations: make the town's own order")

        # The site restored: found in compliance, the case closed.
        enforcement.inspection_button.click()
        again = yield Wait("the inspection form", lambda: top_level(InspectionDialog))
        again.inspector.setText("Pat Lee, Conservation Agent")
        again.findings.setPlainText("Fill removed; the marsh edge replanted")
        again.save_button.click()
        yield Wait("inspected again", lambda: top_level(InspectionDialog) is None)
        for status in ("In compliance", "Closed"):
            form.show_case(case.case_id)
            form.next_status.setCurrentIndex(form.next_status.findText(status))
            form.move_button.click()
            assert enforcement.status_line.text() == f"Status changed to {status}."
        enforcement.status.setCurrentIndex(enforcement.status.findData(""))  # All cases
        yield Wait("the closed case", lambda: enforcement.rows_shown()
                   and enforcement.rows_shown()[0].status_label == "Closed")
        window.close()

    assert run_program(steps()) == 0


def check_the_notice(town: TownCase, text: str) -> None:
    """A letter any one member may sign: one signature line, no 'must sign'; the law
    its one provision breaks, and the fine that law sets."""
    assert text.count(town.provisions[0]) == 1  # cited once
    assert all(p not in text for p in town.provisions[1:])  # the order's, not yet found
    assert (f"has found that the following work violates {town.notice_laws}, as cited for "
            "each:") in text
    assert "must sign" not in text
    assert text.count("_________________________________") == 1
    assert NOTICE_SIGNER in text and SIGNER not in text
    if town.notice_fine is None:
        assert "fine" not in text
    else:
        assert f"punishable by a fine of up to {town.notice_fine or town.fine} (" in text


def check_the_order(town: TownCase, text: str, meeting: date, yes: int, no: int) -> None:
    for provision in town.provisions:
        assert text.count(provision) == 1, (provision, text)
    numbered = [line for line in text.splitlines() if WHAT_WAS_DONE in line]
    assert [line.split(".")[0] for line in numbered] == [
        str(n) for n in range(1, len(town.provisions) + 1)]
    assert f"Failure to comply with this order is a violation of {town.order_laws}." in text
    assert "must sign" not in text
    assert text.count("_________________________________") == 1  # the one who signed
    assert SIGNER in text and NOTICE_SIGNER not in text
    assert (f"Ratified by the Commission at its meeting of {long_date(meeting)}, by a vote "
            f"of {yes} in favor, {no} opposed.") in text
    assert f"punishable by a fine of up to {town.fine} (" in text
    assert "to be ratified" not in text and "must be ratified" not in text  # it was


def check_the_wpa_order(town: TownCase, text: str, issued: date, meeting: date,
                        yes: int, no: int) -> None:
    """MassDEP's form: the Act's violations only, signed by those who signed."""
    for provision in town.provisions:
        assert (provision in text) == provision.startswith(ACT), provision
    assert long_date(issued) in text
    assert SIGNER in text
    assert ", ." not in text  # no blank telephone
    for name in in_office(issued):
        if name != SIGNER:
            assert name not in text, name
    assert (f"Ratified by the Commission at its meeting of {long_date(meeting)}, by a vote "
            f"of {yes} in favor, {no} opposed.") in text
    assert "to be ratified" not in text
