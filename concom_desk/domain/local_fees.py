"""A town's own filing fees under its bylaw, as its profile lists them, beside the
state's fee under the Act (domain/wpa_fees.py).

Most bylaws leave the amounts to the commission's regulations ("a filing fee
specified in regulations of the Commission", Sandwich § 7.20 Part 3), and the texts
the profiles are read from do not hold those regulations. A profile then says so in
`schedule_note` and lists no amount: the program shows the note and the clerk types
the fee, rather than the program printing a number no bylaw gave. A town whose
schedule is known lists it in `[[fees.schedule]]` entries, each with its citation:

    [[fees.schedule]]
    kinds = ["noi"]
    label = "Notice of Intent, single-family house"
    amount = 100            # dollars
    citation = "Wetland Regulations § 4.2"
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from concom_desk.domain.filing_kinds import KINDS
from concom_desk.errors import UserError

NO_SCHEDULE = ("The town's own filing fee is not in its profile: type the amount from "
               "the commission's fee schedule.")


@dataclass(frozen=True)
class LocalFee:
    kinds: tuple[str, ...]
    label: str
    amount_cents: int
    citation: str


def parse_schedule(raw: Any, where: str) -> tuple[LocalFee, ...]:
    """The [[fees.schedule]] entries, refused whole with the entry named when one is wrong."""
    if not isinstance(raw, list):
        raise UserError(f"{where}: 'schedule' must be a list of tables")
    fees = []
    for number, entry in enumerate(raw, start=1):
        here = f"{where} schedule entry {number}"
        if not isinstance(entry, dict) or set(entry) != {"kinds", "label", "amount", "citation"}:
            raise UserError(f"{here}: give exactly kinds, label, amount and citation")
        kinds, amount = entry["kinds"], entry["amount"]
        if not isinstance(kinds, list) or not kinds or any(k not in KINDS for k in kinds):
            raise UserError(f"{here}: kinds must name filing kinds ({', '.join(KINDS)})")
        if not isinstance(amount, (int, float)) or isinstance(amount, bool) or amount < 0:
            raise UserError(f"{here}: amount must be dollars, not {amount!r}")
        if not all(isinstance(entry[k], str) and entry[k].strip() for k in ("label", "citation")):
            raise UserError(f"{here}: label and citation must be words")
        fees.append(LocalFee(tuple(kinds), entry["label"].strip(), round(amount * 100),
                             entry["citation"].strip()))
    return tuple(fees)


def local_fees_for(fees: Mapping[str, Any], kind: str) -> tuple[LocalFee, ...]:
    return tuple(fee for fee in parse_schedule(fees.get("schedule", []), "fees")
                 if kind in fee.kinds)


def local_fee_words(fees: Mapping[str, Any], kind: str) -> str:
    """What the filing form says beside the fee box: the schedule's lines for this kind
    of filing, or why there are none."""
    listed = local_fees_for(fees, kind)
    if listed:
        return "; ".join(f"{fee.label}: ${fee.amount_cents // 100:,}."
                         f"{fee.amount_cents % 100:02d} ({fee.citation})" for fee in listed)
    note = fees.get("schedule_note", "")
    return f"{note} {NO_SCHEDULE}".strip() if note else NO_SCHEDULE
