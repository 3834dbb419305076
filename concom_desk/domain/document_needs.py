"""What each decision document states, and so which facts the record must hold before
it can be issued.

An Order of Conditions (WPA Form 5, 310 CMR 10.05(6)) says when the hearing was held
and closed, that the commission voted, and when the Order was issued and expires; a
determination, a delineation, an amendment, an extension and a certificate of
compliance state the same kind of facts. Made before those facts are in the record,
the document prints "Hearing (closed )" and a blank issuance date. The program then
makes it only as a DRAFT, listing what is missing. This module is pure: it judges the
facts handed to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from concom_desk.domain.status_rules import HEARD_KINDS


class Fact(StrEnum):
    HEARING = "hearing"  # the day the hearing (RDA: the meeting) was opened
    CLOSED = "closed"  # the day it was closed
    VOTE = "vote"  # a carried vote on the filing, at or after the close
    DECIDED = "decided"  # the day of the decision (a denial states it)
    ISSUED = "issued"
    EXPIRES = "expires"
    PERMIT = "permit"  # the permit an amendment, extension or certificate concerns
    REASON = "reason"  # why the emergency (an emergency certification states it)
    WORK_BY = "work_by"  # the day emergency work must be done by (310 CMR 10.06(3))
    FORM_BOX = "form_box"  # the numbered box of WPA Form 2 the determination checks
    FINDINGS = "findings"  # what the commission determined (a determination states it)
    CERTIFIED = "certified"  # the day the certificate of compliance was issued
    INSPECTED = "inspected"  # the site inspection before it (310 CMR 10.05(9))


# How a missing fact reads in the DRAFT's list (and on the command line).
MISSING_WORDS: dict[Fact, str] = {
    Fact.HEARING: "no hearing date",
    Fact.CLOSED: "no hearing closing date",
    Fact.VOTE: "no vote recorded",
    Fact.DECIDED: "no decision date",
    Fact.ISSUED: "not issued",
    Fact.EXPIRES: "no expiry date",
    Fact.PERMIT: "no permit named (the Order it concerns)",
    Fact.REASON: "no reason for the emergency recorded (the decision's findings)",
    Fact.WORK_BY: "no date the emergency work must be done by",
    Fact.FORM_BOX: "the determination's findings name none of the form's numbered boxes "
                   "(begin a finding 'Box 3: …')",
    Fact.FINDINGS: "no findings recorded (what the Commission determined; enter them when "
                   "the determination is issued)",
    Fact.CERTIFIED: "the certificate is not issued yet (mark the permit “Completed (COC "
                    "issued)”, or issue the COC request)",
    Fact.INSPECTED: "no site inspection recorded (who inspected, and when)",
}

# Facts a public hearing gives; asked only of filings decided after one (HEARD_KINDS):
# an extension or a certificate of compliance is decided without a hearing.
_HEARING_FACTS = (Fact.HEARING, Fact.CLOSED, Fact.VOTE)

# Per template, the facts its text states. Letters that announce (legal notice, notice
# to boards, abutter letters, the 21-day waiver) state no decision and need none.
NEEDS: dict[str, tuple[Fact, ...]] = {
    "permit": (*_HEARING_FACTS, Fact.ISSUED, Fact.EXPIRES),
    "amended-permit": (*_HEARING_FACTS, Fact.ISSUED, Fact.PERMIT),
    "determination-negative": (*_HEARING_FACTS, Fact.ISSUED, Fact.EXPIRES, Fact.FINDINGS),
    "determination-positive": (*_HEARING_FACTS, Fact.ISSUED, Fact.EXPIRES, Fact.FINDINGS),
    "resource-area-delineation": (*_HEARING_FACTS, Fact.ISSUED, Fact.EXPIRES),
    "denial": (*_HEARING_FACTS, Fact.DECIDED),
    "extension-permit": (Fact.ISSUED, Fact.EXPIRES, Fact.PERMIT),
    "certificate-of-compliance": (Fact.PERMIT, Fact.CERTIFIED, Fact.INSPECTED),
    "emergency-certification": (Fact.ISSUED, Fact.REASON),
}

# What a WPA form states beyond its bylaw counterpart: Form 2 checks one numbered box of
# the determination (a positive one must say which of boxes 1-5 applies); MassDEP's
# emergency certification the day the work must be done by.
FORM_NEEDS: dict[str, tuple[Fact, ...]] = {
    "form-2-determination-of-applicability": (Fact.FORM_BOX,),
    "emergency-certification-wpa": (Fact.WORK_BY,),
}


@dataclass(frozen=True)
class RecordFacts:
    """What the record holds of one filing, as far as its documents state it."""

    kind: str
    hearing: date | None = None
    closed: date | None = None
    vote_recorded: bool = False
    decided: date | None = None
    issued: date | None = None
    expires: date | None = None
    permit_named: bool = False
    reason_recorded: bool = False
    work_by: date | None = None
    form_box: int | None = None
    findings_recorded: bool = False
    # The certificate of compliance: the day issued (on the request, or on the permit
    # itself), and whether the site inspection before it is recorded.
    certified: date | None = None
    inspected: bool = False


def _has(fact: Fact, facts: RecordFacts) -> bool:
    if fact == Fact.VOTE:
        return facts.vote_recorded
    if fact == Fact.PERMIT:
        return facts.permit_named
    if fact == Fact.REASON:
        return facts.reason_recorded
    if fact == Fact.FINDINGS:
        return facts.findings_recorded
    if fact == Fact.INSPECTED:
        return facts.inspected
    return getattr(facts, fact.value) is not None


def missing_facts(template: str, facts: RecordFacts, form: str = "") -> list[str]:
    """What `template` would state that the record does not hold, in plain words
    (empty: the document can be issued); `form`, a WPA form stating what `template`
    does and its own facts too. An expiry is not asked of a document not yet issued:
    it is counted from the issue date, so "not issued" says it all."""
    found = []
    for fact in (*NEEDS.get(template, ()), *FORM_NEEDS.get(form, ())):
        if fact in _HEARING_FACTS and facts.kind not in HEARD_KINDS:
            continue
        if fact in (Fact.EXPIRES, Fact.WORK_BY) and facts.issued is None:
            continue
        if not _has(fact, facts):
            found.append(MISSING_WORDS[fact])
    return found
