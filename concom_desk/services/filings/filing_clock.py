"""The commission's clock: every deadline of a set of filings, counted from one read of
everything the deadline engine takes.

Each list, panel, paper and command once gathered the engine's inputs itself (the
profiles as shipped or as the commission counts them, the acts recorded elsewhere or
not, the continuances or not), and the window and the command line disagreed on a
continued Upton hearing (issue 28). Now every one of them reads a `FilingClock` once per
read session and asks it: the same inputs, so the same dates wherever they are shown.

What it reads, one query per kind for all the filings of the read (never one per
filing): the town profiles with the commission's own office closures
(`profiles_in_effect`), and the acts recorded outside a filing's row (`acts_done`): the
abutters' notices mailed, the legal notice published, the copy sent to MassDEP, the
meeting a hearing is booked on, the date certain a hearing is continued to and the
applicant's written waivers. The filing's own dates, laws and acts-not-covered are its
`FilingFacts`. The `profiles_in_effect`, `acts_done` and `every_clock` of
services/filings/deadlines.py are called here and nowhere else (tests/test_house_rules.py).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from datetime import date

from sqlalchemy.orm import Session

from concom_desk.domain.deadline_engine import Deadline
from concom_desk.domain.filing_facts import FilingFacts
from concom_desk.domain.town_profile import TownProfile
from concom_desk.services.filings.deadlines import (
    ActsDone,
    acts_done,
    every_clock,
    filing_deadlines,
    filing_profile,
    is_met,
    open_deadlines,
    profiles_in_effect,
)
from concom_desk.services.filings.next_deadline import deadline_lines
from concom_desk.services.filings.permit_life import (
    is_joint,
    joint_deadline_lines,
    late_items,
    life_lines,
)
from concom_desk.services.filings.record_detail import DeadlineLine
from concom_desk.services.filings.rows import FilingRow, TodayItem

# The most filings whose recorded acts are read by their ids: more (a month of the
# calendar on a large town, the whole town) are read over every filing at once, quicker
# then than a list of ids, which SQLite would also limit.
MOST_IDS_LISTED = 5_000


@dataclass(frozen=True)
class FilingClock:
    """The deadlines of the filings of one read, from inputs read once.

    `profiles`: the town profiles as this commission counts with them (its closures are
    not business days); `done`: filing id -> the acts recorded elsewhere (see
    `deadlines.acts_done`). Plain data: a clock outlives its session."""

    profiles: Mapping[str, TownProfile]
    done: ActsDone = field(default_factory=dict)

    @classmethod
    def read(cls, session: Session, filing_ids: Collection[int] | None = None,
             profiles: Mapping[str, TownProfile] | None = None) -> FilingClock:
        """Read every input for the filings `filing_ids` (all filings without them)."""
        return cls.read_profiles(session, profiles).with_acts_of(session, filing_ids)

    @classmethod
    def read_profiles(cls, session: Session,
                      profiles: Mapping[str, TownProfile] | None = None) -> FilingClock:
        """The profiles as the commission counts them, no filing's acts yet: for a
        question asked before the filings are known (which of them can fall in a month)
        or of the profile alone (a hearing's booking, the Act's emergency clock)."""
        return cls(profiles_in_effect(session, profiles))

    def with_acts_of(self, session: Session, filing_ids: Collection[int] | None
                     ) -> FilingClock:
        """This clock with the recorded acts of `filing_ids` (every filing's without)."""
        ids = None if filing_ids is None else [i for i in filing_ids if i is not None]
        if ids is not None and len(ids) > MOST_IDS_LISTED:
            ids = None
        return replace(self, done=acts_done(session, ids) if ids is None or ids else {})

    # What the engine counts with

    def counts(self, filing: FilingFacts) -> bool:
        """Whether the filing's town has a profile here (else it has no clocks)."""
        return filing.town in self.profiles

    def profile(self, filing: FilingFacts) -> TownProfile | None:
        return self.profiles.get(filing.town)

    def town_profile(self, filing: FilingFacts) -> TownProfile:
        """The profile the filing's clocks run on (the state's for a filing under the
        Act alone); one clear line when its town has none."""
        return filing_profile(filing, self.profiles)

    # Its deadlines

    def deadlines(self, filing: FilingFacts, hearing_booked: date | None = None
                  ) -> list[Deadline]:
        """Every deadline of every law the filing is under (a joint filing's bylaw
        clocks and the Act's beside them). `hearing_booked`: the meeting a calendar
        shows the hearing on, where it knows better than the booking recorded."""
        return every_clock(filing, self.profiles, self.done, hearing_booked=hearing_booked)

    def own_deadlines(self, filing: FilingFacts) -> list[Deadline]:
        """The deadlines of the filing's own profile alone (a paper's fields, the expiry
        watch: the bylaw's clock where the filing is under both laws)."""
        return filing_deadlines(filing, self.profiles, done=self.done)

    def open_deadlines(self, filing: FilingFacts, today: date,
                       deadlines: list[Deadline] | None = None) -> list[Deadline]:
        """What is still owed: overdue acts, and every unmet date from today on."""
        every = self.deadlines(filing) if deadlines is None else deadlines
        return open_deadlines(filing, today, self.done, deadlines=every)

    def next_deadline(self, filing: FilingFacts, today: date) -> Deadline | None:
        """The earliest open deadline on or after `today`, or None."""
        ahead = [d for d in self.open_deadlines(filing, today) if d.date >= today]
        return ahead[0] if ahead else None

    def is_met(self, filing: FilingFacts, deadline: Deadline) -> bool:
        return is_met(filing, deadline, self.done)

    def expiry(self, filing: FilingFacts) -> Deadline | None:
        """The expiry in force, as the permit extension acts move it; under both laws
        where the bylaw sets no term for the kind, the Act's (what the permit's stored
        expiry is)."""
        own = next((d for d in self.own_deadlines(filing) if d.id == "expires"), None)
        if own is not None:
            return own
        return next((d for d in self.deadlines(filing) if d.id == "expires"), None)

    # What the record window says of them

    def deadline_lines(self, filing: FilingFacts) -> list[DeadlineLine]:
        """The record's deadlines panel: by date, each met, waived, late or owed; a
        joint filing's bylaw clocks and the state's labelled side by side."""
        profile = self.profile(filing)
        if profile is None:
            return []
        if is_joint(filing):
            return joint_deadline_lines(filing, self.profiles, self.done, profile.name)
        return deadline_lines(filing, self.profiles, self.done)

    def life_lines(self, filing: FilingFacts) -> list[str]:
        """The record's words on the permit's life: the expiry in force and why, and
        every act recorded after its clock."""
        if not self.counts(filing):
            return []
        return life_lines(filing, self.own_deadlines(filing), self.done)

    def late_items(self, filing: FilingFacts, row: FilingRow, deadlines: list[Deadline],
                   since: date) -> list[TodayItem]:
        """Today's flags of acts recorded late on or after `since`."""
        return late_items(filing, row, deadlines, self.done, since)
