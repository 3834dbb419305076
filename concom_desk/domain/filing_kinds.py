"""The kinds of filing a commission receives and the events in the life of each.

The codes are the ones the command line, the town profiles and the database
use. Which events make sense depends on the kind: an RDA has no occupancy
permit, an emergency certification has no hearing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from concom_desk.errors import UserError


@dataclass(frozen=True)
class FilingKind:
    code: str
    name: str
    events: tuple[str, ...]


# Events, in the order they happen in the life of a filing.
EVENT_NAMES: dict[str, str] = {
    "received": "receipt of the filing",
    "boards_notified": "notice to the other boards",
    "hearing": "hearing",
    "continued": "continued hearing",
    "closed": "close of the hearing",
    "decided": "decision vote",
    "issued": "issuance",
    "expiry": "expiry of the permit to be extended",
    "commenced": "start of the work",
    "completed": "completion of the work",
    "occupancy": "occupancy permit",
}
EVENT_ORDER: tuple[str, ...] = tuple(EVENT_NAMES)

# The start of the work: a maintenance permit's yearly notice counts back from it
# (Sandwich § 7.35 Part 3).
_PERMIT_EVENTS = ("received", "boards_notified", "hearing", "continued", "closed", "decided",
                  "issued", "commenced", "occupancy")

KINDS: dict[str, FilingKind] = {
    kind.code: kind
    for kind in (
        FilingKind("rda", "Request for Determination of Applicability",
                   ("received", "boards_notified", "hearing", "closed", "decided", "issued")),
        FilingKind("noi", "Notice of Intent / Application for Permit", _PERMIT_EVENTS),
        FilingKind("anrad", "Abbreviated Notice of Resource Area Delineation",
                   ("received", "boards_notified", "hearing", "continued", "closed", "decided",
                    "issued")),
        FilingKind("amendment", "Amendment request", _PERMIT_EVENTS),
        # The expiry date of the permit being extended anchors both the request
        # deadline and the new expiry (an extension runs on from the old term).
        FilingKind("extension", "Extension request", ("received", "expiry", "decided", "issued")),
        FilingKind("coc", "Certificate of Compliance request", ("received", "decided", "issued")),
        FilingKind("emergency", "Emergency certification",
                   ("received", "issued", "commenced", "completed")),
    )
}

# Flags a filing may carry that change which rules apply (`when` / `unless`
# in a town profile), with the words the command line and the window show.
FILING_FLAGS: dict[str, str] = {
    "maintenance": "a permit for recurring or continuous maintenance work",
    # Under the Wetlands Protection Act (alone, or with the bylaw: the state's clocks
    # then run beside the town's, DOMAIN.md "Joint filings"), as the clerk says on the
    # form: never read from the DEP file number, which an RDA never has.
    "joint": "filed under the state Act (alone or with the bylaw)",
    # Finally refused: a bylaw may bar a new application for a time (Nantucket ch. 136,
    # three years). Read from the filing's status, never set by hand.
    "denied": "finally refused by the commission",
}

# Pairs (earlier, later) that must not be reversed.
_ORDER_RULES: tuple[tuple[str, str], ...] = (
    ("received", "boards_notified"),
    ("received", "hearing"),
    ("hearing", "continued"),
    ("continued", "closed"),
    ("hearing", "closed"),
    ("received", "closed"),
    ("closed", "decided"),
    ("received", "decided"),
    ("decided", "issued"),
    ("closed", "issued"),
    ("received", "issued"),
    ("issued", "occupancy"),
    ("commenced", "completed"),
)


def kind_named(code: str) -> FilingKind:
    found = KINDS.get(code.strip().lower())
    if found is None:
        raise UserError(f"unknown filing kind {code!r}; kinds are: {', '.join(KINDS)}")
    return found


def check_events(kind: FilingKind, events: dict[str, date]) -> None:
    """Refuse events that make no sense for the kind, or that come out of order."""
    for event in events:
        if event not in kind.events:
            allowed = ", ".join(f"--{e}" for e in kind.events)
            raise UserError(
                f"a filing of kind {kind.code} ({kind.name}) has no "
                f"{EVENT_NAMES.get(event, event)}; its events are {allowed}"
            )
    for earlier, later in _ORDER_RULES:
        if earlier in events and later in events and events[later] < events[earlier]:
            raise UserError(
                f"the date of {EVENT_NAMES[later]} ({events[later]}) cannot come before the "
                f"date of {EVENT_NAMES[earlier]} ({events[earlier]})"
            )
