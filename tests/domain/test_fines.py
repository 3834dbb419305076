"""Fine accrual worked out by hand from each bylaw's words: days count the
confirmation day and the as-of day ("each day or portion thereof"), and each
provision violated is a separate offense."""

from __future__ import annotations

from datetime import date

import pytest

from concom_desk.domain.fines import accrued_fine, offense_days
from concom_desk.domain.town_profile import Fines
from concom_desk.errors import UserError

NANTUCKET = Fines(300, "Nantucket Code ch. 136 (penalties)")
UPTON = Fines(300, "Upton ch. 330, Enforcement E")
SANDWICH = Fines(300, "Sandwich §7.55 Part 5", 50, "Sandwich §7.55 Parts 5-6; MGL c.40 §21D")
SHUTESBURY = Fines(300, "Shutesbury Section 11", 50, "Shutesbury 21D amendment: $50.00")

# (town fines, confirmed, as of, provisions, non-criminal,
#  days, offenses, max total, citation), each worked out by hand.
CASES = [
    # Nantucket ch. 136: $300, same day = 1 day ("portion thereof")
    (NANTUCKET, date(2026, 6, 1), date(2026, 6, 1), 1, False, 1, 1, 300,
     "Nantucket Code ch. 136 (penalties)"),
    # Upton ch. 330 E: from the day confirmed, Mon 6/1 to Wed 6/3 = 3 days
    (UPTON, date(2026, 6, 1), date(2026, 6, 3), 1, False, 3, 3, 900,
     "Upton ch. 330, Enforcement E"),
    # Sandwich §7.55 Part 5: Nov 20-30 (11) + Dec 1-4 (4) = 15 days x 2 provisions
    (SANDWICH, date(2026, 11, 20), date(2026, 12, 4), 2, False, 15, 30, 9000,
     "Sandwich §7.55 Part 5"),
    # Sandwich §7.55 Part 5 non-criminal: the same 30 offenses at $50
    (SANDWICH, date(2026, 11, 20), date(2026, 12, 4), 2, True, 15, 30, 1500,
     "Sandwich §7.55 Parts 5-6; MGL c.40 §21D"),
    # Shutesbury 21D: Feb 27, 28, Mar 1, 2 (2026 not a leap year) = 4 days x 3 = 12 x $50
    (SHUTESBURY, date(2026, 2, 27), date(2026, 3, 2), 3, True, 4, 12, 600,
     "Shutesbury 21D amendment: $50.00"),
    # Shutesbury Section 11: Feb 28, 29, Mar 1 in leap 2028 = 3 days
    (SHUTESBURY, date(2028, 2, 28), date(2028, 3, 1), 1, False, 3, 3, 900,
     "Shutesbury Section 11"),
    # Nantucket across New Year: Dec 30, 31, Jan 1, 2 = 4 days x 2 conditions
    (NANTUCKET, date(2026, 12, 30), date(2027, 1, 2), 2, False, 4, 8, 2400,
     "Nantucket Code ch. 136 (penalties)"),
]


@pytest.mark.parametrize(
    ("fines", "confirmed", "as_of", "provisions", "noncriminal", "days", "offenses", "total",
     "citation"),
    CASES,
)
def test_accrued_fine_by_town(fines, confirmed, as_of, provisions, noncriminal, days, offenses,
                              total, citation):
    accrual = accrued_fine(fines, "Town", confirmed, as_of, provisions, noncriminal)
    assert (accrual.days, accrual.offenses, accrual.max_total, accrual.citation) == (
        days, offenses, total, citation)


def test_json_has_the_five_fields_in_dollars():
    accrual = accrued_fine(SANDWICH, "Sandwich", date(2026, 11, 20), date(2026, 11, 22), 1)
    assert accrual.as_json() == {"days": 3, "per_offense": 300, "offenses": 3,
                                 "max_total": 900, "citation": "Sandwich §7.55 Part 5"}


def test_a_town_without_a_fine_is_refused():
    with pytest.raises(UserError, match="Bourne's bylaw, as profiled, sets no fine"):
        accrued_fine(None, "Bourne", date(2026, 6, 1), date(2026, 6, 2))


def test_a_ticket_where_the_bylaw_names_no_amount_is_refused():
    # Upton ch. 330 Enforcement B allows 21D citations but names no amount.
    with pytest.raises(UserError, match="no non-criminal ticket amount"):
        accrued_fine(UPTON, "Upton", date(2026, 6, 1), date(2026, 6, 2), noncriminal=True)


def test_as_of_before_confirmation_is_refused():
    with pytest.raises(UserError, match="2026-05-31 is before the violation was confirmed"):
        offense_days(date(2026, 6, 1), date(2026, 5, 31))


def test_zero_provisions_is_refused():
    with pytest.raises(UserError, match="1 or more"):
        accrued_fine(UPTON, "Upton", date(2026, 6, 1), date(2026, 6, 2), provisions=0)
