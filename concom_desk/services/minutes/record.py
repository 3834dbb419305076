"""What the record already says about one meeting, read for its minutes: who was
there (the roll call), each hearing with its filing and what happened to it (opened,
continued to a date certain, closed), enforcement business, every vote with each
member's vote, and the documents the program made for the meeting.

The clerk's own words (a summary and the exhibits per item) are joined to these by
`services.minutes.sets`; this module only reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.filing_kinds import KINDS
from concom_desk.domain.plain_dates import long_date
from concom_desk.services.minutes.sheet import MinutesItemRow, RollCallLine, VoteLine
from concom_desk.store.models import (
    Attendance,
    Continuance,
    EnforcementCase,
    EnforcementOrder,
    Filing,
    GeneratedDocument,
    Hearing,
    Meeting,
    Member,
    MemberVote,
    Party,
    Property,
    Vote,
)

OTHER_KEY = "other"
BUSINESS_KEY = "business"


@dataclass(frozen=True)
class MeetingFacts:
    roll_call: tuple[RollCallLine, ...]
    items: tuple[MinutesItemRow, ...]
    documents: tuple[str, ...]


def roll_call(session: Session, meeting: Meeting) -> tuple[RollCallLine, ...]:
    """Every member whose term covers the meeting day (associates too: they sit and
    advise), with what the attendance says: present, remote, or — no row — absent."""
    marked = {row.member_id: row for row in session.scalars(
        select(Attendance).where(Attendance.meeting_id == meeting.id))}
    lines = []
    for member in session.scalars(select(Member).order_by(Member.name)):
        sat = member.term_start <= meeting.held_on and (
            member.term_end is None or meeting.held_on <= member.term_end)
        if not sat and member.id not in marked:
            continue
        row = marked.get(member.id)
        status = "absent" if row is None else ("remote" if row.remote else "present")
        lines.append(RollCallLine(member.id, member.name, member.role, status))
    return tuple(lines)


def meeting_votes(session: Session, meeting_id: int) -> dict[int, list[tuple[Vote, VoteLine]]]:
    """The meeting's votes, by filing (key 0: neither filing nor case), in order."""
    names = {m.id: m.name for m in session.scalars(select(Member))}
    votes = session.scalars(select(Vote).where(Vote.meeting_id == meeting_id)
                            .order_by(Vote.id)).all()
    choices: dict[int, dict[str, list[str]]] = {}
    if votes:
        for member_vote in session.scalars(select(MemberVote).where(
                MemberVote.vote_id.in_([v.id for v in votes]))):
            choices.setdefault(member_vote.vote_id, {}).setdefault(
                member_vote.choice, []).append(names.get(member_vote.member_id, "?"))
    found: dict[int, list[tuple[Vote, VoteLine]]] = {}
    for vote in votes:
        by = choices.get(vote.id, {})
        line = VoteLine(vote.motion, names.get(vote.moved_by_id or 0, ""),
                        names.get(vote.seconded_by_id or 0, ""), vote.result,
                        *(tuple(sorted(by.get(c, ()))) for c in
                          ("yes", "no", "abstain", "recused")))
        found.setdefault(vote.filing_id or 0, []).append((vote, line))
    return found


def _filing_heading(session: Session, filing: Filing, lead: str) -> str:
    kind = KINDS[filing.kind].name if filing.kind in KINDS else filing.kind
    place = session.get(Property, filing.property_id) if filing.property_id else None
    applicant = session.get(Party, filing.applicant_id) if filing.applicant_id else None
    where = f" — {place.address}" if place is not None and place.address else ""
    who = f"; applicant {applicant.name}" if applicant is not None else ""
    return f"{lead}: {filing.file_no}{where} ({kind}{who})"


def _hearing_record(session: Session, hearing: Hearing, meeting: Meeting,
                    continued_from: Continuance | None) -> list[str]:
    lines = []
    if continued_from is not None:
        earlier = session.get(Meeting, continued_from.from_meeting_id or 0)
        since = f" of {long_date(earlier.held_on)}" if earlier is not None else ""
        lines.append(f"Continued hearing, from the meeting{since}.")
    else:
        notice = ""
        if hearing.legal_ad_published_on is not None:
            paper = f" in {hearing.legal_ad_newspaper}" if hearing.legal_ad_newspaper else ""
            notice = f" (legal notice published {long_date(hearing.legal_ad_published_on)}{paper})"
        lines.append(f"Public hearing opened{notice}.")
    for continuance in session.scalars(select(Continuance).where(
            Continuance.hearing_id == hearing.id, Continuance.from_meeting_id == meeting.id)):
        consent = ""
        if continuance.applicant_consent:
            received = continuance.consent_received_on
            consent = ("; the applicant's written consent received "
                       f"{long_date(received)}" if received else
                       "; the applicant consented")
        reason = f" ({continuance.reason.strip()})" if continuance.reason.strip() else ""
        lines.append(f"Continued to {long_date(continuance.continued_to)}, at the "
                     f"{continuance.requested_by}'s request{reason}{consent}.")
    if hearing.closed_on == meeting.held_on:
        lines.append("Hearing closed.")
    if hearing.status == "withdrawn":
        lines.append("The applicant has withdrawn the filing.")
    return lines


