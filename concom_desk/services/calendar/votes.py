"""Recording a vote (who was present, each member's vote, the outcome) and who
must sign the decision; the arithmetic is the domain's (`concom_desk.domain.votes`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk import clock
from concom_desk.domain.votes import (
    Member as VotingMember,
)
from concom_desk.domain.votes import (
    Outcome,
    Signers,
    VoteChoice,
    VoteResult,
    count_vote,
    decision_signers,
)
from concom_desk.errors import UserError
from concom_desk.services.calendar.clocks import get_or_refuse
from concom_desk.services.filings.decisions import attach_vote
from concom_desk.store import Database
from concom_desk.store.models import Attendance, Meeting, Member, MemberVote, Vote


def _voting_members(session: Session) -> tuple[list[VotingMember], dict[int, str]]:
    """Commissioners as the domain counts them; associates never vote or make a quorum."""
    rows = session.scalars(select(Member).order_by(Member.name)).all()
    voting = [VotingMember(m.name, m.term_start, m.term_end) for m in rows
              if m.role != "associate"]
    return voting, {m.id: m.name for m in rows}


@dataclass(frozen=True)
class MemberRow:
    member_id: int
    name: str
    in_office: bool


def members_for_meeting(db: Database, meeting_id: int) -> list[MemberRow]:
    """Every voting member, and whether in office on the meeting day (for the dialog)."""
    with db.read_session() as session:
        meeting = get_or_refuse(session, Meeting, meeting_id, "meeting")
        rows = session.scalars(select(Member).order_by(Member.name)).all()
        return [MemberRow(m.id, m.name, m.in_office_on(meeting.held_on)) for m in rows
                if m.role != "associate"]


def preview_vote(db: Database, meeting_id: int, choices: Mapping[int, VoteChoice]
                 ) -> VoteResult:
    with db.read_session() as session:
        return _count(session, meeting_id, choices)


def _count(session: Session, meeting_id: int, choices: Mapping[int, VoteChoice]) -> VoteResult:
    meeting = get_or_refuse(session, Meeting, meeting_id, "meeting")
    voting, names = _voting_members(session)
    unknown = [member_id for member_id in choices if member_id not in names]
    if unknown:
        raise UserError(f"there is no member number {unknown[0]}")
    return count_vote(voting, meeting.held_on,
                      {names[member_id]: choice for member_id, choice in choices.items()})


def record_vote(db: Database, meeting_id: int, motion: str,
                choices: Mapping[int, VoteChoice], filing_id: int | None = None,
                case_id: int | None = None, moved_by: int | None = None,
                seconded_by: int | None = None, today: date | None = None) -> VoteResult:
    """Record the motion, the members present (those in `choices`) and their votes.
    Refused, with nothing written, without a motion or without a quorum, or for a
    meeting not held yet (a vote dated ahead would stand in the record as taken)."""
    with db.session() as session:
        return add_vote(session, meeting_id, motion, choices, filing_id=filing_id,
                        case_id=case_id, moved_by=moved_by, seconded_by=seconded_by,
                        today=today)[0]


def add_vote(session: Session, meeting_id: int, motion: str,
             choices: Mapping[int, VoteChoice], filing_id: int | None = None,
             case_id: int | None = None, moved_by: int | None = None,
             seconded_by: int | None = None, today: date | None = None
             ) -> tuple[VoteResult, Vote]:
    """`record_vote` inside the caller's transaction (a ratification records its vote
    and the order it ratifies at once)."""
    if not motion.strip():
        raise UserError("write the motion that was voted")
    today = today or clock.today()
    meeting = session.get(Meeting, meeting_id)
    if meeting is not None and meeting.held_on > today:
        raise UserError(f"the meeting of {meeting.held_on} has not been held yet: "
                        "record its votes on the day")
    result = _count(session, meeting_id, choices)
    if result.outcome is Outcome.NO_QUORUM:
        raise UserError(result.describe() + " A vote without a quorum is not recorded.")
    present = set(session.scalars(select(Attendance.member_id).where(
        Attendance.meeting_id == meeting_id)))
    for member_id in choices:
        if member_id not in present:
            session.add(Attendance(meeting_id=meeting_id, member_id=member_id))
    vote = Vote(meeting_id=meeting_id, filing_id=filing_id, enforcement_case_id=case_id,
                motion=motion.strip(), moved_by_id=moved_by, seconded_by_id=seconded_by,
                result=result.outcome.value)
    session.add(vote)
    session.flush()
    for member_id, choice in choices.items():
        session.add(MemberVote(vote_id=vote.id, member_id=member_id, choice=choice.value))
    if filing_id is not None and result.outcome is Outcome.CARRIED:
        attach_vote(session, filing_id, vote)  # the decision it carried rests on it
    return result, vote


def signers_for_decision(db: Database, filing_id: int, decision_day: date) -> Signers:
    """A majority of the members in office on the decision day must sign; those who
    voted yes on the filing's last carried motion are suggested first."""
    with db.read_session() as session:
        voting, names = _voting_members(session)
        last = session.scalars(select(Vote).where(Vote.filing_id == filing_id,
                                                  Vote.result == "carried")
                               .order_by(Vote.id.desc())).first()
        yes = []
        if last is not None:
            yes = [names[v.member_id] for v in session.scalars(select(MemberVote).where(
                MemberVote.vote_id == last.id, MemberVote.choice == "yes"))]
        return decision_signers(voting, decision_day, yes)
