"""Continuing a hearing to a date certain, and closing it.

The bylaws agree on the shape (Upton §330-10E, Shutesbury §5, Sandwich §7.25
Part 4, 310 CMR 10.05(5)(b)): the commission may continue a hearing to a date
announced at the hearing, for reasons stated at the hearing. Without the
applicant's consent the continued session must still fall within the 21 days
the hearing had to open in; with it, to any agreed date. Sandwich and
Shutesbury go further: when the applicant objects, the hearing is closed and
the commission acts on what it has (their profiles' rules
``continuance_by_request`` and ``continuance_objection``).

When the new date is not announced at the hearing the public has not been
told, so the legal notice is published again; Bourne advertises every continued
hearing (BWR 1.05(6)(c), rule ``continuance_with_consent``).

Closing the hearing starts ``decision_by`` (21 days in every profiled town).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from concom_desk.domain.deadline_engine import Deadline, compute_deadlines
from concom_desk.domain.hearing_booking import (
    FilingClocks,
    Finding,
    Severity,
    board_comment_finding,
    legal_notice_finding,
)
from concom_desk.domain.plain_dates import long_date, weekday_date
from concom_desk.domain.town_profile import TownProfile
from concom_desk.errors import UserError

CONTINUANCE_CITATION = (
    "310 CMR 10.05(5)(b); Upton §330-10E; Shutesbury §5; Sandwich §7.25 Part 4: "
    "continuance to a date certain announced at the hearing, for reasons stated there"
)
# Town rules (a profile's [[rule]] ids) that change how a continuance is treated.
CONSENT_REQUIRED_RULES = ("continuance_by_request", "continuance_objection")
READVERTISE_RULES = ("continuance_with_consent", "readvertise_continuances")


def town_rule(profile: TownProfile, kind: str, ids: tuple[str, ...]) -> dict[str, Any] | None:
    """The first of the profile's [[rule]] entries with one of `ids` for this kind."""
    for rule in profile.rules:
        if rule.get("id") in ids and kind in rule.get("kinds", [kind]):
            return rule
    return None


@dataclass(frozen=True)
class Continuance:
    from_day: date  # the session at which the hearing is continued
    to_day: date | None  # the date certain (None is refused: there must be one)
    reason: str
    applicant_consents: bool
    announced_at_hearing: bool = True


@dataclass(frozen=True)
class ContinuanceReview:
    continuance: Continuance
    findings: tuple[Finding, ...]
    readvertise: bool

    @property
    def blocked(self) -> bool:
        return any(f.severity is Severity.STOP for f in self.findings)


def review_continuance(
    profile: TownProfile, filing: FilingClocks, continuance: Continuance, today: date
) -> ContinuanceReview:
    if not continuance.reason.strip():
        raise UserError("state the reason for the continuance (it is stated at the hearing)")
    if continuance.to_day is None:
        raise UserError("a hearing is continued to a date certain: choose the meeting")
    if continuance.to_day <= continuance.from_day:
        raise UserError(
            f"the continued session ({long_date(continuance.to_day)}) must come after the "
            f"session it is continued from ({long_date(continuance.from_day)})"
        )
    findings: list[Finding] = [_consent(profile, filing, continuance)]
    town_readvertises = town_rule(profile, filing.kind, READVERTISE_RULES)
    readvertise = not continuance.announced_at_hearing or town_readvertises is not None
    if readvertise:
        why = ("the new date was not announced at the hearing"
               if not continuance.announced_at_hearing
               else "the town advertises every continued hearing "
               f"({town_readvertises['citation'] if town_readvertises else ''})")
        findings.append(legal_notice_finding(profile, filing, continuance.to_day, today, why=why))
    else:
        findings.append(Finding(
            "legal_notice_by", Severity.OK,
            f"No new legal notice: the date {weekday_date(continuance.to_day)} is announced "
            "at the hearing.", CONTINUANCE_CITATION,
        ))
    return ContinuanceReview(continuance, tuple(findings), readvertise)


def _consent(profile: TownProfile, filing: FilingClocks, continuance: Continuance) -> Finding:
    to_day = continuance.to_day
    assert to_day is not None
    if continuance.applicant_consents:
        return Finding("continuance", Severity.OK,
                       f"Continued to {weekday_date(to_day)} with the applicant's consent "
                       f"({continuance.reason.strip()}).", CONTINUANCE_CITATION)
    objection_closes = town_rule(profile, filing.kind, CONSENT_REQUIRED_RULES)
    if objection_closes is not None:
        return Finding(
            "continuance", Severity.STOP,
            f"In {profile.name} a hearing is continued only with the applicant's consent; "
            "when the applicant objects the hearing is closed and the commission acts on "
            "what it has.", objection_closes.get("citation", CONTINUANCE_CITATION),
        )
    found = {d.id: d for d in compute_deadlines(profile, filing.kind, filing.events(),
                                                filing.flags)}
    hearing_by = found.get("hearing_by")
    if hearing_by is None or to_day <= hearing_by.date:
        return Finding("continuance", Severity.OK,
                       f"Continued to {weekday_date(to_day)} ({continuance.reason.strip()}); "
                       "no consent is needed for a date within the period to open the "
                       "hearing.", CONTINUANCE_CITATION)
    return Finding(
        "continuance", Severity.STOP,
        f"Without the applicant's consent the hearing can be continued only to a date by "
        f"{weekday_date(hearing_by.date)} ({hearing_by.rule}); record the consent or choose "
        "an earlier meeting.", CONTINUANCE_CITATION, hearing_by.date,
    )


def check_chain(opened_on: date, continuances: Sequence[Continuance]) -> list[date]:
    """The sessions of a hearing, from its opening through each continuance.

    Each continuance must start from the session before it; a broken chain (a
    session continued from a date the hearing was not held on) is refused."""
    sessions = [opened_on]
    for number, continuance in enumerate(continuances, start=1):
        if continuance.from_day != sessions[-1]:
            raise UserError(
                f"continuance {number} is from {long_date(continuance.from_day)}, but the "
                f"hearing's last session was {long_date(sessions[-1])}"
            )
        if continuance.to_day is None or continuance.to_day <= continuance.from_day:
            raise UserError(f"continuance {number} has no later date certain")
        sessions.append(continuance.to_day)
    return sessions


@dataclass(frozen=True)
class Closing:
    closed_on: date
    decision_by: Deadline | None
    findings: tuple[Finding, ...]


def close_hearing(
    profile: TownProfile, filing: FilingClocks, opened_on: date, closed_on: date, today: date
) -> Closing:
    """Closing the hearing starts the clock to issue the decision."""
    if closed_on < opened_on:
        raise UserError(
            f"the hearing cannot close ({long_date(closed_on)}) before it opened "
            f"({long_date(opened_on)})"
        )
    deadlines = compute_deadlines(
        profile, filing.kind, filing.events(hearing=opened_on, closed=closed_on), filing.flags
    )
    decision = next((d for d in deadlines if d.id == "decision_by"), None)
    findings: list[Finding] = []
    if decision is not None:
        findings.append(Finding(
            "decision_by", Severity.OK if today <= decision.date else Severity.WARNING,
            f"Issue the decision by {weekday_date(decision.date)} ({decision.rule}).",
            decision.citation, decision.date,
        ))
    comment = board_comment_finding(profile, filing, closed_on, today)
    if comment is not None and comment.severity is Severity.WARNING:
        findings.append(comment)
    return Closing(closed_on, decision, tuple(findings))
