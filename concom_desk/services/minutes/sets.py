"""The minutes of a meeting through their life: a draft made from the record and
completed by the clerk; approved at a later meeting by a carried vote (then
locked, the words frozen as approved); corrected only by an amendment, a new
set that names the one it corrects and why, approved in its turn.

Every change goes through the store's audit triggers; an approved set is also
refused by the database itself (see store/models/minutes.py), so no other path
(a script, a bulk update) can change it either.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date

from sqlalchemy import func, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import flag_modified

from concom_desk import clock
from concom_desk.domain.minutes_approval import items_without_summary, why_not_on_minutes
from concom_desk.domain.plain_dates import long_date
from concom_desk.errors import UserError
from concom_desk.services.calendar.clocks import get_or_refuse
from concom_desk.services.minutes.record import meeting_facts, meeting_votes
from concom_desk.services.minutes.sheet import (
    ATTENDANCE_CHOICES,
    MinutesSheet,
    VoteLine,
    sheet_from_json,
    sheet_to_json,
    with_later_versions,
)
from concom_desk.store import Database
from concom_desk.store.models import Attendance, Meeting, Vote
from concom_desk.store.models.minutes import LOCKED_MESSAGE, Minutes, MinutesItem
from concom_desk.store.record_versions import refuse_if_changed


@dataclass(frozen=True)
class MinutesChanges:
    """What the clerk completed in the window."""

    called_to_order: str = ""
    adjourned_at: str = ""
    attendance: Mapping[int, str] = field(default_factory=dict)  # member id -> choice
    summaries: Mapping[str, str] = field(default_factory=dict)  # item key -> summary
    exhibits: Mapping[str, str] = field(default_factory=dict)  # item key -> lines
    # The set's save count when the window read it: a save from an older read is
    # refused (store.record_versions); None: nothing was read first.
    read_version: int | None = None


@dataclass(frozen=True)
class ApprovalChoice:
    """A carried vote at a later meeting that can approve the minutes."""

    vote_id: int
    meeting_day: date
    motion: str

    def describe(self) -> str:
        return f"{long_date(self.meeting_day)}: {self.motion}"


def _clock(text: str, what: str) -> str:
    """'19:05' from what was typed ('7:05', '19:05'); '' stays ''."""
    text = text.strip()
    if not text:
        return ""
    try:
        hours, minutes = (int(part) for part in text.split(":"))
        if 0 <= hours < 24 and 0 <= minutes < 60:
            return f"{hours:02d}:{minutes:02d}"
    except ValueError:
        pass
    raise UserError(f"{what} {text!r} is not a time: write it as 19:05 (24-hour clock)")


def _latest(session: Session, meeting_id: int) -> Minutes | None:
    return session.scalars(select(Minutes).where(Minutes.meeting_id == meeting_id)
                           .order_by(Minutes.version.desc())).first()


def _sheet(session: Session, minutes: Minutes) -> MinutesSheet:
    """The set as shown: frozen words for an approved set, the live record joined to
    the clerk's words for a draft."""
    later = tuple(session.scalars(select(Minutes.version).where(
        Minutes.meeting_id == minutes.meeting_id, Minutes.version > minutes.version)))
    if minutes.state == "approved":
        return with_later_versions(sheet_from_json(minutes.approved_text), later)
    meeting = session.get(Meeting, minutes.meeting_id)
    assert meeting is not None
    facts = meeting_facts(session, meeting)
    written = {row.item_key: row for row in session.scalars(
        select(MinutesItem).where(MinutesItem.minutes_id == minutes.id))}
    items = []
    for item in facts.items:
        row = written.get(item.key)
        if row is not None:
            item = replace(item, summary=row.summary, exhibits=tuple(
                line.strip() for line in row.exhibits.splitlines() if line.strip()))
        items.append(item)
    amended = session.get(Minutes, minutes.amends_id) if minutes.amends_id else None
    return MinutesSheet(
        minutes_id=minutes.id, meeting_id=meeting.id, version=minutes.version,
        state=minutes.state, day=meeting.held_on, start_time=meeting.start_time,
        place=meeting.place, kind=meeting.kind, posted_at=meeting.agenda_posted_at,
        called_to_order=minutes.called_to_order or meeting.start_time,
        adjourned_at=minutes.adjourned_at, roll_call=facts.roll_call, items=tuple(items),
        documents=facts.documents, amends_version=amended.version if amended else None,
        amendment_reason=minutes.amendment_reason, later_versions=later,
        edit_version=minutes.edit_version)


def open_minutes(db: Database, meeting_id: int, today: date | None = None) -> MinutesSheet:
    """The meeting's current minutes (the latest set), a new draft when it has none.
    Refused for a meeting not held yet or cancelled: there is nothing to minute."""
    today = today or clock.today()
    with db.read_session() as session:
        meeting = get_or_refuse(session, Meeting, meeting_id, "meeting")
        current = _latest(session, meeting_id)
        if current is not None:
            return _sheet(session, current)
        if meeting.cancelled:
            raise UserError(f"the meeting of {long_date(meeting.held_on)} was cancelled: "
                            "it has no minutes")
        if meeting.held_on > today:
            raise UserError(f"the meeting of {long_date(meeting.held_on)} has not been held "
                            "yet: its minutes are drafted on the day or after")
    with db.session() as session:
        current = _latest(session, meeting_id)
        if current is None:
            current = Minutes(meeting_id=meeting_id, version=1, state="draft",
                              created_at=clock.now().replace(tzinfo=None))
            session.add(current)
            session.flush()
        return _sheet(session, current)


