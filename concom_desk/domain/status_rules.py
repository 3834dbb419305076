"""Which status changes the law allows for a filing, and why the others are refused.

The commission cannot decide before it has heard, cannot amend or extend a
permit that has already expired, cannot certify compliance with a permit that
was never issued, and cannot open a hearing on a filing it has not received.
Each refusal is a sentence a volunteer can act on, naming the missing step.
This module is pure: it judges the facts handed to it and never reads a database.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from enum import StrEnum

from concom_desk.domain.decision_kinds import can_be_denied
from concom_desk.domain.plain_dates import long_date


class Status(StrEnum):
    """The store's status codes (concom_desk.store.models.filings.FILING_STATUSES)."""

    RECEIVED = "received"
    HEARING_OPEN = "hearing"  # opened, possibly continued, not closed
    HEARING_CLOSED = "closed"  # closed, decision pending
    ISSUED = "issued"  # permit, determination, order, certificate or extension issued
    DENIED = "denied"
    EXPIRED = "expired"
    COMPLIANCE_CERTIFIED = "completed"  # work done, certificate of compliance issued
    WITHDRAWN = "withdrawn"
    VOID = "void"  # entered in error; voided with a reason, never by a status change


STATUS_NAMES: dict[Status, str] = {
    Status.RECEIVED: "Received",
    Status.HEARING_OPEN: "Hearing open",
    Status.HEARING_CLOSED: "Hearing closed",
    Status.ISSUED: "Issued",
    Status.DENIED: "Denied",
    Status.EXPIRED: "Expired",
    Status.COMPLIANCE_CERTIFIED: "Completed (COC issued)",
    Status.WITHDRAWN: "Withdrawn",
    Status.VOID: "Void",
}

# The date each status change records, when the filing does not have it yet.
EVENT_OF_STATUS: dict[Status, str] = {
    Status.HEARING_OPEN: "hearing",
    Status.HEARING_CLOSED: "closed",
    Status.ISSUED: "issued",
}

# Kinds the commission decides only after a public hearing (or public meeting, for an RDA).
HEARD_KINDS = frozenset({"rda", "noi", "anrad", "amendment"})
# Kinds that change or close out an earlier permit, which they name as their parent.
PERMIT_CHANGING_KINDS = frozenset({"amendment", "extension"})
# Kinds whose issued answer can later expire.
EXPIRING_KINDS = frozenset({"rda", "noi", "anrad", "amendment", "extension"})
# Kinds whose permits a certificate of compliance can close out.
PERMIT_KINDS = frozenset({"noi", "amendment", "emergency"})

FINAL_STATUSES = frozenset({Status.DENIED, Status.WITHDRAWN, Status.COMPLIANCE_CERTIFIED,
                            Status.VOID})
# Nothing more is owed on the filing itself: its clocks ask for nothing (an expired
# permit is not final, an extension or a late COC request can still follow, but no
# clock of its own still runs).
NOTHING_OWED = FINAL_STATUSES | {Status.EXPIRED}
# Its clocks are no longer worked out at all. A denial's still are, though nothing is
# owed: the appeal and the superseding request run from it, and the calendar shows them.
CLOCKS_STOPPED = NOTHING_OWED - {Status.DENIED}


# The steps that end a filing's life, or its permit's: the window never offers one as
# the default and asks before taking one, in these words. (Each can still be taken back
# by an audited correction; the warning is about what the step means in law.)
FINAL_STEP_MEANINGS: dict[Status, str] = {
    Status.COMPLIANCE_CERTIFIED: (
        "This records that the work is finished and the Certificate of Compliance has been "
        "issued. The permit is closed: its deadlines stop, it leaves Today, and no other "
        "status can follow."),
    Status.DENIED: (
        "This records that the commission denied the application. The decision is final: "
        "its deadlines stop, it leaves Today, no other status can follow, and the applicant "
        "must file again to do the work."),
    Status.WITHDRAWN: (
        "This records that the applicant withdrew the filing in writing. Its deadlines "
        "stop, it leaves Today and no other status can follow; to go ahead the applicant "
        "must file again."),
    Status.EXPIRED: (
        "This records that the permit expired. Its deadlines stop and it leaves Today; an "
        "expired permit cannot be amended or extended, the work needs a new filing, and "
        "only a Certificate of Compliance can still close it out."),
}


def final_step_meaning(new_status: str) -> str | None:
    """What a final step means, in plain words; None for a step that is not final."""
    try:
        return FINAL_STEP_MEANINGS.get(Status(new_status))
    except ValueError:
        return None


@dataclass(frozen=True)
class ParentPermit:
    """The permit an amendment, extension or COC request refers to."""

    file_no: str
    status: str
    issued: date | None
    expires: date | None


