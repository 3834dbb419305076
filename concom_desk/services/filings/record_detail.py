"""What a filing's record window shows: the form as saved, its deadlines with what
met each, its history in the audit trail, its documents and the permit's life.
Plain values, read once, safe to hand to another thread."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import TYPE_CHECKING

from concom_desk.domain.status_rules import StatusFacts
from concom_desk.services.filings.form import FilingForm

if TYPE_CHECKING:
    from concom_desk.domain.deadline_engine import Deadline
    from concom_desk.services.filings.rows import FilingRow
    from concom_desk.services.filings.status_corrections import UndoOffer


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


@dataclass(frozen=True)
class DeadlineLine:
    """One line of a filing's deadlines panel; `met` once the act it bounds is done."""

    deadline: Deadline
    met: bool
    met_how: str = "done"  # or "waived": the applicant's written waiver lifted the clock
    lapsed: bool = False  # an act owed only until the decision, never recorded

    @property
    def date(self) -> date:
        return self.deadline.date


@dataclass(frozen=True)
class FilingDetail:
    row: FilingRow
    form: FilingForm
    facts: StatusFacts
    town_name: str
    deadlines: list[DeadlineLine]
    history: list[HistoryEntry]
    documents: list[DocumentEntry]
    undo: UndoOffer | None = None  # what "Undo last change" would put back
    # The permit's life in words: the expiry in force and why, acts that came late.
    life: list[str] = field(default_factory=list)
    # The lot's centre in degrees, from the loaded parcels ('' when they do not place it).
    locus: str = ""
    # The regulations the filing is reviewed under, by its received day (and those
    # only proposed): "310 CMR 10.00 as amended in 2014 (effective 2014-10-24); …".
    regulations: str = ""
    # The resource areas by name, citation and amount, and the flood data, in words.
    areas: list[str] = field(default_factory=list)
    flood: str = ""
