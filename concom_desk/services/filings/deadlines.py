"""The statutory deadlines of a stored filing, from the deadline engine.

The engine needs the town profile, the kind, the known event dates and the flags;
the last three are the filing's facts (`domain.filing_facts.FilingFacts`, plain data:
`Filing.facts()`, or read as columns for a list), which every function here takes.
`next_deadline` answers the question of the filings list: what is the next date the
commission must act by, for this filing?
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from concom_desk.domain.deadline_engine import Deadline, compute_deadlines
from concom_desk.domain.filing_facts import FilingFacts
from concom_desk.domain.filing_kinds import KINDS
from concom_desk.domain.laws import ACT, BOTH, STATE_TOWN, is_joint, side_by_side
from concom_desk.domain.status_rules import NOTHING_OWED
from concom_desk.domain.town_profile import TownProfile
from concom_desk.errors import UserError
from concom_desk.services.commission.town_profiles import available_profiles
from concom_desk.services.filings.rows import OWED_ACTS, UNTIL_DECISION
from concom_desk.store.models import (
    Abutter,
    AbutterNotice,
    CommissionSettings,
    Continuance,
    GeneratedDocument,
    Hearing,
    HearingWaiver,
    Meeting,
    TownClosureDay,
)

# A deadline is met once the filing has one of these dates (the act it bounds is
# done), on its own row or among the acts recorded elsewhere (see `acts_done`).
# Deadlines not listed (an appeal period, a town's own rule) stay pending until
# their day has passed.
MET_BY: dict[str, tuple[str, ...]] = {
    "hearing_by": ("hearing", "hearing_waived"),
    "legal_notice_by": ("hearing", "legal_ad_published"),
    "abutter_notice_by": ("hearing", "abutters_mailed"),
    "board_notice_by": ("boards_notified",),
    "dep_copy_by": ("dep_copy_sent",),
    "board_comment_period_ends": ("closed",),
    "decision_by": ("decided", "issued", "decision_waived"),
    "coc_decision_by": ("decided", "issued"),
    "recording": ("recorded",),
    "recording_before_work": ("recorded",),
    "expires": ("completed",),
    "extension_request_by": ("completed",),
    "coc_application_by": ("completed",),
    "emergency_work_complete_by": ("completed",),
    "emergency_certification_by": ("issued",),
}



def filing_profile(filing: FilingFacts, profiles: Mapping[str, TownProfile] | None) -> TownProfile:
    """The profile whose clocks the filing runs on: its town's, or the state's for a
    filing under the Act alone in a town with a bylaw (the bylaw then does not apply)."""
    known = profiles if profiles is not None else available_profiles()
    if (filing.laws or BOTH) == ACT and filing.town in known and STATE_TOWN in known:
        return known[STATE_TOWN]
    found = known.get(filing.town)
    if found is None:
        raise UserError(
            f"filing {filing.file_no} follows the rules of town {filing.town!r}, "
            "which has no profile here; add its profile to the towns folder"
        )
    return found


def town_closures(session: Session) -> tuple[list[date], list[str]]:
    """The town's own closure days and named closure rules (day after Thanksgiving…)."""
    dates = list(session.scalars(select(TownClosureDay.day)))
    settings = session.scalars(select(CommissionSettings)).first()
    rules = [r.strip() for r in (settings.closure_rules if settings else "").split(",")
             if r.strip()]
    return dates, rules


def profiles_in_effect(session: Session, profiles: Mapping[str, TownProfile] | None = None
                       ) -> dict[str, TownProfile]:
    """The town profiles as this commission counts with them: its own office closures
    (from the settings) are not business days either. Every list, panel, document and
    the calendar count from these, so a filing's dates agree wherever they are shown."""
    found = dict(profiles if profiles is not None else available_profiles())
    dates, rules = town_closures(session)
    if not dates and not rules:
        return found
    return {town: profile.with_closures(dates, rules) for town, profile in found.items()}


def filing_deadlines(
    filing: FilingFacts,
    profiles: Mapping[str, TownProfile] | None = None,
    continued_to: date | None = None,
    done: ActsDone | None = None,
    hearing_booked: date | None = None,
) -> list[Deadline]:
    """Every deadline that follows from the filing's dates, in the profile's order.
    `profiles` (from `profiles_in_effect(session)`) carry the town's closures and save
    re-reading the files for a list; `done` are the acts recorded elsewhere (see
    `acts_done`): the date certain an open hearing is continued to and the meeting a
    hearing is booked on are among them, so every view that reads them counts alike;
    `continued_to` and `hearing_booked` stand over them where a caller knows better."""
    profile = filing_profile(filing, profiles)
    events = filing.event_dates()
    kind_events = KINDS[filing.kind].events
    if continued_to is None:  # the continuance as `acts_done` found it
        continued_to = (done or {}).get(filing.id, {}).get(CONTINUED_TO)
    if continued_to is not None and filing.closed is None and "continued" in kind_events:
        events["continued"] = continued_to
    if hearing_booked is None:  # the booking as `acts_done` found it, so every view agrees
        hearing_booked = (done or {}).get(filing.id, {}).get(BOOKED_ON)
    if hearing_booked is not None and "hearing" in kind_events:
        events.setdefault("hearing", hearing_booked)
    skip: frozenset[str] = frozenset()
    if filing.kind == "extension" and filing.original is not None:
        in_force, skip = permit_in_force(filing.original, profiles)
        if in_force is not None:
            events["expiry"] = in_force
    return compute_deadlines(profile, filing.kind, events, filing.flags(),
                             extensions_for(filing, done),
                             not_covered=filing.acts_not_covered or "", skip_acts=skip)