@dataclass(frozen=True)
class StatusFacts:
    """What is known of a filing when someone asks to change its status (its clocks'
    inputs are `domain.filing_facts.FilingFacts`)."""

    kind: str
    status: str
    received: date | None = None
    hearing: date | None = None
    closed: date | None = None
    issued: date | None = None
    expires: date | None = None
    parent: ParentPermit | None = None
    # For an extension request: extensions already issued on the same permit, and how
    # many the town's bylaw allows (None: no limit), with its citation.
    extensions_before: int = 0
    extensions_allowed: int | None = None
    extensions_citation: str = ""


def _long(day: date | None) -> str:
    return long_date(day) if day else "an unknown date"


def status_name(status: str) -> str:
    try:
        return STATUS_NAMES[Status(status)]
    except ValueError:
        return status.replace("_", " ").capitalize()


def _parent_in_force(facts: StatusFacts, on: date, act: str) -> str | None:
    parent = facts.parent
    if parent is None:
        return f"Name the permit this request is for before you {act}."
    if parent.status == Status.EXPIRED or (parent.expires is not None and on >= parent.expires):
        when = f" on {_long(parent.expires)}" if parent.expires else ""
        return (f"Permit {parent.file_no} expired{when}; an expired permit cannot be "
                "amended or extended. The applicant must file a new Notice of Intent.")
    if parent.status != Status.ISSUED or parent.issued is None:
        return (f"Permit {parent.file_no} has not been issued "
                f"(it is {status_name(parent.status).lower()}), so it cannot be "
                f"{'amended' if facts.kind == 'amendment' else 'extended'}.")
    return None


def _check_open_hearing(facts: StatusFacts, on: date) -> str | None:
    if facts.kind not in HEARD_KINDS:
        return f"A {facts.kind.upper()} is decided without a public hearing."
    if facts.received is None:
        return "Enter the date the filing was received before opening its hearing."
    if facts.hearing is not None and facts.hearing < facts.received:
        return "The hearing cannot be opened before the filing was received."
    if facts.kind in PERMIT_CHANGING_KINDS:
        return _parent_in_force(facts, facts.hearing or on, "open the hearing")
    return None


def _check_close_hearing(facts: StatusFacts, on: date) -> str | None:
    if facts.status != Status.HEARING_OPEN:
        return "The hearing has not been opened yet, so it cannot be closed."
    if facts.hearing is not None and facts.closed is not None and facts.closed < facts.hearing:
        return "The hearing cannot close before the day it was opened."
    return None


def _check_decision(facts: StatusFacts, on: date) -> str | None:
    """Issue or deny."""
    if facts.received is None:
        return "Enter the date the filing was received before recording a decision."
    if facts.kind in HEARD_KINDS and facts.status != Status.HEARING_CLOSED:
        return ("The hearing has not been closed; the commission cannot decide before the "
                "public hearing is closed.")
    if facts.kind == "coc":
        parent = facts.parent
        if parent is None:
            return "Name the permit this certificate of compliance is for."
        if parent.issued is None or parent.status not in (Status.ISSUED, Status.EXPIRED):
            return (f"Permit {parent.file_no} was never issued; there is nothing to certify "
                    "compliance with.")
    if facts.kind == "extension":
        refusal = _extension_refusal(facts)
        if refusal:
            return refusal
    if facts.kind in PERMIT_CHANGING_KINDS:
        return _parent_in_force(facts, facts.issued or on, "decide it")
    return None


def late_extension_request(received: date, expires: date) -> bool:
    """A request for an extension received after the permit expired (the expiry in force,
    with the permit extension acts): an expired permit cannot be extended, in the window
    and on the command line alike (310 CMR 10.05(8)(a); every profiled bylaw asks for the
    request before expiration)."""
    return received > expires


def _check_deny(facts: StatusFacts, on: date) -> str | None:
    if not can_be_denied(facts.kind):
        # 310 CMR 10.05(3)(b): the Request asks whether the law applies; the answer is a
        # positive or a negative determination, issued either way.
        return ("A Request for Determination is not denied: the commission issues a "
                "positive or a negative determination (choose Issued, and say which).")
    return _check_decision(facts, on)


