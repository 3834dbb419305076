"""The decision a status change records: issuing, denying or certifying a filing writes
its Decision (kind, the day voted, the day issued, the vote, findings, conditions,
reasons) in the same transaction as the status, so every paper and the export read
the same decision. Changing it again (issued after an undo) updates the same row;
the store's audit trail records each write.

A certificate of compliance on the permit itself ("Completed (COC issued)") is its
own decision on the permit, with its own date and the site inspection before it
(310 CMR 10.05(9)); a COC request filed as its own record keeps its decision there.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.decision_kinds import (
    AMENDED,
    COC_KINDS,
    DECISION_NAMES,
    ORDER,
    decision_kinds,
    what_it_carries,
)
from concom_desk.domain.laws import BOTH, under_act
from concom_desk.domain.plain_dates import long_date
from concom_desk.domain.plain_text import without_control_characters
from concom_desk.errors import UserError
from concom_desk.services.documents.conditions_library import library_for
from concom_desk.services.inspections.filing_inspections import latest_made
from concom_desk.store import Database
from concom_desk.store.models import Condition, Decision, Filing, Inspection, Meeting, Vote


@dataclass(frozen=True)
class DecisionEntry:
    """What the clerk says of the decision when she records it; empty fields keep what
    the record already holds (or the usual: the kind's first decision)."""

    kind: str = ""
    findings: tuple[str, ...] = ()
    conditions: tuple[str, ...] = ()  # special ones for an Order; continuing for a COC
    reasons: tuple[str, ...] = ()
    denial_kind: str = ""  # "procedural" or "substantive"
    inspected_on: date | None = None
    inspected_by: str = ""
    inspection_findings: str = ""


@dataclass(frozen=True)
class DecisionAsked:
    """What the decision dialog opens with, for one filing and status."""

    file_no: str
    choices: tuple[tuple[str, str], ...]  # (kind, name), the usual first
    entry: DecisionEntry  # the decision already recorded, else empty
    vote: str  # the vote it records, in words; "" when none is recorded


def _plain(lines: tuple[str, ...]) -> list[str]:
    return [without_control_characters(line).strip() for line in lines if line.strip()]


def deciding_vote(session: Session, filing: Filing, status: str) -> Vote | None:
    """The carried vote that made the decision: the last one on the filing taken at or
    after the hearing closed (for a certificate on the permit itself, after the permit
    was issued: the vote to issue the permit is not the vote to certify the work)."""
    votes = (select(Vote).join(Meeting, Vote.meeting_id == Meeting.id)
             .where(Vote.filing_id == filing.id, Vote.result == "carried")
             .order_by(Meeting.held_on.desc(), Vote.id.desc()))
    since = filing.issued if status == "completed" else filing.closed
    if since is not None:
        votes = votes.where(Meeting.held_on > since if status == "completed"
                            else Meeting.held_on >= since)
    return session.scalars(votes).first()


def decision_for(session: Session, filing: Filing, status: str) -> Decision | None:
    """The decision `status` recorded on the filing, if any (the latest)."""
    kinds = decision_kinds(filing.kind, status)
    if not kinds:
        return None
    return session.scalars(select(Decision).where(Decision.filing_id == filing.id,
                                                  Decision.kind.in_(kinds))
                           .order_by(Decision.id.desc())).first()


def _vote_words(session: Session, vote: Vote | None) -> str:
    if vote is None:
        return ""
    choices = [mv.choice for mv in vote.member_votes]
    meeting = session.get(Meeting, vote.meeting_id)
    held = f" at the meeting of {long_date(meeting.held_on)}" if meeting is not None else ""
    return (f"“{vote.motion}”: carried, {choices.count('yes')} yes, {choices.count('no')} "
            f"no{held}")


def decision_asked(db: Database, filing_id: int, status: str) -> DecisionAsked | None:
    """The dialog's start for moving the filing to `status`; None when that change
    records no decision (opening or closing a hearing, a withdrawal)."""
    with db.read_session() as session:
        filing = session.get(Filing, filing_id)
        if filing is None:
            raise UserError("this filing is no longer in the database")
        kinds = decision_kinds(filing.kind, status)
        if not kinds:
            return None
        existing = decision_for(session, filing, status)
        # A certificate names the site inspection it rests on: the last one made of the
        # permit, recorded on its Inspections tab, is offered (the clerk may change it).
        made = latest_made(session, filing) if kinds[0] in COC_KINDS else None
        entry = DecisionEntry(conditions=_continuing_of_the_order(session, filing)
                              if kinds[0] in COC_KINDS else (),
                              inspected_on=made.inspected_on if made else None,
                              inspected_by=made.inspector if made else "",
                              inspection_findings=made.findings if made else "")
        if existing is not None:
            inspection = _inspection_of(session, filing) if existing.kind in COC_KINDS else None
            entry = DecisionEntry(
                kind=existing.kind, findings=tuple(existing.findings.splitlines()),
                conditions=tuple(c.text for c in existing.conditions
                                 if c.kind == "special" or existing.kind not in (ORDER,
                                                                                 AMENDED)),
                reasons=tuple(existing.reasons.splitlines()),
                denial_kind=existing.denial_kind or "",
                inspected_on=inspection.inspected_on if inspection else None,
                inspected_by=inspection.inspector if inspection else "",
                inspection_findings=inspection.findings if inspection else "")
        return DecisionAsked(filing.file_no, tuple((k, DECISION_NAMES[k]) for k in kinds),
                             entry, _vote_words(session, deciding_vote(session, filing,
                                                                       status)))


def _continuing_of_the_order(session: Session, filing: Filing) -> tuple[str, ...]:
    """A certificate starts from the Order's conditions marked to continue after it
    (the clerk keeps, edits or removes them)."""
    permit = filing.original if filing.kind == "coc" else filing
    if permit is None:
        return ()
    order = session.scalars(select(Decision).where(
        Decision.filing_id == permit.id, Decision.kind.in_((ORDER, AMENDED)))
        .order_by(Decision.id.desc())).first()
    if order is None:
        return ()
    return tuple(c.text for c in sorted(order.conditions, key=lambda c: c.number)
                 if c.continuing)


def _inspection_of(session: Session, filing: Filing) -> Inspection | None:
    return latest_made(session, filing)


def _set_conditions(session: Session, decision: Decision,
                    conditions: list[tuple[str, str]], continuing: bool) -> None:
    """The decision's conditions, (kind, text) numbered in order; rows already there are
    rewritten in place (the trail keeps what each said), extra ones removed."""
    rows = sorted(decision.conditions, key=lambda c: c.number)
    for number, (kind, text) in enumerate(conditions, start=1):
        if number <= len(rows):
            row = rows[number - 1]
            row.kind, row.text, row.continuing = kind, text, continuing
        else:
            decision.conditions.append(Condition(number=number, kind=kind, text=text,
                                                 continuing=continuing))
    for extra in rows[len(conditions):]:
        decision.conditions.remove(extra)
        session.delete(extra)


def record_decision(session: Session, filing: Filing, status: str, on: date,
                    entry: DecisionEntry | None = None) -> Decision | None:
    """Write the decision moving `filing` to `status` on `on` records (None when that
    change records none), in the caller's transaction."""
    entry = entry or DecisionEntry()
    kinds = decision_kinds(filing.kind, status)
    if not kinds:
        return None
    kind = entry.kind or kinds[0]
    if kind not in kinds:
        raise UserError(f"a {filing.kind.upper()} marked {status} cannot be "
                        f"“{DECISION_NAMES.get(kind, kind)}”; it is "
                        + " or ".join(f"“{DECISION_NAMES[k]}”" for k in kinds))
    carries = what_it_carries(kind)
    # Everything read first: a query would flush a half-made decision into the trail.
    vote = deciding_vote(session, filing, status)
    held = session.get(Meeting, vote.meeting_id) if vote is not None else None
    decision = decision_for(session, filing, status)
    fresh = decision is None
    if decision is None:
        decision = Decision(filing_id=filing.id, kind=kind, findings="", reasons="",
                            signed_by="")
    decision.kind = kind
    if vote is not None:
        decision.vote_id = vote.id
    if held is not None:
        # The day voted is the vote's: without one recorded, the papers say "no vote
        # recorded" (a DRAFT) until it is (attach_vote fills it in then).
        decision.decided_on = held.held_on
    decision.issued_on = on if status == "completed" else (filing.issued or on)
    findings = _plain(entry.findings)
    if findings or fresh:
        decision.findings = "\n".join(findings)
    if carries.reasons:
        reasons = _plain(entry.reasons)
        if reasons or fresh:
            decision.reasons = "\n".join(reasons)
        decision.denial_kind = entry.denial_kind or decision.denial_kind or "substantive"
    session.add(decision)
    typed = _plain(entry.conditions)
    if carries.conditions and (typed or fresh):
        _write_conditions(session, filing, decision, kind, typed)
    if carries.inspection and entry.inspected_on is not None:
        if entry.inspected_on > on:
            raise UserError(f"the site inspection ({entry.inspected_on}) cannot come after "
                            f"the certificate ({on})")
        inspector = without_control_characters(entry.inspected_by).strip()
        findings = without_control_characters(entry.inspection_findings).strip()
        made = latest_made(session, filing)
        # The inspection the Inspections tab recorded is the one the certificate names,
        # not a second one on the same day.
        if made is None or (made.inspected_on, made.inspector, made.findings) != (
                entry.inspected_on, inspector, findings):
            session.add(Inspection(filing_id=filing.id, inspected_on=entry.inspected_on,
                                   inspector=inspector, findings=findings,
                                   purpose="Inspection for a Certificate of Compliance"))
    session.flush()
    return decision


def _write_conditions(session: Session, filing: Filing, decision: Decision, kind: str,
                      typed: list[str]) -> None:
    """An Order copies the town's standard conditions as they read today, then the
    special ones typed (a permit records what was imposed that day); a certificate's
    are the conditions that continue after it; a determination's, its own."""
    if kind in (ORDER, AMENDED):
        standard = library_for(filing.town).standard_for(
            has_dep_file=under_act(filing.laws or BOTH))
        _set_conditions(session, decision, [("standard", text) for text in standard]
                        + [("special", text) for text in typed], continuing=False)
    else:
        _set_conditions(session, decision, [("special", text) for text in typed],
                        continuing=kind in COC_KINDS)


def attach_vote(session: Session, filing_id: int, vote: Vote) -> None:
    """A carried vote recorded after the status was changed is the decision's vote: the
    filing's decision recorded without one gets it (and the day it was taken)."""
    meeting = session.get(Meeting, vote.meeting_id)
    for decision in session.scalars(select(Decision).where(Decision.filing_id == filing_id,
                                                           Decision.vote_id.is_(None))):
        filing = session.get(Filing, filing_id)
        if filing is None or meeting is None:
            return
        since = filing.issued if decision.kind in COC_KINDS and filing.kind != "coc" \
            else filing.closed
        if since is not None and meeting.held_on < since:
            continue
        decision.vote_id = vote.id
        decision.decided_on = meeting.held_on


def take_back_decision(session: Session, filing: Filing, status: str) -> None:
    """An undone issuance, denial or certificate did not happen: the decision it
    recorded goes with it (the trail keeps it, and what it said). A site inspection
    did happen, and stays."""
    decision = decision_for(session, filing, status)
    if decision is None:
        return
    for condition in list(decision.conditions):
        session.delete(condition)
    session.flush()
    session.delete(decision)
