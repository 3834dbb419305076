"""The plain rows the window shows: no ORM objects, nothing lazy, safe to hand to
another thread. Each is built once, when the records are loaded, so a view never
queries the database while it paints."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import TYPE_CHECKING

from concom_desk.domain.status_rules import FilingFacts

if TYPE_CHECKING:  # the window's first paint needs these rows, not the deadline engine
    from concom_desk.domain.deadline_engine import Deadline
    from concom_desk.services.filings.search_index import SearchIndex
    from concom_desk.services.filings.status_corrections import UndoOffer


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
class DeskRecords:
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


@dataclass(frozen=True)
class HistoryEntry:
    when: datetime
    who: str
    what: str


@dataclass(frozen=True)
class DocumentEntry:
    path: str
    title: str
    created: datetime


@dataclass
class MailingAddress:
    """A party's address in the parts an envelope needs (the store keeps the same parts)."""

    street: str = ""
    street2: str = ""
    city: str = ""
    state: str = "MA"
    zip: str = ""

    def is_empty(self) -> bool:
        return not (self.street.strip() or self.street2.strip() or self.city.strip()
                    or self.zip.strip())

    def one_line(self) -> str:
        place = " ".join(p for p in (f"{self.city}," if self.city else "", self.state,
                                     self.zip) if p).strip().rstrip(",")
        return ", ".join(p for p in (self.street, self.street2, place) if p)


@dataclass
class FilingForm:
    """What the new/edit form holds; ids are None for a record not yet saved.

    Applicant and owner addresses come in parts (`*_mail`); the one-line
    `*_address` is for callers that have only typed text (the command line),
    split by the parser when the parts are empty."""

    kind: str = "noi"
    file_no: str = ""
    dep_file_no: str = ""
    applicant: str = ""
    applicant_address: str = ""
    applicant_mail: MailingAddress = field(default_factory=MailingAddress)
    applicant_phone: str = ""
    applicant_email: str = ""
    owner: str = ""
    owner_address: str = ""
    owner_mail: MailingAddress = field(default_factory=MailingAddress)
    # The representative or engineer who speaks for the applicant.
    representative: str = ""
    representative_company: str = ""
    representative_mail: MailingAddress = field(default_factory=MailingAddress)
    representative_phone: str = ""
    representative_email: str = ""
    address: str = ""
    map_lot: str = ""
    work_description: str = ""
    resource_areas: str = ""  # named in the legal notice, the abutter letter and the permit
    parent_file_no: str = ""
    received: date | None = None
    hearing: date | None = None
    closed: date | None = None
    issued: date | None = None
    # The day the notice went to the other boards: meets the "send to the boards" clock.
    boards_notified: date | None = None
    # Fees. A waived fee keeps its reason (a public body, hardship…).
    fee_cents: int = 0
    fee_paid_on: date | None = None
    fee_waived: bool = False
    fee_waiver_reason: str = ""
    # The consultant review fee the applicant pays into the MGL c.44 §53G account.
    consultant: str = ""
    consultant_fee_cents: int = 0
    consultant_fee_paid_on: date | None = None
    bond_cents: int = 0
    bond_form: str = ""  # "passbook", "surety bond", "cash"…
    bond_posted_on: date | None = None
    bond_released_on: date | None = None
    # Where the permit is recorded: Registry book and page, or a Land Court document.
    recorded: date | None = None
    recorded_book: str = ""
    recorded_page: str = ""
    recorded_document: str = ""
    notes: str = ""
    # What MassDEP's WPA forms print: the final plans and the fee under the Act.
    plan_title: str = ""
    plan_prepared_by: str = ""
    plan_stamped_by: str = ""
    plan_dated: date | None = None
    plan_revised: date | None = None
    plan_scale: str = ""
    wpa_fee_cents: int = 0
    id: int | None = None
    # Why the permit extension acts do not apply (shown, not edited, by the form:
    # it is set on the record by "Extension acts…", an audited change of its own).
    acts_not_covered: str = ""
    # How many times the filing, and each party it names (by id), had been saved when
    # the form read them: a save from an older read is refused (store.record_versions).
    # None / empty: nothing was read first (a new filing, a one-shot command).
    version: int | None = None
    party_versions: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class DeadlineLine:
    """One line of a filing's deadlines panel; `met` once the act it bounds is done."""

    deadline: Deadline
    met: bool
    met_how: str = "done"  # or "waived": the applicant's written waiver lifted the clock

    @property
    def date(self) -> date:
        return self.deadline.date


@dataclass(frozen=True)
class FilingDetail:
    row: FilingRow
    form: FilingForm
    facts: FilingFacts
    town_name: str
    deadlines: list[DeadlineLine]
    history: list[HistoryEntry]
    documents: list[DocumentEntry]
    undo: UndoOffer | None = None  # what "Undo last change" would put back
    # The permit's life in words: the expiry in force and why, acts that came late.
    life: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class PartyChoice:
    name: str
    address: str
    mail: MailingAddress = field(default_factory=MailingAddress)
    company: str = ""
    phone: str = ""
    email: str = ""


@dataclass(frozen=True)
class PropertyChoice:
    address: str
    map_lot: str


# How far ahead the Today view and the row colours look.
WEEK_AHEAD_DAYS = 7

# Overdue acts older than this are counted on the Today view rather than listed.
OVERDUE_LOOKBACK_DAYS = 60

# Deadlines for an act the commission owes (or a lapse it must record): these stay
# on the list as OVERDUE until done; other periods (an appeal) simply pass.
OWED_ACTS = frozenset({"hearing_by", "legal_notice_by", "abutter_notice_by", "board_notice_by",
                       "decision_by", "coc_decision_by", "expires",
                       "emergency_work_complete_by"})


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