def _extension_refusal(facts: StatusFacts) -> str | None:
    """A request that came after the permit expired, or one past the town's count."""
    parent = facts.parent
    if parent is None:
        return None
    if facts.received is not None and parent.expires is not None \
            and late_extension_request(facts.received, parent.expires):
        return (f"Permit {parent.file_no} expired on {_long(parent.expires)}; an expired "
                f"permit cannot be extended, and this request was received on "
                f"{_long(facts.received)}, after it expired (the expiry in force, with the "
                "permit extension acts). The applicant must file a new Notice of Intent.")
    allowed = facts.extensions_allowed
    if allowed is not None and facts.extensions_before >= allowed:
        return (f"Permit {parent.file_no} has already been extended "
                f"{_times(facts.extensions_before)}; the bylaw allows "
                f"{_times(allowed)} ({facts.extensions_citation}).")
    return None


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def _check_issue(facts: StatusFacts, on: date) -> str | None:
    refusal = _check_decision(facts, on)
    if refusal:
        return refusal
    issued, received = facts.issued or on, facts.received
    if facts.closed is not None and issued < facts.closed:
        return "It cannot be issued before the hearing closed."
    if received is not None and issued < received:
        return "It cannot be issued before the filing was received."
    return None


def _check_expire(facts: StatusFacts, on: date) -> str | None:
    if facts.kind not in EXPIRING_KINDS:
        return f"A {facts.kind.upper()} does not expire."
    if facts.status != Status.ISSUED:
        return "Only an issued permit or determination can expire."
    if facts.expires is None:
        return "This record has no expiry date."
    if on < facts.expires:
        return f"It does not expire until {_long(facts.expires)}."
    return None


def _check_certify(facts: StatusFacts, on: date) -> str | None:
    if facts.kind not in PERMIT_KINDS:
        return "Only a permit (order of conditions) is closed out by a certificate of compliance."
    if facts.status not in (Status.ISSUED, Status.EXPIRED) or facts.issued is None:
        return "A certificate of compliance needs an issued permit; this one was never issued."
    return None


def _check_withdraw(facts: StatusFacts, on: date) -> str | None:
    if facts.status in (Status.ISSUED, Status.EXPIRED):
        return "An issued permit cannot be withdrawn; the applicant may let it expire."
    return None


_CHECKS: dict[Status, Callable[[StatusFacts, date], str | None]] = {
    Status.HEARING_OPEN: _check_open_hearing,
    Status.HEARING_CLOSED: _check_close_hearing,
    Status.ISSUED: _check_issue,
    Status.DENIED: _check_deny,
    Status.EXPIRED: _check_expire,
    Status.COMPLIANCE_CERTIFIED: _check_certify,
    Status.WITHDRAWN: _check_withdraw,
}

# From each status, the statuses a filing may move to next (the life of a permit).
_NEXT: dict[Status, frozenset[Status]] = {
    Status.RECEIVED: frozenset({Status.HEARING_OPEN, Status.ISSUED, Status.DENIED,
                                Status.WITHDRAWN}),
    Status.HEARING_OPEN: frozenset({Status.HEARING_CLOSED, Status.WITHDRAWN}),
    Status.HEARING_CLOSED: frozenset({Status.ISSUED, Status.DENIED, Status.HEARING_OPEN,
                                      Status.WITHDRAWN}),
    Status.ISSUED: frozenset({Status.EXPIRED, Status.COMPLIANCE_CERTIFIED}),
    Status.EXPIRED: frozenset({Status.COMPLIANCE_CERTIFIED}),
    Status.DENIED: frozenset(),
    Status.WITHDRAWN: frozenset(),
    Status.COMPLIANCE_CERTIFIED: frozenset(),
    Status.VOID: frozenset(),
}


def with_event(facts: StatusFacts, new_status: str, on: date) -> StatusFacts:
    """The facts as they would be after the change: moving to "hearing open" on a
    day records that day as the hearing date, unless a date is already known."""
    event = EVENT_OF_STATUS.get(Status(new_status))
    if event is None or getattr(facts, event) is not None:
        return facts
    return replace(facts, **{event: on})


def check_status_change(facts: StatusFacts, new_status: str, on: date) -> str | None:
    """None when the change, made on `on`, is lawful; otherwise the reason, in plain words."""
    try:
        target = Status(new_status)
        current = Status(facts.status)
    except ValueError as exc:
        return f"Unknown status: {exc}"
    if target == Status.VOID:
        return "A filing entered in error is voided with a reason, not by a status change."
    facts = with_event(facts, target, on)
    if target == current:
        return f"The filing is already {status_name(target).lower()}."
    if current in FINAL_STATUSES:
        return (f"The filing is {status_name(current).lower()}; that is final and its "
                "status cannot change.")
    # The particular reason is more helpful than "not next in line", so ask it first.
    check = _CHECKS.get(target)
    refusal = check(facts, on) if check else None
    if refusal:
        return refusal
    if target not in _NEXT[current]:
        return (f"A filing that is {status_name(current).lower()} cannot become "
                f"{status_name(target).lower()}.")
    return None


def status_choices(facts: StatusFacts, on: date) -> list[tuple[Status, str | None]]:
    """Every other status, with the reason it is refused (None when allowed)."""
    return [(s, check_status_change(facts, s, on)) for s in Status
            if s not in (facts.status, Status.VOID)]