def _draft(session: Session, minutes_id: int) -> Minutes:
    minutes = get_or_refuse(session, Minutes, minutes_id, "set of minutes")
    if minutes.state == "approved":
        raise UserError(f"{LOCKED_MESSAGE} (Amend… starts one)")
    return minutes


def save_minutes(db: Database, minutes_id: int, changes: MinutesChanges) -> MinutesSheet:
    """Save what the clerk completed: the times, the roll call (into the meeting's
    attendance) and each item's summary and exhibits. Refused for an approved set."""
    called = _clock(changes.called_to_order, "called to order at")
    adjourned = _clock(changes.adjourned_at, "adjourned at")
    wrong = [c for c in changes.attendance.values() if c not in ATTENDANCE_CHOICES]
    if wrong:
        raise UserError(f"attendance {wrong[0]!r} is not one of: {', '.join(ATTENDANCE_CHOICES)}")
    with db.session() as session:
        minutes = _draft(session, minutes_id)
        meeting = session.get(Meeting, minutes.meeting_id)
        assert meeting is not None
        refuse_if_changed(session, minutes, changes.read_version,
                          f"The draft of the minutes of {long_date(meeting.held_on)}")
        if called and adjourned and adjourned < called:
            raise UserError(f"adjourned at {adjourned} is before the call to order at {called}")
        minutes.called_to_order, minutes.adjourned_at = called, adjourned
        # Whether the set's own row is written (the queries below flush it first).
        own_row_changed = session.is_modified(minutes)
        rows = {row.member_id: row for row in session.scalars(
            select(Attendance).where(Attendance.meeting_id == minutes.meeting_id))}
        for member_id, choice in changes.attendance.items():
            row = rows.get(member_id)
            if choice == "absent":
                if row is not None:
                    session.delete(row)
                continue
            if row is None:
                row = Attendance(meeting_id=minutes.meeting_id, member_id=member_id)
                session.add(row)
            row.remote = choice == "remote"
        written = {row.item_key: row for row in session.scalars(
            select(MinutesItem).where(MinutesItem.minutes_id == minutes.id))}
        for key in set(changes.summaries) | set(changes.exhibits):
            row = written.get(key)
            if row is None:
                row = MinutesItem(minutes_id=minutes.id, item_key=key)
                session.add(row)
            if key in changes.summaries:
                row.summary = changes.summaries[key].strip()
            if key in changes.exhibits:
                row.exhibits = "\n".join(line.strip() for line in
                                         changes.exhibits[key].splitlines() if line.strip())
        if not own_row_changed and (session.new or session.deleted or any(
                session.is_modified(row) for row in session.dirty)):
            # Only the items or the roll call changed: the set still counts a save, so
            # a desk holding an older read of it is refused too.
            flag_modified(minutes, "called_to_order")
        session.flush()
        return _sheet(session, minutes)


def approval_choices(db: Database, minutes_id: int) -> list[ApprovalChoice]:
    """Carried votes on these minutes at later meetings, the nearest meeting first."""
    with db.read_session() as session:
        minutes = get_or_refuse(session, Minutes, minutes_id, "set of minutes")
        meeting = session.get(Meeting, minutes.meeting_id)
        assert meeting is not None
        used = _votes_used(session, minutes.meeting_id)
        rows = session.execute(
            select(Vote.id, Meeting.held_on, Vote.motion).join(Meeting, Meeting.id ==
                                                               Vote.meeting_id)
            .where(Meeting.held_on > meeting.held_on, Vote.result == "carried",
                   Vote.filing_id.is_(None), Vote.enforcement_case_id.is_(None))
            .order_by(Meeting.held_on, Vote.id)).all()
        # Only votes on these minutes: a budget vote carried the same night approves nothing.
    rows = [row for row in rows if row[0] not in used
            and why_not_on_minutes(row[2], meeting.held_on, long_date(meeting.held_on)) is None]
    return [ApprovalChoice(*row) for row in rows]


def missing_summaries(sheet: MinutesSheet) -> list[str]:
    """The items of the set with no summary of the discussion (§22(a)): the approval
    warns of them before the words are locked."""
    return items_without_summary((item.heading, item.summary) for item in sheet.items)


def _votes_used(session: Session, meeting_id: int) -> set[int]:
    """Votes that already approved a version of this meeting's minutes: an amendment
    needs a vote of its own."""
    return {vote for vote in session.scalars(select(Minutes.approved_vote_id).where(
        Minutes.meeting_id == meeting_id)) if vote is not None}


