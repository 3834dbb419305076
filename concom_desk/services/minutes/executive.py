"""Executive-session minutes: typed apart from the open minutes, withheld until a
later meeting votes to release them (MGL c.30A §22(f)), reviewed yearly while
withheld (§22(g)(1)). The rule is the domain's (domain.executive_minutes); the
withholding of what an export prints is the store's (store.public_records_export).

A session is the carried roll-call vote that entered it (Record vote… → Executive
session…); its minutes are one row of `executive_minutes`, written through the
audit triggers like every change.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.executive_minutes import (
    is_withheld,
    release_motion,
    review_due,
)
from concom_desk.domain.executive_session import is_entry_motion
from concom_desk.domain.plain_dates import long_date
from concom_desk.domain.safe_filename import clean_stem
from concom_desk.domain.votes import Outcome, VoteChoice, VoteResult
from concom_desk.errors import UserError
from concom_desk.services.calendar.clocks import get_or_refuse
from concom_desk.services.calendar.votes import add_vote
from concom_desk.services.filings.rows import TodayItem
from concom_desk.store import Database
from concom_desk.store.models import ExecutiveMinutes, Meeting, Vote
from concom_desk.store.record_versions import refuse_if_changed, version_of

REVIEW_WORDS = "MGL c.30A §22(g)(1): withheld executive-session minutes are reviewed periodically"


@dataclass(frozen=True)
class ExecutiveSession:
    """A session entered at a meeting, and its minutes as the clerk reads them."""

    entry_vote_id: int
    meeting_id: int
    day: date
    motion: str
    text: str
    kept_by: str
    released_on: date | None
    reviewed_on: date | None
    read_version: int | None  # None: no minutes typed yet

    @property
    def withheld(self) -> bool:
        # A release is recorded only by a vote at a meeting already held, after the
        # session (record_release_vote), so a recorded day is always a release.
        return is_withheld(self.day, self.released_on, self.released_on or self.day)

    def title(self) -> str:
        state = (f"released {long_date(self.released_on)}" if self.released_on
                 else "withheld")
        return f"Executive session of {long_date(self.day)} ({state})"


def _session_of(vote: Vote, meeting: Meeting, row: ExecutiveMinutes | None) -> ExecutiveSession:
    return ExecutiveSession(
        vote.id, meeting.id, meeting.held_on, vote.motion,
        row.text if row else "", row.kept_by if row else "",
        row.released_on if row else None, row.reviewed_on if row else None,
        version_of(row) if row else None)


def sessions_of_meeting(db: Database, meeting_id: int) -> list[ExecutiveSession]:
    """The executive sessions a meeting entered (its carried votes to enter one)."""
    with db.read_session() as session:
        meeting = get_or_refuse(session, Meeting, meeting_id, "meeting")
        votes = session.scalars(select(Vote).where(
            Vote.meeting_id == meeting_id, Vote.result == "carried").order_by(Vote.id)).all()
        return [_session_of(vote, meeting, _minutes_of(session, vote.id))
                for vote in votes if is_entry_motion(vote.motion)]


def _minutes_of(session: Session, entry_vote_id: int) -> ExecutiveMinutes | None:
    return session.scalars(select(ExecutiveMinutes).where(
        ExecutiveMinutes.entry_vote_id == entry_vote_id)).first()


def save_executive_minutes(db: Database, entry_vote_id: int, text: str,
                           read_version: int | None) -> ExecutiveSession:
    """Write the session's minutes (first time or again). Refused once released: the
    minutes as released are the record (store.record_locks locks the row too)."""
    with db.session() as session:
        vote = get_or_refuse(session, Vote, entry_vote_id, "vote")
        if not is_entry_motion(vote.motion) or vote.result != "carried":
            raise UserError("that vote did not enter an executive session")
        meeting = get_or_refuse(session, Meeting, vote.meeting_id, "meeting")
        row = _minutes_of(session, entry_vote_id)
        label = f"the executive-session minutes of {long_date(meeting.held_on)}"
        if row is None:
            row = ExecutiveMinutes(meeting_id=meeting.id, entry_vote_id=vote.id)
            session.add(row)
        else:
            refuse_if_changed(session, row, read_version, label)
            if row.released_on is not None:
                raise UserError(f"{label} were released on {long_date(row.released_on)} "
                                "and are locked: they are the record as released")
        row.text = text.strip()
        row.kept_by = db.initials
        session.flush()
        return _session_of(vote, meeting, row)


def withheld_sessions(db: Database) -> list[ExecutiveSession]:
    """Every session whose typed minutes are still withheld, oldest first."""
    with db.read_session() as session:
        return _withheld(session)


def _withheld(session: Session) -> list[ExecutiveSession]:
    rows = session.execute(
        select(ExecutiveMinutes, Vote, Meeting)
        .join(Vote, Vote.id == ExecutiveMinutes.entry_vote_id)
        .join(Meeting, Meeting.id == ExecutiveMinutes.meeting_id)
        .where(ExecutiveMinutes.released_on.is_(None))
        .order_by(Meeting.held_on, ExecutiveMinutes.id)).all()
    return [_session_of(vote, meeting, row) for row, vote, meeting in rows]


def record_release_vote(db: Database, meeting_id: int, entry_vote_id: int,
                        choices: Mapping[int, VoteChoice], today: date | None = None
                        ) -> VoteResult:
    """Vote, at a later meeting, on releasing one session's minutes (the domain's
    motion). Carried: released from the meeting's day, and locked. Failed: nothing is
    released, but the commission has reviewed them (§22(g)(1)) on that day."""
    with db.session() as session:
        meeting = get_or_refuse(session, Meeting, meeting_id, "meeting")
        row = _minutes_of(session, entry_vote_id)
        if row is None or row.released_on is not None:
            raise UserError("those executive-session minutes are not withheld: there is "
                            "nothing to release")
        session_day = get_or_refuse(session, Meeting, row.meeting_id, "meeting").held_on
        if meeting.held_on <= session_day:
            raise UserError(f"the minutes of the executive session of {long_date(session_day)}"
                            " are released by a vote at a later meeting (MGL c.30A §22(f): "
                            "whether the purpose is served is decided after the session)")
        result, vote = add_vote(session, meeting_id, release_motion(session_day), choices,
                                today=today)
        if result.outcome is Outcome.CARRIED:
            row.released_vote_id = vote.id
            row.released_on = meeting.held_on
        else:
            row.reviewed_on = meeting.held_on
        return result


def review_items(session: Session, today: date) -> list[TodayItem]:
    """Today's reminders: withheld minutes whose yearly review has come (§22(g)(1))."""
    items = []
    for held in _withheld(session):
        due = review_due(held.day, held.reviewed_on)
        if due <= today:
            since = held.reviewed_on or held.day
            items.append(TodayItem(
                held.meeting_id, held.day.isoformat(), "executive_minutes",
                "", f"Executive-session minutes of {long_date(held.day)} not reviewed for "
                    f"release since {long_date(since)}", due, REVIEW_WORDS,
                record="executive_minutes"))
    return items


def write_released(db: Database, meeting_id: int, folder: Path) -> tuple[list[str], list[str]]:
    """The meeting record's part: each released session's minutes as a text file;
    a withheld one only named as withheld (its words are not written anywhere).
    Returns the files written and the index's notes."""
    names, notes = [], []
    for held in sessions_of_meeting(db, meeting_id):
        day = long_date(held.day)
        if held.read_version is None:
            continue  # no minutes typed: nothing kept apart
        if held.released_on is None:
            notes.append(f"the minutes of the executive session of {day} are withheld until "
                         "the commission votes to release them (MGL c.30A §22(f))")
            continue
        name = clean_stem(f"Executive-session minutes (released {held.released_on}), {day}")
        (folder / f"{name}.txt").write_text(
            f"Minutes of the executive session of {day}\n"
            f"Entered by the vote: {held.motion}\n"
            f"Released by the vote of {long_date(held.released_on)}\n"
            f"Kept by: {held.kept_by}\n\n{held.text}\n", encoding="utf-8")
        names.append(f"{name}.txt")
    return names, notes
