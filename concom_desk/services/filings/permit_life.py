"""A permit's life said plainly on its record: the expiry in force and why, what an
amendment runs with, and every recorded act that came after its clock.

The dates are the deadline engine's (the permit extension acts included); this module
only compares them with what the clerk has recorded, so the record and Today agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date

from concom_desk.domain.deadline_engine import Deadline
from concom_desk.domain.filing_facts import FilingFacts
from concom_desk.domain.laws import STATE_TOWN, shown_beside
from concom_desk.domain.laws import is_joint as laws_joint
from concom_desk.domain.wording import counted
from concom_desk.errors import UserError
from concom_desk.services.filings.deadlines import ActsDone
from concom_desk.store import Database
from concom_desk.store.models import Filing

# The acts whose lateness the record flags: deadline id -> (what was done, where the
# date of it is: a column of the filing, or an act recorded elsewhere, first found),
# and the waiver that lifts the clock when no date is given.
LATE_ACTS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "hearing_by": ("Hearing opened", ("hearing",), "hearing_waived"),
    "legal_notice_by": ("Notice published", ("legal_ad_published",), ""),
    "decision_by": ("Decision issued", ("decided", "issued"), "decision_waived"),
    "coc_decision_by": ("COC decided", ("decided", "issued"), ""),
}


@dataclass(frozen=True)
class LateAct:
    deadline: Deadline
    what: str  # "Hearing opened"
    done_on: date
    days_late: int

    @property
    def text(self) -> str:
        """'Hearing opened 2026-12-18, 3 days after the 21-day clock (2026-12-15), no
        waiver recorded'."""
        waiver = ", no waiver recorded" if self.deadline.id in ("hearing_by",
                                                                "decision_by") else ""
        return (f"{self.what} {self.done_on.isoformat()}, {counted(self.days_late, 'day')} "
                f"after the {self.deadline.clock} clock ({self.deadline.date.isoformat()})"
                f"{waiver}")


def late_acts(filing: FilingFacts, deadlines: Iterable[Deadline],
              done: ActsDone | None = None) -> list[LateAct]:
    """Every recorded act that came after its deadline (a dated waiver has already
    moved the deadline; a waiver with no date lifts it)."""
    recorded = (done or {}).get(filing.id, {})
    found = []
    for deadline in deadlines:
        if deadline.id not in LATE_ACTS:
            continue
        what, sources, lifted_by = LATE_ACTS[deadline.id]
        if lifted_by and recorded.get(lifted_by) is not None:
            continue
        done_on = next((day for day in (getattr(filing, s, None) or recorded.get(s)
                                        for s in sources) if day is not None), None)
        if done_on is not None and done_on > deadline.date:
            found.append(LateAct(deadline, what, done_on, (done_on - deadline.date).days))
    return found


def expiry_lines(filing: FilingFacts, deadlines: Iterable[Deadline]) -> list[str]:
    """The record's words on the expiry: the date in force and why; what an amendment
    runs with."""
    if filing.kind == "amendment":
        original = filing.original
        if original is None:
            return ["Expires: with the original permit's term (name the permit amended)"]
        when = original.expires.isoformat() if original.expires else "not issued yet"
        return [f"Expires: runs with the term of permit {original.file_no} ({when}); an "
                "amendment has no expiry or extension clock of its own (Bourne BWR "
                "1.05(8)(c))"]
    expiry = next((d for d in deadlines if d.id == "expires"), None)
    if expiry is None or filing.issued is None and filing.kind != "extension":
        return []
    return [f"Expires: {expiry.date.isoformat()} — {expiry.rule}"]


def life_lines(filing: FilingFacts, deadlines: list[Deadline], done: ActsDone | None) -> list[str]:
    """What the record's summary says beyond the form's fields."""
    lines = expiry_lines(filing, deadlines)
    lines += [f"LATE: {late.text}" for late in late_acts(filing, deadlines, done)]
    return lines


def revived_line(filing: FilingFacts, today: date) -> str:
    """A permit marked expired that the extension acts keep in force (marked before the
    program knew the acts, say): the record says so, since work may go on under it."""
    if filing.status != "expired" or filing.expires is None or filing.expires < today:
        return ""
    return (f"IN FORCE: the permit extension acts keep this permit in force to "
            f"{filing.expires}, but its status says expired; Correct status… puts it back "
            "to issued")


def mark_not_covered(db: Database, filing_id: int, reason: str,
                     profiles: Mapping | None = None) -> None:
    """Record that the permit extension acts do not apply to this approval (the holder
    waived them), or with an empty reason that they do again; the stored expiry follows.
    Audited like any change to the filing."""
    from concom_desk.services.filings.editing import store_expiry

    reason = " ".join(reason.split())
    if len(reason) > 300:
        raise UserError("the reason is too long: keep it under 300 characters")
    with db.session() as session:
        filing = session.get(Filing, filing_id)
        if filing is None:
            raise UserError("this filing is no longer in the database")
        if filing.kind in ("amendment", "coc", "emergency"):
            raise UserError("only an approval with an expiry of its own is extended by the "
                            "acts; an amendment runs with its permit's term")
        filing.acts_not_covered = reason
        store_expiry(filing)


def is_joint(filing: FilingFacts) -> bool:
    """Under the Act and a profiled bylaw at once, as the clerk said on the form."""
    return laws_joint(filing.laws, filing.town)


def joint_deadline_lines(filing: FilingFacts, profiles: Mapping, done: ActsDone | None,
                         town_name: str) -> list:
    """The bylaw's clocks and the state's side by side, each labelled with whose it is;
    by date, so where both set the same act the stricter (earlier) one comes first.
    Missing a state clock can cost the bylaw its jurisdiction too (Oyster Creek
    Preservation v. Harwich, 2007)."""
    from dataclasses import replace

    from concom_desk.services.filings.next_deadline import deadline_lines

    town = deadline_lines(filing, profiles, done)
    state_profile = profiles.get(STATE_TOWN)
    if state_profile is None:
        return town
    ids = {line.deadline.id for line in town}
    state = [line for line in deadline_lines(filing, {filing.town: state_profile}, done)
             if shown_beside(line.deadline.id, ids)]
    labelled = [replace(line, deadline=replace(line.deadline,
                                               label=f"{who}: {line.deadline.label}"))
                for who, lines in ((town_name, town), ("State", state)) for line in lines]
    # Same date: the town's first (its bylaw is what the commission administers).
    return sorted(labelled, key=lambda line: line.date)


def late_items(filing: FilingFacts, row, deadlines: list[Deadline],  # noqa: ANN001
               done: ActsDone | None, since: date) -> list:
    """Today's flags: acts recorded late on or after `since` (older ones are history)."""
    from concom_desk.services.filings.rows import TodayItem

    return [TodayItem(filing_id=row.id, file_no=row.file_no, kind=row.kind,
                      address=row.address or row.applicant, what=late.text,
                      due=late.done_on, citation=late.deadline.citation, late=True)
            for late in late_acts(filing, deadlines, done) if late.done_on >= since]
