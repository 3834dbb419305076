"""The fine a violation carries: the law its provision cites sets it. A violation of
the Act (MGL c.131 §40, 310 CMR 10.00) is fined under the Act, not more than $25,000 an
offense, in every town; a violation of a town's bylaw under that bylaw (Sandwich §7.55
Part 5, $300). An order that cites both warns of both; one that cites the Act alone, in
a town with a bylaw, warns of the Act's fine only."""

from __future__ import annotations

from collections.abc import Iterable

from concom_desk.domain.act_areas import cites_the_act
from concom_desk.domain.fines import dollars
from concom_desk.domain.town_profile import Fines, TownProfile
from concom_desk.services.commission.town_profiles import DEFAULT_TOWN_ID, profile_for


def act_fines() -> Fines | None:
    """The Act's fine, as the state default's profile holds it."""
    return profile_for(DEFAULT_TOWN_ID).fines


def fines_for(profile: TownProfile, provision: str) -> Fines | None:
    """The fine of a violation of `provision` in the profile's town: the Act's for the
    Act's provision, or anywhere without a bylaw of its own; else the town's (None
    where its profile names none, Bourne's regulations as held)."""
    if profile.id == DEFAULT_TOWN_ID or cites_the_act(provision):
        return act_fines()
    return profile.fines


def order_fines(profile: TownProfile, provisions: Iterable[str]) -> list[Fines]:
    """Each law's fine that the order's violations carry, the bylaw's before the Act's,
    once each; a paper that cites no provision yet warns of the town's own."""
    cited = list(provisions)
    found = [fines_for(profile, p) for p in cited] if cited else [profile.fines]
    act = act_fines()
    once = list(dict.fromkeys(f for f in found if f is not None))
    return sorted(once, key=lambda f: f == act)


def fines_words(profile: TownProfile, provisions: Iterable[str]) -> dict[str, str]:
    """The paper's fine, as its sentence "punishable by a fine of up to {per_offense}
    ({citation})" reads it: one law's amount, or each law's named ("$300 under the
    bylaw and up to $25,000 under the Act"); the ticket is the bylaw's (MGL c.40 §21D)."""
    fines = order_fines(profile, provisions)
    if not fines:
        return {"per_offense": "", "citation": "", "noncriminal_ticket": ""}
    act = act_fines()
    if len(fines) == 1:
        per_offense = dollars(fines[0].per_offense)
    else:
        per_offense = " and up to ".join(
            f"{dollars(f.per_offense)} under the {'Act' if f == act else 'bylaw'}"
            for f in fines)
    ticket = next((f.noncriminal_ticket for f in fines
                   if f != act and f.noncriminal_ticket is not None), None)
    return {"per_offense": per_offense,
            "citation": "; ".join(f.citation for f in fines),
            "noncriminal_ticket": dollars(ticket) if ticket is not None else ""}


__all__ = ["act_fines", "fines_for", "fines_words", "order_fines"]