def _vote_line(session: Session, vote_id: int) -> VoteLine:
    vote = session.get(Vote, vote_id)
    assert vote is not None
    return next(line for lines in meeting_votes(session, vote.meeting_id).values()
                for v, line in lines if v.id == vote_id)


def approve_minutes(db: Database, minutes_id: int, vote_id: int) -> MinutesSheet:
    """Approve the set by a carried vote of a later meeting: the words are frozen as
    they stand, the meeting is marked approved on that day, and the set is locked."""
    with db.session() as session:
        minutes = _draft(session, minutes_id)
        meeting = session.get(Meeting, minutes.meeting_id)
        vote = get_or_refuse(session, Vote, vote_id, "vote")
        at = session.get(Meeting, vote.meeting_id)
        assert meeting is not None and at is not None
        if at.held_on <= meeting.held_on:
            raise UserError("minutes are approved at a later meeting: the vote of "
                            f"{long_date(at.held_on)} is not after the meeting of "
                            f"{long_date(meeting.held_on)}")
        if vote.filing_id is not None or vote.enforcement_case_id is not None:
            raise UserError(f"the motion {vote.motion!r} was on a filing or a case, not on "
                            "the minutes")
        if vote.id in _votes_used(session, minutes.meeting_id):
            raise UserError("that vote approved an earlier version of these minutes: an "
                            "amendment is approved by a vote of its own")
        if vote.result != "carried":
            raise UserError(f"the motion {vote.motion!r} failed: it approves nothing")
        refused = why_not_on_minutes(vote.motion, meeting.held_on, long_date(meeting.held_on))
        if refused:
            raise UserError(refused)
        sheet = replace(_sheet(session, minutes), state="approved", approved_on=at.held_on,
                        approved_at_meeting=at.held_on,
                        approved_by=_vote_line(session, vote_id), later_versions=())
        minutes.state = "approved"
        minutes.approved_on = at.held_on
        minutes.approved_meeting_id = at.id
        minutes.approved_vote_id = vote.id
        minutes.approved_text = sheet_to_json(sheet)
        meeting.minutes_approved_on = at.held_on
        return sheet


def start_amendment(db: Database, minutes_id: int, reason: str) -> MinutesSheet:
    """A new draft correcting an approved set, with its reason; the clerk's words are
    carried over to be corrected. The approved set stays as it was."""
    if not reason.strip():
        raise UserError("say what the amendment corrects (the reason is kept with it)")
    with db.session() as session:
        approved = get_or_refuse(session, Minutes, minutes_id, "set of minutes")
        if approved.state != "approved":
            raise UserError("a draft is corrected directly: only approved minutes are amended")
        latest = _latest(session, approved.meeting_id)
        assert latest is not None
        if latest.id != approved.id:
            raise UserError(f"version {latest.version} of these minutes already exists: "
                            "amend the latest version")
        amendment = Minutes(meeting_id=approved.meeting_id, version=approved.version + 1,
                            state="draft", amends_id=approved.id,
                            amendment_reason=reason.strip(),
                            called_to_order=approved.called_to_order,
                            adjourned_at=approved.adjourned_at,
                            created_at=clock.now().replace(tzinfo=None))
        session.add(amendment)
        session.flush()
        frozen = sheet_from_json(approved.approved_text)
        for item in frozen.items:
            if item.summary or item.exhibits:
                session.add(MinutesItem(minutes_id=amendment.id, item_key=item.key,
                                        summary=item.summary,
                                        exhibits="\n".join(item.exhibits)))
        session.flush()
        return _sheet(session, amendment)


def drafts_waiting(session: Session, before: date) -> list[date]:
    """The days of meetings before `before` whose latest minutes are still a draft:
    what the next agenda asks the commission to approve."""
    latest = (select(Minutes.meeting_id, func.max(Minutes.version).label("version"))
              .group_by(Minutes.meeting_id).subquery())
    rows = session.scalars(
        select(Meeting.held_on).join(Minutes, Minutes.meeting_id == Meeting.id)
        .join(latest, (latest.c.meeting_id == Minutes.meeting_id)
              & (latest.c.version == Minutes.version))
        .where(Minutes.state == "draft", Meeting.held_on < before)
        .order_by(Meeting.held_on))
    return list(rows)


def every_version(db: Database, meeting_id: int) -> list[MinutesSheet]:
    """Every set of the meeting's minutes, the first first; none yet: the draft the
    record alone would make (not saved — reading the record changes nothing)."""
    with db.read_session() as session:
        meeting = get_or_refuse(session, Meeting, meeting_id, "meeting")
        rows = session.scalars(select(Minutes).where(Minutes.meeting_id == meeting_id)
                               .order_by(Minutes.version)).all()
        if rows:
            return [_sheet(session, row) for row in rows]
        facts = meeting_facts(session, meeting)
        return [MinutesSheet(
            minutes_id=0, meeting_id=meeting.id, version=1, state="draft",
            day=meeting.held_on, start_time=meeting.start_time, place=meeting.place,
            kind=meeting.kind, posted_at=meeting.agenda_posted_at,
            called_to_order=meeting.start_time, adjourned_at="", roll_call=facts.roll_call,
            items=facts.items, documents=facts.documents)]
