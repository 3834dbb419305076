"""What the agent and the commission do on a case: inspect the site, record the
violations, send a violation notice, issue an enforcement order (in an
emergency, signed by one member or the agent and ratified at the next
meeting), and ratify it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from sqlalchemy.orm import Session

from concom_desk.domain.enforcement_case import (
    CaseStatus,
    check_order_signatures,
    needs_ratification,
    ratification_meeting,
)
from concom_desk.domain.plain_dates import long_date
from concom_desk.domain.votes import VoteChoice, VoteResult, majority_of
from concom_desk.errors import UserError
from concom_desk.services.calendar.votes import add_vote
from concom_desk.services.enforcement.cases import move_case
from concom_desk.services.enforcement.common import (
    case_status,
    get_case,
    lines,
    meeting_dates,
)
from concom_desk.services.inspections.photos import AttachmentCopier, add_attachment_rows
from concom_desk.store import Database
from concom_desk.store.models import (
    CaseNote,
    EnforcementCase,
    EnforcementOrder,
    Inspection,
    Meeting,
    Violation,
    members_in_office,
)

NOTICE = "violation_notice"
ORDER = "enforcement_order"
KIND_NAMES = {
    NOTICE: "Violation notice",
    ORDER: "Enforcement order",
    "restoration_order": "Restoration order",
    "cease_and_desist": "Cease and desist order",
}


@dataclass
class InspectionDraft:
    inspected_on: date
    inspector: str
    findings: str
    follow_up_by: date | None = None
    photos: Sequence[Path] = field(default_factory=list)

    def problems(self) -> list[str]:
        found = []
        if not self.inspector.strip():
            found.append("Say who inspected the site.")
        if not self.findings.strip():
            found.append("Write down what was found.")
        if self.follow_up_by is not None and self.follow_up_by <= self.inspected_on:
            found.append("A follow-up inspection comes after this one.")
        return found


def record_inspection(db: Database, case_id: int, draft: InspectionDraft) -> int:
    """Record a site inspection with its photos; an open case becomes 'inspected'."""
    problems = draft.problems()
    if problems:
        raise UserError(" ".join(problems))
    with AttachmentCopier(db.path) as copier, db.session() as session:
        case = get_case(session, case_id)
        status = case_status(case)
        if status is CaseStatus.CLOSED:
            raise UserError("this case is closed; open a new case for a new violation")
        if draft.inspected_on < case.opened_on:
            raise UserError(
                f"the inspection ({draft.inspected_on}) cannot be before the case was opened "
                f"({case.opened_on})"
            )
        inspection = Inspection(case_id=case.id, inspected_on=draft.inspected_on,
                                inspector=draft.inspector.strip(),
                                findings=draft.findings.strip(), follow_up_by=draft.follow_up_by)
        session.add(inspection)
        session.flush()
        if draft.photos:
            add_attachment_rows(session, case.id,
                                copier.copy(f"case-{case.id}", draft.photos),
                                draft.inspected_on, inspection_id=inspection.id)
        if status is CaseStatus.OPEN:
            move_case(session, case, CaseStatus.INSPECTED, draft.inspected_on,
                      f"Site inspected by {inspection.inspector}.")
        return inspection.id


@dataclass
class ViolationDraft:
    provision: str  # "§7.55 Part 5: fill in a resource area without a permit"
    description: str = ""
    observed_on: date | None = None
    confirmed_on: date | None = None  # fines run from this day (Upton ch. 330 E)


def _same(text: str) -> str:
    return " ".join(text.lower().split())


def add_violations(session: Session, case: EnforcementCase,
                   drafts: Sequence[ViolationDraft],
                   found_by: EnforcementOrder | None = None) -> list[Violation]:
    """Record the drafts as the case's next violations, found by the paper `found_by`
    (None: on the case, for its next paper). One the case already holds (the same
    provision and what was done, as the notice recorded it) is the same violation
    cited again by the order, not a second one: the order carries the notice's over, and
    the papers never list one fill as violations 1 and 2."""
    numbers = [v.number for v in case.violations]
    held = {(_same(v.provision), _same(v.description)) for v in case.violations}
    added = []
    offset = 0
    for draft in drafts:
        if not draft.provision.strip():
            raise UserError("each violation names the provision violated")
        key = (_same(draft.provision), _same(draft.description))
        if key in held:
            continue
        held.add(key)
        offset += 1
        if draft.confirmed_on and draft.observed_on and draft.confirmed_on < draft.observed_on:
            raise UserError(f"violation '{draft.provision}': confirmed before it was observed")
        violation = Violation(case_id=case.id, number=max(numbers, default=0) + offset,
                              provision=draft.provision.strip(),
                              description=draft.description.strip(),
                              observed_on=draft.observed_on, confirmed_on=draft.confirmed_on,
                              order_id=found_by.id if found_by is not None else None)
        session.add(violation)
        added.append(violation)
    return added


def record_violations(db: Database, case_id: int, drafts: Sequence[ViolationDraft]) -> None:
    with db.session() as session:
        add_violations(session, get_case(session, case_id), drafts)


def correct_violation(db: Database, violation_id: int, corrected_on: date) -> None:
    """The day the violation stopped: the fines stop accruing after it."""
    with db.session() as session:
        violation = session.get(Violation, violation_id)
        if violation is None:
            raise UserError(f"there is no violation with id {violation_id}")
        start = violation.confirmed_on or violation.observed_on
        if start is not None and corrected_on < start:
            raise UserError(f"the violation cannot be corrected before {start}")
        violation.corrected_on = corrected_on


@dataclass
class OrderDraft:
    issued_on: date
    signed_by: Sequence[str]
    kind: str = ORDER  # or NOTICE
    emergency: bool = False
    stop_work: bool = False
    restore_by: date | None = None
    file_noi_by: date | None = None
    requirements: Sequence[str] = ()
    violations: Sequence[ViolationDraft] = ()
    served_on: date | None = None

    def problems(self) -> list[str]:
        found = []
        names = [name for name in self.signed_by if name.strip()]
        if not names:
            found.append("Name who signed it.")
        for label, day in (("restore", self.restore_by), ("file an NOI", self.file_noi_by)):
            if day is not None and day < self.issued_on:
                found.append(f"The deadline to {label} cannot be before the date issued.")
        if self.kind == NOTICE and self.emergency:
            found.append("A violation notice is not an emergency order; issue an order.")
        return found


def signers_not_in_office(names: Sequence[str], in_office: Sequence[str], emergency: bool
                          ) -> str | None:
    """Why these signatures cannot go on the order, or None.

    An order binds the commission: its signers are members in office on the day it
    is issued. Only an emergency order may carry one signature of someone else, the
    agent's (310 CMR 10.08(2) and Sandwich § 7.55 Part 2: "signed by a single member or
    agent of the Commission if said order is ratified")."""
    outside = [name for name in names if name not in in_office]
    if not outside or not in_office:  # no members on record: nothing to check against
        return None
    if emergency and len(names) == 1:
        return None  # the agent alone, in an emergency
    listed = ", ".join(outside)
    return (f"{listed} {'is' if len(outside) == 1 else 'are'} not a member in office on "
            "the day the order is issued; choose the signers from the members in office "
            "(only an emergency order may be signed by the agent alone)")