def permit_in_force(permit: FilingFacts, profiles: Mapping[str, TownProfile] | None
                    ) -> tuple[date | None, frozenset[str]]:
    """The expiry in force of the permit an extension extends, and the extension acts
    that already moved it (or the permit it extends in turn): an act extends a permit
    once, not again each extension of it."""
    found = {d.id: d for d in filing_deadlines(permit, profiles)} if permit.issued else {}
    expiry = found.get("expires")
    if expiry is None:
        return permit.expires, frozenset()
    acts = {step.act.id for step in expiry.extended_by}
    if permit.kind == "extension" and permit.original is not None:
        acts |= permit_in_force(permit.original, profiles)[1]
    return expiry.date, frozenset(acts)


def extensions_for(filing: FilingFacts, done: ActsDone | None) -> dict[str, tuple[date, str]]:
    """Deadlines a recorded act has moved: the hearing clock, or the decision's, by the
    applicant's dated written waiver."""
    recorded = (done or {}).get(filing.id, {})
    moved = {}
    waived_to = recorded.get(WAIVED_TO)
    if waived_to is not None:
        signed = recorded.get("waiver_signed")
        moved["hearing_by"] = (waived_to, f"extended to {waived_to} by the applicant's "
                                          f"written waiver signed {signed}")
    decide_by = recorded.get(DECISION_WAIVED_TO)
    if decide_by is not None:
        signed = recorded.get("decision_waiver_signed")
        moved["decision_by"] = (decide_by, f"extended to {decide_by} by the applicant's "
                                           f"written waiver of the decision period signed "
                                           f"{signed} (Garrity v. Hingham, 2012)")
    return moved


def open_continuances(session: Session, filing_ids: list[int] | None = None
                      ) -> dict[int, date]:
    """Filing id → the latest date certain of its hearing while not closed."""
    query = (select(Hearing.filing_id, func.max(Continuance.continued_to))
             .join(Continuance, Continuance.hearing_id == Hearing.id)
             .where(Hearing.status.in_(("open", "continued")))
             .group_by(Hearing.filing_id))
    if filing_ids is not None:
        query = query.where(Hearing.filing_id.in_(filing_ids))
    return {filing_id: day for filing_id, day in session.execute(query)}


# Acts recorded outside the filing's own row: filing id -> {act: date}.
ActsDone = Mapping[int, Mapping[str, date]]
# The date an applicant's written waiver lets the hearing open by (Sandwich §7.30:
# "later only with the applicant's written assent"; the state and other towns alike).
WAIVED_TO = "hearing_waived_to"
# The date an applicant's written waiver of the 21-day decision period lets the
# decision come by (Garrity v. Hingham Conservation Commission, 2012); with no date,
# "decision_waived": the 21 days no longer bind.
DECISION_WAIVED_TO = "decision_waived_to"
# The date certain an open hearing is continued to (the latest announced): a town may
# count from it (Upton § 330-10E: an applicant who cannot attend the continued hearing
# tells the commission two business days before).
CONTINUED_TO = "hearing_continued_to"
# The meeting a hearing is booked on, not yet opened: the legal notice and the abutters'
# notice count back from it (310 CMR 10.05(5)(b)), in the record and Today as on the
# calendar, not from the 21-day limit.
BOOKED_ON = "hearing_booked_on"


