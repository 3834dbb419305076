"""Which laws a filing is under: the Wetlands Protection Act (MGL c.131 §40, 310 CMR
10.00), the town's own wetlands bylaw, or both at once (DOMAIN.md, "Joint filings").

The clerk says so on the filing's form; it is never guessed from the DEP file number,
which MassDEP gives to a Notice of Intent but not to a Request for Determination or an
emergency certification (an RDA under both laws has none and still runs the Act's
clocks: the 21 days to hold the meeting, 310 CMR 10.05(3)(b)1; the ten business days
to ask for a superseding determination, 10.05(7)(c))."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # kept light: the settings read STATE_TOWN before the first paint
    from concom_desk.domain.deadline_engine import Deadline

# The state default: the Act alone, for a town with no bylaw of its own profiled.
STATE_TOWN = "massachusetts"

BOTH, ACT, BYLAW = "both", "act", "bylaw"
UNDER_CHOICES = (BOTH, ACT, BYLAW)

# The kinds MassDEP numbers (its file number is asked for on these alone).
DEP_NUMBERED_KINDS = frozenset({"noi", "anrad", "amendment", "extension", "coc"})


def default_under(town: str) -> str:
    """Both laws where the town has a bylaw of its own; the Act alone on the state
    default (every kind the program keeps exists under the Act)."""
    return ACT if town == STATE_TOWN else BOTH


def under_act(under: str) -> bool:
    return under in (BOTH, ACT)


def under_bylaw(under: str, town: str) -> bool:
    return under in (BOTH, BYLAW) and town != STATE_TOWN


def is_joint(under: str, town: str) -> bool:
    """Under the Act and a profiled bylaw at once: each law's clocks run side by side."""
    return under == BOTH and town != STATE_TOWN


def under_words(under: str, town: str, town_name: str) -> str:
    """'the Wetlands Protection Act and the Sandwich bylaw', as the record and the
    papers name the laws a filing is under."""
    act = "the Wetlands Protection Act (MGL c.131 §40)"
    bylaw = f"the {town_name} wetlands bylaw"
    if town == STATE_TOWN or under == ACT:
        return act
    return bylaw if under == BYLAW else f"{act} and {bylaw}"


def under_problem(under: str) -> str:
    """One line when `under` is not one of the three ("" when it is)."""
    if under in UNDER_CHOICES:
        return ""
    return f"under must be one of {', '.join(UNDER_CHOICES)}, not {under!r}"


# The Act's clocks a filing under both laws shows beside the bylaw's (the bylaw keeps its
# own for the rest: its hearing, its notices, its expiry).
STATE_CLOCKS = ("hearing_by", "legal_notice_by", "abutter_notice_by", "decision_by",
                "dep_copy_by", "coc_decision_by", "appeal_ends",
                "emergency_certification_by", "emergency_work_complete_by")


def shown_beside(state_clock: str, bylaw_clocks: set[str]) -> bool:
    """Whether one of the Act's clocks is shown beside the bylaw's: always for those of
    STATE_CLOCKS, and for any other where the bylaw sets no clock of that kind at all (a
    Sandwich ANRAD: the bylaw has no procedure, so the order's three years under the Act,
    310 CMR 10.05(6)(d), are the only expiry there is)."""
    return state_clock in STATE_CLOCKS or state_clock not in bylaw_clocks


def side_by_side(bylaw: list[Deadline], act: list[Deadline]) -> list[Deadline]:
    """A filing under both laws: the bylaw's clocks and the Act's (`shown_beside`), by
    date, the Act's labelled "State: …". Where both set the same act on the same day the
    bylaw's alone is listed (it is the one the commission administers; the Act's adds
    nothing)."""
    same = {(d.id, d.date) for d in bylaw}
    ids = {d.id for d in bylaw}
    state = [replace(d, label=f"State: {d.label}") for d in act
             if shown_beside(d.id, ids) and (d.id, d.date) not in same]
    return sorted(bylaw + state, key=lambda d: d.date)
