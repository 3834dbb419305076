"""The plausible range of a sum of money the commission records: a filing fee,
a consultant's fee, a bond, a fine or a payment. The largest bonds for
subdivisions run to a few million dollars; ten million leaves room, and keeps
a slip of the keyboard (or a number too large for the database to hold) from
ever being stored."""

from __future__ import annotations

from concom_desk.errors import UserError

LARGEST_AMOUNT_CENTS = 10_000_000 * 100


def checked_amount(cents: int, what: str = "the amount", allow_zero: bool = True) -> int:
    if cents < 0 or (cents == 0 and not allow_zero):
        raise UserError(f"{what} must be more than $0" if not allow_zero
                        else f"{what} cannot be negative")
    if cents > LARGEST_AMOUNT_CENTS:
        raise UserError(f"{what} ${cents / 100:,.2f} is more than the program accepts "
                        f"(${LARGEST_AMOUNT_CENTS // 100:,}); check the figure")
    return cents