def next_order_no(case: EnforcementCase, kind: str) -> str:
    letter = "N" if kind == NOTICE else "O"
    same = [o for o in case.orders if (o.kind == NOTICE) == (kind == NOTICE)]
    return f"{case.case_no}-{letter}{len(same) + 1}"


def issue_order(db: Database, case_id: int, draft: OrderDraft) -> int:
    """Record a violation notice or an enforcement order (with the violations it
    cites) and move the case on; returns the order's id.

    An emergency order signed by fewer than a majority of the members in office
    (a single member or the agent) is marked for ratification at the next
    scheduled meeting after the day it was issued (Sandwich §7.55 Part 2).
    """
    problems = draft.problems()
    if problems:
        raise UserError(" ".join(problems))
    names = [name.strip() for name in draft.signed_by if name.strip()]
    with db.session() as session:
        case = get_case(session, case_id)
        if draft.issued_on < case.opened_on:
            raise UserError(f"it cannot be issued before the case was opened ({case.opened_on})")
        status = case_status(case)
        if draft.kind == NOTICE and status is CaseStatus.OPEN:
            raise UserError("inspect the site and record the inspection before sending a "
                            "violation notice (only an emergency order may come first)")
        in_office = [m.name for m in members_in_office(session, draft.issued_on)]
        members = len(in_office)
        refused = signers_not_in_office(names, in_office, draft.emergency)
        if refused and draft.kind != NOTICE:
            raise UserError(refused)
        # A violation notice is a letter the agent may sign; an order binds the
        # commission and needs a majority, or the emergency power.
        if members and draft.kind != NOTICE:
            check_order_signatures(draft.emergency, len(names), members)
        # With no members on record the program cannot count a majority; an emergency
        # order is then taken to be a single-signer order, needing ratification.
        needed = draft.emergency and (
            not members or needs_ratification(True, len(names), members))
        target = CaseStatus.NOTICE_SENT if draft.kind == NOTICE else CaseStatus.ORDER_ISSUED
        order = EnforcementOrder(
            case_id=case.id, order_no=next_order_no(case, draft.kind), kind=draft.kind,
            issued_on=draft.issued_on, signed_by="\n".join(names), emergency=needed,
            ratify_by=ratification_meeting(draft.issued_on, meeting_dates(session))
            if needed else None,
            stop_work=draft.stop_work, restore_by=draft.restore_by,
            file_noi_by=draft.file_noi_by,
            requirements="\n".join(r.strip() for r in draft.requirements if r.strip()),
            served_on=draft.served_on,
        )
        session.add(order)
        session.flush()  # the order's id, for the violations it finds
        add_violations(session, case, draft.violations, found_by=order)
        # Those recorded on the case before any paper are this paper's findings.
        for held in case.violations:
            if held.order_id is None:
                held.order_id = order.id
        session.flush()
        # A further notice on a case already past that stage leaves the status alone.
        if status is not target and not (draft.kind == NOTICE and
                                         status is not CaseStatus.INSPECTED):
            move_case(session, case, target, draft.issued_on,
                      f"{KIND_NAMES[draft.kind]} {order.order_no} signed by "
                      f"{', '.join(names)}.")
        return order.id


