"""Quorum, majorities and signatures.

* Quorum is a majority of the members **in office** on the meeting date
  (MGL c.4 §6 cl.5; Upton ch. 330: action "by more than half the members
  present at a meeting of at least a quorum"). A member whose term ended
  before the meeting, or has not begun, is not in office and does not count,
  even if still listed.
* A motion carries with more yes than no votes among those present and voting:
  abstentions and recusals are not votes. A tie fails.
* A recused member (conflict of interest, MGL c.268A) takes no part in the
  matter, so for that vote he is not counted toward the quorum.
* A permit, determination or certificate is signed by a majority of the
  members then in office (Upton ch. 330; Upton §330-10E; Bourne BWR 1.05(6)(e)),
  who need not sign together.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from concom_desk.errors import UserError

QUORUM_CITATION = (
    "MGL c.4 §6 cl.5 (quorum: a majority of the members); Upton ch. 330: action by more "
    "than half the members present at a meeting of at least a quorum"
)
SIGNERS_CITATION = (
    "Upton ch. 330 and §330-10E; Bourne BWR 1.05(6)(e): signed by a majority of the "
    "members then in office"
)


class VoteChoice(StrEnum):
    YES = "yes"
    NO = "no"
    ABSTAIN = "abstain"
    RECUSED = "recused"


class Outcome(StrEnum):
    CARRIED = "carried"
    FAILED = "failed"
    NO_QUORUM = "no quorum"


@dataclass(frozen=True)
class Member:
    name: str
    term_start: date
    term_end: date | None = None  # None: serving with no set end (or until a successor)

    def in_office_on(self, day: date) -> bool:
        return self.term_start <= day and (self.term_end is None or day <= self.term_end)


def members_in_office(members: Iterable[Member], on: date) -> list[Member]:
    return [m for m in members if m.in_office_on(on)]


def majority_of(count: int) -> int:
    """More than half: 3 of 5, 4 of 6, 4 of 7; 0 of 0 stays 0."""
    return count // 2 + 1 if count else 0


def quorum_needed(members: Iterable[Member], on: date) -> int:
    return majority_of(len(members_in_office(members, on)))


def signers_needed(members: Iterable[Member], on: date) -> int:
    """How many members in office must sign a decision issued on `on`."""
    return majority_of(len(members_in_office(members, on)))


@dataclass(frozen=True)
class VoteResult:
    in_office: int
    quorum: int
    present: int  # members in office who were present (recused ones included)
    counted_for_quorum: int  # present minus recused
    yes: int
    no: int
    abstain: int
    recused: int
    outcome: Outcome

    def describe(self) -> str:
        if self.outcome is Outcome.NO_QUORUM:
            return (f"No quorum: {self.counted_for_quorum} of {self.in_office} members in office "
                    f"could act; {self.quorum} are needed.")
        verb = "Carried" if self.outcome is Outcome.CARRIED else "Failed"
        parts = [f"{self.yes} yes", f"{self.no} no"]
        if self.abstain:
            parts.append(f"{self.abstain} abstaining")
        if self.recused:
            parts.append(f"{self.recused} recused")
        return f"{verb}, {', '.join(parts)}."


def count_vote(
    members: Sequence[Member], meeting_day: date, votes: Mapping[str, VoteChoice]
) -> VoteResult:
    """The outcome of a motion. `votes` maps each member present to a choice;
    a member not in it was absent."""
    in_office = {m.name: m for m in members_in_office(members, meeting_day)}
    everyone = {m.name for m in members}
    for name in votes:
        if name not in everyone:
            raise UserError(f"{name} is not a member of the commission")
        if name not in in_office:
            raise UserError(
                f"{name} is not in office on {meeting_day:%B} {meeting_day.day}, "
                f"{meeting_day.year} (term ended or not begun) and cannot vote"
            )
    cast = [VoteChoice(v) for v in votes.values()]  # plain strings from a form are accepted
    tally = {choice: sum(1 for v in cast if v is choice) for choice in VoteChoice}
    quorum = majority_of(len(in_office))
    present = len(votes)
    counted = present - tally[VoteChoice.RECUSED]
    if counted < quorum or quorum == 0:
        outcome = Outcome.NO_QUORUM
    elif tally[VoteChoice.YES] > tally[VoteChoice.NO]:
        outcome = Outcome.CARRIED
    else:
        outcome = Outcome.FAILED
    return VoteResult(
        in_office=len(in_office), quorum=quorum, present=present, counted_for_quorum=counted,
        yes=tally[VoteChoice.YES], no=tally[VoteChoice.NO], abstain=tally[VoteChoice.ABSTAIN],
        recused=tally[VoteChoice.RECUSED], outcome=outcome,
    )


@dataclass(frozen=True)
class Signers:
    needed: int
    eligible: tuple[str, ...]  # members in office on the decision date
    suggested: tuple[str, ...]  # those who voted yes first, then the others


def decision_signers(
    members: Sequence[Member], decision_day: date, voted_yes: Iterable[str] = ()
) -> Signers:
    in_office = [m.name for m in members_in_office(members, decision_day)]
    yes = [name for name in voted_yes if name in in_office]
    others = [name for name in in_office if name not in yes]
    return Signers(majority_of(len(in_office)), tuple(in_office), tuple(yes + others))
