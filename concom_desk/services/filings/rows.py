"""The plain rows the window shows: no ORM objects, nothing lazy, safe to hand to
another thread. Each is built once, when the records are loaded, so a view never
queries the database while it paints."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the window's first paint needs these rows, not the deadline engine
    from concom_desk.services.filings.search_index import SearchIndex


@dataclass(slots=True)
class FilingRow:
    id: int
    kind: str
    file_no: str
    dep_file_no: str
    address: str
    map_lot: str
    applicant: str
    owner: str
    status: str
    received: date | None
    next_deadline: date | None = None
    next_deadline_label: str = ""
    next_deadline_citation: str = ""
    # Lower-case text of every searchable field, built once so type-ahead search
    # over ten thousand rows is a substring test per row, not a query.
    search_key: str = field(init=False, default="")

    def __post_init__(self) -> None:
        self.search_key = "\x1f".join(
            (self.file_no, self.dep_file_no, self.address, self.map_lot, self.applicant,
             self.owner)
        ).lower()

    @property
    def year(self) -> int | None:
        return self.received.year if self.received else None


@dataclass(frozen=True)
class TodayItem:
    """One thing due or overdue: a deadline of one record."""

    filing_id: int  # the id of the record the row opens (a filing unless `record` says)
    file_no: str
    kind: str
    address: str
    what: str
    due: date
    citation: str
    record: str = "filing"  # or "enforcement_case"
    # An act recorded after its deadline (a hearing opened late): `due` is the day it
    # was done, `what` says by how much; nothing is owed, but the commission should know.
    late: bool = False

    def days_left(self, today: date) -> int:
        return (self.due - today).days


@dataclass(frozen=True)
class DeskLists:
    """What the window loads at once: every filing, and what is due this week."""

    filings: list[FilingRow]
    today: list[TodayItem]
    # Acts overdue for longer than the Today view looks back: old records never
    # closed out. Counted, so the Today view can say so, not listed one by one.
    older_overdue: int = 0
    # What the expiry watch holds, in one line for Today ("" when nothing).
    watch_line: str = ""
    # The filings' search index, built with them off the GUI thread (None: not built).
    search_index: SearchIndex | None = None
    # Filing id -> how many of `older_overdue` are its (a read of a few filings counts
    # theirs; the window keeps the town's total right from it).
    older_by_filing: dict[int, int] = field(default_factory=dict)
    # The filings a read of a few was asked for (with those counting from them); None:
    # every filing was read. One read and not among `filings` is gone (voided).
    read: frozenset[int] | None = None










# How far ahead the Today view and the row colours look.
WEEK_AHEAD_DAYS = 7

# Overdue acts older than this are counted on the Today view rather than listed.
OVERDUE_LOOKBACK_DAYS = 60

# Deadlines for an act the commission owes (or a lapse it must record): these stay
# on the list as OVERDUE until done; other periods (an appeal) simply pass.
OWED_ACTS = frozenset({"hearing_by", "legal_notice_by", "abutter_notice_by", "board_notice_by",
                       "decision_by", "coc_decision_by", "expires",
                       "emergency_work_complete_by"})


# Of those, the acts that matter only until the decision: the notices before the
# hearing, the hearing itself. Once the filing is decided, one never recorded is no
# longer owed (services/filings/deadlines.no_longer_owed).
UNTIL_DECISION = frozenset({"hearing_by", "legal_notice_by", "abutter_notice_by",
                            "board_notice_by", "board_comment_period_ends"})
# Acts recorded when done that are not a period running out: past and unrecorded, they
# read "not done" (the copy of the decision to MassDEP, the recording at the Registry),
# not "passed".
RECORDED_ACTS = frozenset({"dep_copy_by", "recording", "recording_before_work"})


def urgency(due: date | None, today: date) -> str | None:
    """"overdue", "this_week", or None for a date further off (or none at all)."""
    if due is None:
        return None
    left = (due - today).days
    if left < 0:
        return "overdue"
    if left <= WEEK_AHEAD_DAYS:
        return "this_week"
    return None


def days_left_text(due: date | None, today: date) -> str:
    """The words shown beside every deadline, so colour is never the only cue."""
    if due is None:
        return ""
    left = (due - today).days
    if left < -1:
        return f"OVERDUE by {-left} days"
    if left == -1:
        return "OVERDUE by 1 day"
    if left == 0:
        return "due TODAY"
    if left == 1:
        return "tomorrow"
    return f"in {left} days"


def short_label(label: str) -> str:
    """A deadline's label without the engine's note on what it was counted from
    ("… (no hearing date yet: counted from …)"), which goes in the tooltip instead."""
    return label.split(" (no ", 1)[0]

