"""A filing as its clocks see it: plain, frozen data, the deadline service's input.

The store's `Filing` makes one (`Filing.facts()`); a list of ten thousand filings makes
them from its columns (services/filings/desk_lists.py) without the ORM's
bookkeeping. Either way the clocks read these fields and nothing else, so the window,
the papers and the commands count from the same facts. What a filing's status may
change to is asked of other facts (`status_rules.StatusFacts`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from concom_desk.domain.filing_kinds import KINDS
from concom_desk.domain.laws import BOTH, under_act

# The dates a filing keeps, each an event of the deadline engine where its kind has it
# (the store's columns of the same names: store.models.FILING_DATE_FIELDS).
DATE_FIELDS: tuple[str, ...] = (
    "received", "complete", "boards_notified", "hearing", "closed", "decided", "issued",
    "recorded", "expires", "commenced", "completed", "occupancy",
)


@dataclass(frozen=True)
class FilingFacts:
    """One filing's kind, town, laws, status and dates; `original` the permit an
    extension or amendment refers to (its own facts, and its original's in turn)."""

    id: int | None
    file_no: str
    kind: str
    town: str
    laws: str
    status: str
    maintenance: bool = False
    acts_not_covered: str = ""
    received: date | None = None
    complete: date | None = None
    boards_notified: date | None = None
    hearing: date | None = None
    closed: date | None = None
    decided: date | None = None
    issued: date | None = None
    recorded: date | None = None
    expires: date | None = None
    commenced: date | None = None
    completed: date | None = None
    occupancy: date | None = None
    original: FilingFacts | None = None

    def event_dates(self) -> dict[str, date]:
        """The known dates of the deadline engine's events for this kind of filing."""
        found = {event: self._event_date(event) for event in KINDS[self.kind].events}
        return {event: day for event, day in found.items() if day is not None}

    def _event_date(self, event: str) -> date | None:
        if event == "expiry":
            # An extension request runs against the expiry of the permit it extends.
            return self.original.expires if self.original is not None else None
        # Events with no field of their own (a continued hearing's date certain) come
        # from their own records: the deadline service passes them to the engine.
        return getattr(self, event, None) if event in DATE_FIELDS else None

    def flags(self) -> frozenset[str]:
        flags = {"maintenance"} if self.maintenance else set()
        if under_act(self.laws or BOTH):
            flags.add("joint")
        if self.status == "denied":
            flags.add("denied")
        return frozenset(flags)