def ratification_motion(order: EnforcementOrder) -> str:
    """The motion a ratification is voted on; it names the order, so the order finds
    its vote (services/enforcement/documents.py prints it on the order)."""
    return (f"To ratify emergency order {order.order_no}, issued {long_date(order.issued_on)} "
            f"and signed by {', '.join(lines(order.signed_by)) or 'one member'}")


def ratify_order(db: Database, order_id: int, meeting_id: int,
                 choices: Mapping[int, VoteChoice], today: date | None = None) -> VoteResult:
    """Record the commission's ratification of an emergency order: the members' vote on
    it at a meeting held after the order. Refused, with nothing written, unless a
    majority of the members in office vote for it (Sandwich §7.55 Part 2: "ratified by
    a majority of the members of the Commission"; 310 CMR 10.08(2)), not merely a
    majority of those present."""
    with db.session() as session:
        order = session.get(EnforcementOrder, order_id)
        meeting = session.get(Meeting, meeting_id)
        if order is None or meeting is None:
            raise UserError("no such order or meeting")
        if not order.emergency:
            raise UserError(f"order {order.order_no} was signed by a majority; it needs no "
                            "ratification")
        if order.ratified_meeting_id is not None:
            raise UserError(f"order {order.order_no} is already ratified")
        if meeting.held_on <= order.issued_on or meeting.cancelled:
            raise UserError(f"the meeting of {meeting.held_on} cannot ratify an order issued "
                            f"{order.issued_on}; choose a meeting held after it")
        result, _vote = add_vote(session, meeting.id, ratification_motion(order), choices,
                                 case_id=order.case_id, today=today)
        needed = majority_of(result.in_office)
        if result.yes < needed:
            raise UserError(f"{result.describe()} Ratification needs a majority of the "
                            f"members in office, {needed} of {result.in_office}, voting for "
                            f"it; order {order.order_no} is not ratified")
        order.ratified_meeting_id = meeting.id
        session.add(CaseNote(case_id=order.case_id, noted_on=meeting.held_on,
                             text=f"Order {order.order_no} ratified by the commission at its "
                                  f"meeting of {long_date(meeting.held_on)}: "
                                  f"{result.describe()}"))
        return result
