"""An enforcement case: where it stands, where it may go next, and whether an
emergency enforcement order still waits for the commission to ratify it.

The steps follow the order a court will want to see them proved in: the
complaint or observation, a site inspection, a violation notice, an
enforcement order, then compliance or restoration, then closing; or a referral
to Town Counsel (civil) or the Chief of Police (criminal) when the violator
does not comply (Sandwich §7.55 Part 3; Upton §330 Enforcement C).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from concom_desk.domain.plain_dates import long_date
from concom_desk.errors import UserError


class CaseStatus(StrEnum):
    OPEN = "open"
    INSPECTED = "inspected"
    NOTICE_SENT = "notice_sent"
    ORDER_ISSUED = "order_issued"
    IN_COMPLIANCE = "in_compliance"
    RESTORATION = "restoration"
    REFERRED_COUNSEL = "referred_counsel"
    REFERRED_POLICE = "referred_police"
    CLOSED = "closed"

    @property
    def label(self) -> str:
        return STATUS_LABELS[self]


STATUS_LABELS: dict[CaseStatus, str] = {
    CaseStatus.OPEN: "Open",
    CaseStatus.INSPECTED: "Inspected",
    CaseStatus.NOTICE_SENT: "Violation notice sent",
    CaseStatus.ORDER_ISSUED: "Enforcement order issued",
    CaseStatus.IN_COMPLIANCE: "In compliance",
    CaseStatus.RESTORATION: "Restoration under way",
    CaseStatus.REFERRED_COUNSEL: "Referred to Town Counsel",
    CaseStatus.REFERRED_POLICE: "Referred to the police",
    CaseStatus.CLOSED: "Closed",
}

_REFERRALS = (CaseStatus.REFERRED_COUNSEL, CaseStatus.REFERRED_POLICE)

# Where a case may go from each status. An enforcement order may come straight
# after the complaint: "in a situation requiring immediate action" (Sandwich
# §7.55 Part 2) the agent does not wait for a notice. A further order on a case
# that already has one (restoration not done) takes it back to ORDER_ISSUED.
ALLOWED: dict[CaseStatus, tuple[CaseStatus, ...]] = {
    CaseStatus.OPEN: (CaseStatus.INSPECTED, CaseStatus.ORDER_ISSUED),
    CaseStatus.INSPECTED: (
        CaseStatus.NOTICE_SENT, CaseStatus.ORDER_ISSUED, CaseStatus.IN_COMPLIANCE,
        CaseStatus.CLOSED,
    ),
    CaseStatus.NOTICE_SENT: (
        CaseStatus.ORDER_ISSUED, CaseStatus.IN_COMPLIANCE, CaseStatus.RESTORATION, *_REFERRALS,
    ),
    CaseStatus.ORDER_ISSUED: (
        CaseStatus.IN_COMPLIANCE, CaseStatus.RESTORATION, *_REFERRALS,
    ),
    CaseStatus.RESTORATION: (
        CaseStatus.IN_COMPLIANCE, CaseStatus.ORDER_ISSUED, *_REFERRALS,
    ),
    CaseStatus.REFERRED_COUNSEL: (
        CaseStatus.IN_COMPLIANCE, CaseStatus.RESTORATION, CaseStatus.REFERRED_POLICE,
    ),
    CaseStatus.REFERRED_POLICE: (
        CaseStatus.IN_COMPLIANCE, CaseStatus.RESTORATION, CaseStatus.REFERRED_COUNSEL,
    ),
    CaseStatus.IN_COMPLIANCE: (CaseStatus.CLOSED, CaseStatus.RESTORATION),
    CaseStatus.CLOSED: (),
}

# Why a move is refused, in the words the clerk would use to explain it.
_WHY_NOT: dict[CaseStatus, str] = {
    CaseStatus.INSPECTED: "record the inspection while the case is open",
    CaseStatus.NOTICE_SENT: "a violation notice follows a site inspection; record the "
    "inspection first",
    CaseStatus.ORDER_ISSUED: "an enforcement order cannot be issued on a case at this stage",
    CaseStatus.IN_COMPLIANCE: "compliance is found by a site inspection after the violation "
    "was recorded; record the inspection first",
    CaseStatus.RESTORATION: "restoration follows a violation notice or an enforcement order",
    CaseStatus.REFERRED_COUNSEL: "a referral to Town Counsel follows a violation notice or an "
    "enforcement order the violator has not obeyed",
    CaseStatus.REFERRED_POLICE: "a referral to the police follows a violation notice or an "
    "enforcement order the violator has not obeyed",
    CaseStatus.CLOSED: "a case is closed only after the site is found in compliance (or an "
    "inspection found no violation)",
    CaseStatus.OPEN: "a case cannot go back to open",
}


def parse_status(value: str) -> CaseStatus:
    wanted = value.strip().lower()
    for status in CaseStatus:
        if wanted in (status.value, status.label.lower()):
            return status
    raise UserError(
        f"unknown case status {value!r}; one of: {', '.join(s.value for s in CaseStatus)}"
    )


def check_transition(current: CaseStatus, target: CaseStatus) -> None:
    """Refuse, in plain words, a move the lifecycle does not allow."""
    if target in ALLOWED[current]:
        return
    if current is CaseStatus.CLOSED:
        raise UserError(
            "this case is closed and cannot change; if the violation has started again, "
            "open a new case"
        )
    if current is target:
        raise UserError(f"the case is already '{current.label}'")
    raise UserError(
        f"a case that is '{current.label}' cannot become '{target.label}': {_WHY_NOT[target]}"
    )


# --- emergency orders and their ratification ---------------------------------

# The state's rule, which binds every commission (Sandwich §7.55 Part 2 repeats it; an
# Upton or Bourne commission must not be shown Sandwich's bylaw on Today or the calendar).
RATIFICATION_CITATION = ("310 CMR 10.08(2): an emergency order signed by one member or the "
                         "agent is ratified by a majority at the next scheduled meeting")


def majority_of(members_in_office: int) -> int:
    return members_in_office // 2 + 1


def needs_ratification(emergency: bool, signers: int, members_in_office: int) -> bool:
    """An emergency order signed by fewer than a majority (one member or the agent)."""
    return emergency and signers < majority_of(members_in_office)


def check_order_signatures(emergency: bool, signers: int, members_in_office: int) -> None:
    """An ordinary enforcement order is signed by a majority of the commission; only
    an emergency lets a single member or the agent sign alone (Sandwich §7.55 Part 2)."""
    if signers < 1:
        raise UserError("an enforcement order needs at least one signature")
    needed = majority_of(members_in_office)
    if not emergency and signers < needed:
        raise UserError(
            f"an enforcement order needs the signatures of a majority of the "
            f"{members_in_office} members in office ({needed}); only in an emergency may a "
            "single member or the agent sign it, to be ratified at the next meeting"
        )


def ratification_meeting(issued: date, meetings: Iterable[date]) -> date | None:
    """The next scheduled meeting after the day the order was issued.

    An order issued on the day of a meeting goes to the following one: the
    agenda of that evening was posted two days before (Open Meeting Law), and
    the commission votes on an order it has had the chance to read.
    """
    later = sorted(day for day in meetings if day > issued)
    return later[0] if later else None


class RatificationState(StrEnum):
    NOT_NEEDED = "not_needed"
    RATIFIED = "ratified"
    AWAITING = "awaiting"  # the meeting it goes to has not passed
    NO_MEETING = "no_meeting"  # no meeting scheduled after it yet: schedule one
    OVERDUE = "overdue"  # that meeting passed without a ratification


@dataclass(frozen=True)
class Ratification:
    state: RatificationState
    meeting: date | None = None  # the meeting that must (or did) ratify it

    @property
    def overdue(self) -> bool:
        return self.state is RatificationState.OVERDUE

    def describe(self) -> str:
        when = f"{self.meeting:%A}, {long_date(self.meeting)}" if self.meeting else ""
        return {
            RatificationState.NOT_NEEDED: "signed by a majority; no ratification needed",
            RatificationState.RATIFIED: f"ratified on {when}",
            RatificationState.AWAITING: f"to be ratified at the meeting of {when}",
            RatificationState.NO_MEETING: "to be ratified at the next meeting: none scheduled",
            RatificationState.OVERDUE: f"OVERDUE: not ratified at the meeting of {when}",
        }[self.state]


def ratification_status(
    needed: bool,
    issued: date,
    ratified_on: date | None,
    meetings: Iterable[date],
    today: date,
) -> Ratification:
    """Where an order stands with its ratification on `today`.

    Overdue means the next scheduled meeting after issuance has passed (the
    day after it) with no ratification recorded; a later ratification is
    recorded with its date, and the history shows it came late.
    """
    if not needed:
        return Ratification(RatificationState.NOT_NEEDED)
    meeting = ratification_meeting(issued, meetings)
    if ratified_on is not None:
        return Ratification(RatificationState.RATIFIED, ratified_on)
    if meeting is None:
        return Ratification(RatificationState.NO_MEETING)
    if today > meeting:
        return Ratification(RatificationState.OVERDUE, meeting)
    return Ratification(RatificationState.AWAITING, meeting)
