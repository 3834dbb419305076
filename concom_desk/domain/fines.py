"""The largest fine a violation has accrued, from the town's bylaw.

Every profiled bylaw that sets a fine words it the same way: not more than a
sum "per offense", where "each day or portion thereof during which a violation
continues shall constitute a separate offense, and each provision ... violated
shall constitute a separate offense" (Nantucket ch. 136; Upton §330,
Enforcement E; Sandwich §7.55 Part 5; Shutesbury Section 11). Upton says the
count commences "the day on which the violation has been confirmed by the
Commission or its agents"; the program counts every town from that day, the
only date the commission can prove.

"Portion thereof" makes both ends count: a violation confirmed on Monday and
still there on Wednesday is three offenses per provision, not two.

The sum is a ceiling ("not more than"): the court, or the commission when it
assesses, may ask for less. A non-criminal ticket under MGL c.40 §21D is a
fixed sum per offense instead, where the bylaw names one (Sandwich §7.55
Part 5 and Shutesbury's 21D amendment: $50).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from concom_desk.domain.town_profile import Fines
from concom_desk.errors import UserError


@dataclass(frozen=True)
class FineAccrual:
    """The count of offenses and the ceiling of the fine as of one day."""

    town: str
    confirmed: date
    as_of: date
    days: int
    provisions: int
    per_offense: int  # dollars
    offenses: int
    max_total: int  # dollars
    citation: str
    noncriminal: bool = False

    def as_json(self) -> dict[str, int | str]:
        return {
            "days": self.days,
            "per_offense": self.per_offense,
            "offenses": self.offenses,
            "max_total": self.max_total,
            "citation": self.citation,
        }

    def describe(self) -> str:
        """One sentence a commissioner can read aloud at a meeting."""
        kind = "non-criminal ticket" if self.noncriminal else "fine of not more than"
        provisions = "provision" if self.provisions == 1 else "provisions"
        day_word = "day" if self.days == 1 else "days"
        return (
            f"{self.days} {day_word} × {self.provisions} {provisions} = {self.offenses} "
            f"offense(s) at a {kind} {dollars(self.per_offense)} each: up to "
            f"{dollars(self.max_total)} ({self.citation})"
        )


def dollars(amount: int) -> str:
    return f"${amount:,}"


def offense_days(confirmed: date, as_of: date) -> int:
    """Days the violation has continued, counting the confirmation day and `as_of`."""
    if as_of < confirmed:
        raise UserError(
            f"the as-of date {as_of.isoformat()} is before the violation was confirmed on "
            f"{confirmed.isoformat()}; fines count only from the day of confirmation"
        )
    return (as_of - confirmed).days + 1


def accrued_fine(
    fines: Fines | None,
    town_name: str,
    confirmed: date,
    as_of: date,
    provisions: int = 1,
    noncriminal: bool = False,
) -> FineAccrual:
    """The ceiling of the fine for `provisions` provisions violated from `confirmed`
    to `as_of`, or a UserError when the town's bylaw sets no such fine."""
    if fines is None:
        raise UserError(
            f"{town_name}'s bylaw, as profiled, sets no fine per offense; "
            "add a [fines] section with its citation to the town profile"
        )
    if provisions < 1:
        raise UserError(f"provisions violated must be 1 or more, not {provisions}")
    if noncriminal:
        if fines.noncriminal_ticket is None:
            raise UserError(
                f"{town_name}'s bylaw, as profiled, sets no non-criminal ticket amount "
                "under MGL c.40 §21D; leave out --noncriminal for the criminal fine"
            )
        per_offense, citation = fines.noncriminal_ticket, fines.noncriminal_citation
    else:
        per_offense, citation = fines.per_offense, fines.citation
    days = offense_days(confirmed, as_of)
    offenses = days * provisions
    return FineAccrual(
        town=town_name,
        confirmed=confirmed,
        as_of=as_of,
        days=days,
        provisions=provisions,
        per_offense=per_offense,
        offenses=offenses,
        max_total=offenses * per_offense,
        citation=citation,
        noncriminal=noncriminal,
    )
