"""Whose land each law a filing is under reaches with notice, side by side: the Act's
100 ft (MGL c.131 §40 ¶1; 310 CMR 10.05(4)(a)) and the town bylaw's own rule."""

from __future__ import annotations

from dataclasses import dataclass

from concom_desk.domain.abutter_reach import STATE_REACH, AbutterReach
from concom_desk.domain.laws import under_act, under_bylaw


@dataclass(frozen=True)
class LawReach:
    """One law's reach on a filing: 'the Act' or 'the Upton bylaw', and its rule."""
    law: str
    reach: AbutterReach

    def describe(self) -> str:
        return f"{self.law}: {self.reach.describe()} ({self.reach.cited})"


ACT_NAME = "Wetlands Protection Act"


def reaches_under(under: str, town: str, town_name: str, bylaw_reach: AbutterReach
                  ) -> tuple[LawReach, ...]:
    """Each law's reach on a filing, the Act's first. A joint filing's list is the union
    of both: a bylaw's rule adds to the Act's 100 ft, it never replaces it (310 CMR
    10.05(4)(a); DOMAIN.md, "Abutter notice under the Act"). A filing under the bylaw
    alone follows the bylaw's rule alone, one under the Act alone the Act's. A bylaw that
    sets no reach of its own (its profile has no [abutters]: the Act's 100 ft) is one
    reach under both names, not the same reason given twice."""
    if under_act(under) and under_bylaw(under, town) and bylaw_reach == STATE_REACH:
        return (LawReach(f"{ACT_NAME} and {town_name} bylaw", STATE_REACH),)
    reaches = []
    if under_act(under) or not under_bylaw(under, town):
        reaches.append(LawReach(ACT_NAME, STATE_REACH))
    if under_bylaw(under, town):
        reaches.append(LawReach(f"{town_name} bylaw", bylaw_reach))
    return tuple(reaches)
