"""Quorum and majority arithmetic (MGL c.4 §6 cl.5; Upton ch. 330: action by more
than half the members present at a meeting of at least a quorum; decisions signed
by a majority of the members then in office)."""

from __future__ import annotations

from datetime import date

import pytest

from concom_desk.domain.votes import (
    Member,
    Outcome,
    VoteChoice,
    count_vote,
    decision_signers,
    members_in_office,
    quorum_needed,
    signers_needed,
)
from concom_desk.errors import UserError

Y, N, A, R = VoteChoice.YES, VoteChoice.NO, VoteChoice.ABSTAIN, VoteChoice.RECUSED
MEETING = date(2027, 7, 7)

# Seven seats; two terms ended June 30, 2027 and one successor began July 1.
COMMISSION = [
    Member("Ames", date(2024, 7, 1), date(2027, 6, 30)),  # term ended before the meeting
    Member("Baker", date(2025, 7, 1), date(2028, 6, 30)),
    Member("Costa", date(2025, 7, 1), date(2028, 6, 30)),
    Member("Duarte", date(2026, 7, 1), date(2029, 6, 30)),
    Member("Ellis", date(2026, 7, 1), date(2029, 6, 30)),
    Member("Flynn", date(2024, 7, 1), date(2027, 6, 30)),  # term ended before the meeting
    Member("Gray", date(2027, 7, 1), date(2030, 6, 30)),  # successor, began July 1
]


def test_members_in_office_leave_out_ended_terms() -> None:
    names = [m.name for m in members_in_office(COMMISSION, MEETING)]
    assert names == ["Baker", "Costa", "Duarte", "Ellis", "Gray"]
    # On June 30 the old terms still run and Gray's has not begun: 6 in office.
    assert len(members_in_office(COMMISSION, date(2027, 6, 30))) == 6


@pytest.mark.parametrize(("day", "quorum", "why"), [
    (MEETING, 3, "5 in office (Ames, Flynn gone; Gray in) -> more than half is 3, not 4 of 7"),
    (date(2027, 6, 30), 4, "6 in office (old terms run through June 30) -> 4"),
    (date(2024, 7, 1), 2, "only Ames and Flynn had begun -> 2 of 2"),
])
def test_quorum_counts_members_in_office(day: date, quorum: int, why: str) -> None:
    assert quorum_needed(COMMISSION, day) == quorum


VOTES = [
    # votes of those present, outcome, yes, no, citation/why
    ({"Baker": Y, "Costa": Y, "Duarte": N}, Outcome.CARRIED, "3 present = quorum of 5; 2-1"),
    ({"Baker": Y, "Costa": N, "Duarte": A}, Outcome.FAILED, "1-1 tie fails; abstention no vote"),
    ({"Baker": Y, "Costa": A, "Duarte": A}, Outcome.CARRIED, "1-0 of those voting carries"),
    ({"Baker": Y, "Costa": Y}, Outcome.NO_QUORUM, "2 of 5 in office: no quorum"),
    ({"Baker": Y, "Costa": Y, "Duarte": R}, Outcome.NO_QUORUM,
     "recused member is not counted for the quorum on that matter"),
    ({"Baker": Y, "Costa": Y, "Duarte": R, "Ellis": N}, Outcome.CARRIED,
     "3 can act (4 present, 1 recused); 2-1"),
    ({"Baker": N, "Costa": N, "Duarte": Y, "Ellis": Y, "Gray": A}, Outcome.FAILED, "2-2 fails"),
]


@pytest.mark.parametrize(("votes", "outcome", "why"), VOTES)
def test_vote_outcomes(votes: dict[str, VoteChoice], outcome: Outcome, why: str) -> None:
    assert count_vote(COMMISSION, MEETING, votes).outcome is outcome


def test_vote_describes_tally() -> None:
    result = count_vote(COMMISSION, MEETING, {"Baker": Y, "Costa": Y, "Duarte": R, "Ellis": N})
    assert result.describe() == "Carried, 2 yes, 1 no, 1 recused."
    result = count_vote(COMMISSION, MEETING, {"Baker": Y, "Costa": Y})
    assert result.describe() == (
        "No quorum: 2 of 5 members in office could act; 3 are needed."
    )


def test_member_whose_term_ended_cannot_vote() -> None:
    with pytest.raises(UserError, match="Ames is not in office"):
        count_vote(COMMISSION, MEETING, {"Ames": Y, "Baker": Y, "Costa": Y})


def test_stranger_cannot_vote() -> None:
    with pytest.raises(UserError, match="not a member"):
        count_vote(COMMISSION, MEETING, {"Zed": Y})


def test_signers_are_a_majority_of_members_in_office() -> None:
    # 5 in office on July 7 -> 3 signatures; yes-voters suggested first.
    signers = decision_signers(COMMISSION, MEETING, voted_yes=["Duarte", "Ames"])
    assert signers.needed == 3
    assert signers.eligible == ("Baker", "Costa", "Duarte", "Ellis", "Gray")
    assert signers.suggested[0] == "Duarte"
    assert "Ames" not in signers.suggested
    assert signers_needed(COMMISSION, date(2027, 6, 30)) == 4