def acts_done(session: Session, filing_ids: Iterable[int] | None = None
              ) -> dict[int, dict[str, date]]:
    """What the clerk has recorded elsewhere that meets a filing's deadline: every
    abutter notice mailed (the last mailing date), the legal ad published (the first),
    the meeting a hearing is booked on while not yet opened."""
    done: dict[int, dict[str, date]] = {}
    mailed = (select(Abutter.filing_id, func.count(AbutterNotice.id),
                     func.count(AbutterNotice.mailed_on), func.max(AbutterNotice.mailed_on))
              .join(AbutterNotice, AbutterNotice.abutter_id == Abutter.id)
              .group_by(Abutter.filing_id))
    published = (select(Hearing.filing_id, func.min(Hearing.legal_ad_published_on))
                 .where(Hearing.legal_ad_published_on.is_not(None))
                 .group_by(Hearing.filing_id))
    if filing_ids is not None:
        wanted = list(filing_ids)
        mailed = mailed.where(Abutter.filing_id.in_(wanted))
        published = published.where(Hearing.filing_id.in_(wanted))
    for filing_id, notices, with_date, last in session.execute(mailed):
        if notices and notices == with_date:  # a notice not yet mailed: not done
            done.setdefault(filing_id, {})["abutters_mailed"] = last
    for filing_id, first in session.execute(published):
        done.setdefault(filing_id, {})["legal_ad_published"] = first
    # MassDEP's copy of the decision on its WPA form, recorded as sent (Documents).
    sent = (select(GeneratedDocument.filing_id, func.min(GeneratedDocument.dep_copy_sent_on))
            .where(GeneratedDocument.dep_copy_sent_on.is_not(None),
                   GeneratedDocument.filing_id.is_not(None))
            .group_by(GeneratedDocument.filing_id))
    if filing_ids is not None:
        sent = sent.where(GeneratedDocument.filing_id.in_(wanted))
    for filing_id, first in session.execute(sent):
        done.setdefault(filing_id, {})["dep_copy_sent"] = first
    booked = (select(Hearing.filing_id, func.min(Meeting.held_on))
              .join(Meeting, Meeting.id == Hearing.meeting_id)
              .where(Hearing.status == "scheduled", Hearing.opened_on.is_(None),
                     Meeting.cancelled.is_(False))
              .group_by(Hearing.filing_id))
    if filing_ids is not None:
        booked = booked.where(Hearing.filing_id.in_(wanted))
    for filing_id, day in session.execute(booked):
        done.setdefault(filing_id, {})[BOOKED_ON] = day
    for filing_id, day in open_continuances(session, wanted if filing_ids is not None
                                            else None).items():
        done.setdefault(filing_id, {})[CONTINUED_TO] = day
    waivers = select(HearingWaiver.filing_id, HearingWaiver.signed_on,
                     HearingWaiver.hearing_no_later_than, HearingWaiver.period
                     ).order_by(HearingWaiver.signed_on)
    if filing_ids is not None:
        waivers = waivers.where(HearingWaiver.filing_id.in_(wanted))
    for filing_id, signed_on, no_later_than, period in session.execute(waivers):
        acts = done.setdefault(filing_id, {})
        waived, moved_to, signed = (("decision_waived", DECISION_WAIVED_TO,
                                     "decision_waiver_signed") if period == "decision"
                                    else ("hearing_waived", WAIVED_TO, "waiver_signed"))
        acts.pop(waived, None)  # the latest waiver signed is the one in force
        acts.pop(moved_to, None)
        if no_later_than is not None:
            acts[moved_to] = no_later_than
            acts[signed] = signed_on
        else:  # assent to a later date with none given: the 21-day clock no longer binds
            acts[waived] = signed_on
    return done


def is_met(filing: FilingFacts, deadline: Deadline, done: ActsDone | None = None) -> bool:
    recorded = (done or {}).get(filing.id, {})
    return any(getattr(filing, field, None) is not None or recorded.get(field) is not None
               for field in MET_BY.get(deadline.id, ()))


def no_longer_owed(filing: FilingFacts, deadline: Deadline) -> bool:
    """An act that matters only until the decision (notices, the hearing) is owed no
    more once the filing is decided: unrecorded, it reads "not recorded", never
    "OVERDUE by 289 days" on an applicant's boards-notice long after issuance."""
    return deadline.id in UNTIL_DECISION and (filing.decided is not None
                                              or filing.issued is not None)


def every_clock(filing: FilingFacts, profiles: Mapping[str, TownProfile] | None = None,
                done: ActsDone | None = None, continued_to: date | None = None,
                hearing_booked: date | None = None) -> list[Deadline]:
    """Every deadline of every law the filing is under, by date: its own profile's
    (`filing_deadlines`), and for a filing under both laws the Act's beside them
    (`side_by_side`)."""
    own = filing_deadlines(filing, profiles, continued_to, done, hearing_booked)
    known = profiles if profiles is not None else available_profiles()
    state = known.get(STATE_TOWN)
    if not is_joint(filing.laws or BOTH, filing.town) or state is None:
        return own
    return side_by_side(own, filing_deadlines(filing, {filing.town: state}, continued_to,
                                              done, hearing_booked))


def open_deadlines(filing: FilingFacts, today: date, done: ActsDone | None, *,
                   deadlines: list[Deadline]) -> list[Deadline]:
    """Deadlines that still ask for something: overdue acts, and every unmet date from today.

    The one rule of what is still owed: the Filings tab and Today show the first of
    these (an overdue act first); the command line the first still ahead. `deadlines`
    are the filing's, from the commission's clock (`filing_clock.FilingClock`), which
    asks this."""
    if filing.status in NOTHING_OWED:
        return []
    found = []
    for deadline in deadlines:
        if is_met(filing, deadline, done) or no_longer_owed(filing, deadline):
            continue
        if deadline.date >= today or deadline.id in OWED_ACTS:
            found.append(deadline)
    return sorted(found, key=lambda d: d.date)
