"""What the enforcement tab shows, as plain rows: the list of cases, and one
case with everything on it. Read in one session; no ORM object leaves here."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.enforcement_case import CaseStatus
from concom_desk.services.enforcement.case_areas import case_areas, cited_phrase
from concom_desk.services.enforcement.common import VOID, get_case, lines, meeting_dates
from concom_desk.services.enforcement.deadlines import enforcement_deadlines
from concom_desk.services.enforcement.ratification import (
    cases_awaiting_ratification,
    cases_with_overdue_ratification,
    order_ratification,
)
from concom_desk.store.models import (
    CaseAttachment,
    EnforcementCase,
    EnforcementOrder,
    Filing,
    Inspection,
    Party,
    Property,
    Violation,
)


def status_label(status: str) -> str:
    if status == VOID:
        return "Void"
    if status == "referred":
        return "Referred"
    return CaseStatus(status).label


@dataclass(frozen=True)
class CaseRow:
    case_id: int
    case_no: str
    opened_on: date
    address: str
    violator: str
    status: str
    status_label: str
    next_deadline: date | None
    next_deadline_label: str
    awaiting_ratification: bool
    ratification_overdue: bool
    description: str
    # What a search looks in, lower-cased once as the row is read (off the window's
    # thread): the fields a search finds, one per line.
    search_key: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.search_key:
            object.__setattr__(self, "search_key", "\n".join(value.lower() for value in (
                self.case_no, self.address, self.violator, self.description,
                self.status_label)))

    def matches(self, text: str) -> bool:
        """Whether the typed `text` is in the case no., address, violator, description
        or status (text with a line break would span two of them: it is in none)."""
        wanted = text.strip().lower()
        return not wanted or ("\n" not in wanted and wanted in self.search_key)


def list_cases(session: Session, today: date, include_void: bool = False) -> list[CaseRow]:
    # Plain columns, property and violator joined in the same query: one round trip,
    # and no ORM record (with its tracking state) made for each of thousands of cases,
    # which was most of the read and left the collector that much to walk after it.
    query = (
        select(EnforcementCase.id, EnforcementCase.case_no, EnforcementCase.opened_on,
               Property.address, Party.name, EnforcementCase.status,
               EnforcementCase.description)
        .outerjoin(Property, EnforcementCase.property_id == Property.id)
        .outerjoin(Party, EnforcementCase.violator_id == Party.id)
        .order_by(EnforcementCase.opened_on.desc(), EnforcementCase.id.desc())
    )
    if not include_void:
        query = query.where(EnforcementCase.status != VOID)
    cases = session.execute(query).all()
    overdue = cases_with_overdue_ratification(session, today)
    awaiting = cases_awaiting_ratification(session)
    # A case's next deadline is its earliest still open, an overdue one first: a
    # follow-up inspection missed last month is what the clerk must see, as on Today.
    upcoming: dict[int, tuple[date, str]] = {}
    for deadline in enforcement_deadlines(session, date.min, date.max):
        upcoming.setdefault(deadline.case_id, (deadline.date, deadline.label))
    labels: dict[str, str] = {}  # a dozen statuses among thousands of cases
    rows = []
    for case_id, case_no, opened_on, address, violator, status, description in cases:
        next_day, next_label = upcoming.get(case_id, (None, ""))
        label = labels.get(status)
        if label is None:
            label = labels[status] = status_label(status)
        rows.append(CaseRow(
            case_id=case_id, case_no=case_no, opened_on=opened_on,
            address=address or "", violator=violator or "",
            status=status, status_label=label,
            next_deadline=next_day, next_deadline_label=next_label,
            awaiting_ratification=case_id in awaiting,
            ratification_overdue=case_id in overdue,
            description=description,
        ))
    return rows


@dataclass(frozen=True)
class OrderRow:
    order_id: int
    order_no: str
    kind: str
    issued_on: date
    signed_by: str
    emergency: bool
    ratification: str  # in words: "to be ratified at the meeting of …", "OVERDUE: …"
    overdue: bool
    stop_work: bool
    restore_by: date | None
    file_noi_by: date | None
    requirements: list[str]


@dataclass(frozen=True)
class InspectionRow:
    inspection_id: int
    inspected_on: date
    inspector: str
    findings: str
    follow_up_by: date | None
    photos: int


@dataclass(frozen=True)
class ViolationRow:
    violation_id: int
    number: int
    provision: str
    description: str
    observed_on: date | None
    confirmed_on: date | None
    corrected_on: date | None


@dataclass(frozen=True)
class AttachmentRow:
    attachment_id: int
    kind: str
    original_name: str
    path: str  # relative to the data folder
    added_on: date
    caption: str


@dataclass
class CaseDetail:
    case_id: int
    case_no: str
    town: str
    status: str
    status_label: str
    opened_on: date
    source: str
    complainant: str
    complainant_contact: str
    address: str
    map_lot: str
    violator: str
    violator_address: list[str]
    description: str
    resource_areas: str
    filing_id: int | None
    filing_no: str
    closed_on: date | None
    inspections: list[InspectionRow] = field(default_factory=list)
    orders: list[OrderRow] = field(default_factory=list)
    violations: list[ViolationRow] = field(default_factory=list)
    attachments: list[AttachmentRow] = field(default_factory=list)


def case_detail(session: Session, case_id: int, today: date) -> CaseDetail:
    case = get_case(session, case_id)
    filing = session.get(Filing, case.filing_id) if case.filing_id else None
    dates = meeting_dates(session)
    detail = CaseDetail(
        case_id=case.id, case_no=case.case_no, town=case.town, status=case.status,
        status_label=status_label(case.status), opened_on=case.opened_on, source=case.source,
        complainant=case.complainant, complainant_contact=case.complainant_contact,
        address=case.property.address if case.property else "",
        map_lot=case.property.map_lot if case.property else "",
        violator=case.violator.name if case.violator else "",
        violator_address=case.violator.address_lines() if case.violator else [],
        description=case.description,
        resource_areas=cited_phrase(case_areas(session, case)),
        filing_id=case.filing_id, filing_no=filing.file_no if filing else "",
        closed_on=case.closed_on,
    )
    photos: dict[int, int] = {}
    for attachment in session.scalars(select(CaseAttachment)
                                      .where(CaseAttachment.case_id == case.id)
                                      .order_by(CaseAttachment.added_on, CaseAttachment.id)):
        if attachment.inspection_id:
            photos[attachment.inspection_id] = photos.get(attachment.inspection_id, 0) + 1
        detail.attachments.append(AttachmentRow(attachment.id, attachment.kind,
                                                attachment.original_name, attachment.path,
                                                attachment.added_on, attachment.caption))
    for inspection in session.scalars(select(Inspection).where(Inspection.case_id == case.id)
                                      .order_by(Inspection.inspected_on, Inspection.id)):
        detail.inspections.append(InspectionRow(
            inspection.id, inspection.inspected_on, inspection.inspector, inspection.findings,
            inspection.follow_up_by, photos.get(inspection.id, 0)))
    for order in session.scalars(select(EnforcementOrder)
                                 .where(EnforcementOrder.case_id == case.id)
                                 .order_by(EnforcementOrder.issued_on, EnforcementOrder.id)):
        status = order_ratification(session, order, today, dates)
        detail.orders.append(OrderRow(
            order.id, order.order_no, order.kind, order.issued_on,
            ", ".join(lines(order.signed_by)), order.emergency, status.describe(),
            status.overdue, order.stop_work, order.restore_by, order.file_noi_by,
            lines(order.requirements)))
    for violation in session.scalars(select(Violation).where(Violation.case_id == case.id)
                                     .order_by(Violation.number)):
        detail.violations.append(ViolationRow(
            violation.id, violation.number, violation.provision, violation.description,
            violation.observed_on, violation.confirmed_on, violation.corrected_on))
    return detail