def _hearing_items(session: Session, meeting: Meeting,
                   votes: dict[int, list[tuple[Vote, VoteLine]]]) -> list[MinutesItemRow]:
    items = []
    seen: set[int] = set()
    booked = [(h, None) for h in session.scalars(
        select(Hearing).where(Hearing.meeting_id == meeting.id).order_by(Hearing.id))]
    continued = []
    for continuance in session.scalars(select(Continuance).where(
            Continuance.to_meeting_id == meeting.id).order_by(Continuance.id)):
        hearing = session.get(Hearing, continuance.hearing_id)
        if hearing is not None:
            continued.append((hearing, continuance))
    for hearing, came_from in continued + booked:  # continued business first, as agendas do
        if hearing.id in seen:
            continue
        seen.add(hearing.id)
        filing = session.get(Filing, hearing.filing_id)
        if filing is None:
            continue
        filing_votes = votes.pop(filing.id, [])
        items.append(MinutesItemRow(
            key=f"hearing:{hearing.id}",
            heading=_filing_heading(session, filing, "Public hearing"),
            record=tuple(_hearing_record(session, hearing, meeting, came_from)),
            votes=tuple(line for _vote, line in filing_votes)))
    return items


def _case_items(session: Session, meeting: Meeting,
                business: list[tuple[Vote, VoteLine]]) -> list[MinutesItemRow]:
    by_case: dict[int, list[VoteLine]] = {}
    remaining = []
    for vote, line in business:
        if vote.enforcement_case_id:
            by_case.setdefault(vote.enforcement_case_id, []).append(line)
        else:
            remaining.append((vote, line))
    business[:] = remaining
    ratified = {o.case_id: o for o in session.scalars(select(EnforcementOrder).where(
        EnforcementOrder.ratified_meeting_id == meeting.id))}
    items = []
    for case_id in sorted(set(by_case) | set(ratified)):
        case = session.get(EnforcementCase, case_id)
        if case is None:
            continue
        place = session.get(Property, case.property_id) if case.property_id else None
        where = f" — {place.address}" if place is not None and place.address else ""
        record = []
        order = ratified.get(case_id)
        if order is not None:
            record.append(f"Order {order.order_no} of {long_date(order.issued_on)} ratified.")
        items.append(MinutesItemRow(key=f"case:{case_id}",
                                    heading=f"Enforcement: {case.case_no}{where}",
                                    record=tuple(record), votes=tuple(by_case.get(case_id, ()))))
    return items


def meeting_facts(session: Session, meeting: Meeting) -> MeetingFacts:
    votes = meeting_votes(session, meeting.id)
    items = _hearing_items(session, meeting, votes)
    business = votes.pop(0, [])
    for filing_id, filing_votes in sorted(votes.items()):  # votes on filings not heard
        filing = session.get(Filing, filing_id)
        if filing is not None:
            items.append(MinutesItemRow(
                key=f"filing:{filing_id}", heading=_filing_heading(session, filing, "Filing"),
                votes=tuple(line for _vote, line in filing_votes)))
    items.extend(_case_items(session, meeting, business))
    if business:
        items.append(MinutesItemRow(key=BUSINESS_KEY, heading="Business of the Commission",
                                    votes=tuple(line for _vote, line in business)))
    items.append(MinutesItemRow(key=OTHER_KEY, heading="Other business"))
    # The minutes' own printings are not documents *used at* the meeting.
    documents = tuple(row.title for row in session.scalars(
        select(GeneratedDocument).where(GeneratedDocument.meeting_id == meeting.id,
                                        GeneratedDocument.template != "minutes.docx")
        .order_by(GeneratedDocument.id)))
    return MeetingFacts(roll_call(session, meeting), tuple(items), documents)

