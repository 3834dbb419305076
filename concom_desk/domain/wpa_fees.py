"""The fee under the Wetlands Protection Act and its split between the state and
the town (310 CMR 4.00; WPA Form 3, NOI Wetland Fee Transmittal Form).

The applicant sends the state's share to MassDEP's lockbox and the town's share
to the commission. The transmittal form's rule: the state's share is half of the
total fee in excess of $25 (that is, half the fee less $12.50); the town keeps the
rest (half the fee plus $12.50). As read: Town of Webster, "Notice of Intent
Costs" ("half of the full filing fee, minus $12.50" to the state); a North Andover
WPA Form 5 (rev. 3/1/05), A.9 "Total WPA Fee Paid": on a $500 WPA fee the state
fee paid is $237.50 = ($500 − $25) ÷ 2.

The fee per activity by category (the same transmittal form; as listed on the Town
of Wellesley's "NOI Project Categories" page): Category 1 $110, 2 $500, 3 $1,050,
4 $1,450; 5: $4 a linear foot, not less than $100 nor more than $2,000; 6: $2 a
linear foot of each resource area delineated, at most $200 for a single-family
house and $2,000 otherwise. Work in the Riverfront Area pays 1.5 times the fee.
"""

from __future__ import annotations

from dataclasses import dataclass

CITATION = "310 CMR 4.00; NOI Wetland Fee Transmittal Form (state share: half the fee above $25)"
STATE_KEEPS_OUT_CENTS = 2500  # the first $25 of the fee stays with the town

CATEGORY_FEE_CENTS = {1: 11000, 2: 50000, 3: 105000, 4: 145000}


@dataclass(frozen=True)
class FeeSplit:
    total_cents: int
    state_cents: int
    town_cents: int


def split_fee(total_cents: int) -> FeeSplit:
    """The state's and the town's shares of a WPA fee. A fee of $25 or less is the
    town's alone; half a cent (a fee in odd cents) stays with the town."""
    if total_cents < 0:
        raise ValueError("a fee cannot be negative")
    state = max(total_cents - STATE_KEEPS_OUT_CENTS, 0) // 2
    return FeeSplit(total_cents, state, total_cents - state)


def activity_fee_cents(category: int, *, linear_feet: int = 0, single_family: bool = False,
                       riverfront: bool = False) -> int:
    """The fee for one activity of a category (1-6), as the transmittal form sets it."""
    if category in CATEGORY_FEE_CENTS:
        fee = CATEGORY_FEE_CENTS[category]
    elif category == 5:
        fee = min(max(400 * linear_feet, 10000), 200000)
    elif category == 6:
        fee = min(200 * linear_feet, 20000 if single_family else 200000)
    else:
        raise ValueError(f"there is no fee category {category}; the categories are 1 to 6")
    return fee * 3 // 2 if riverfront else fee
