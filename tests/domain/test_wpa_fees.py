"""The WPA fee split and the fee per category, worked out by hand."""

import pytest

from concom_desk.domain.wpa_fees import FeeSplit, activity_fee_cents, split_fee

# (total fee, state share, town share, how it was worked out — the citation is the
# NOI Wetland Fee Transmittal Form, 310 CMR 4.00: state = (total − $25) ÷ 2)
SPLITS = [
    (50000, 23750, 26250, "$500 (Category 2): ($500 − $25) ÷ 2 = $237.50 to the state, "
                          "as on the North Andover Form 5 A.9"),
    (11000, 4250, 6750, "$110 (Category 1): ($110 − $25) ÷ 2 = $42.50; town $67.50"),
    (105000, 51250, 53750, "$1,050 (Category 3): $512.50 state, $537.50 town"),
    (16500, 7000, 9500, "$165 ($110 × 1.5 riverfront): ($165 − $25) ÷ 2 = $70"),
    (2500, 0, 2500, "$25: nothing above $25, all the town's"),
    (1000, 0, 1000, "$10: below $25, all the town's"),
    (0, 0, 0, "no fee"),
    (10001, 3750, 6251, "$100.01: state ($75.01 ÷ 2) rounded down to $37.50, the odd cent "
                        "to the town"),
]


@pytest.mark.parametrize(("total", "state", "town", "worked"), SPLITS)
def test_state_share_is_half_the_fee_above_25_dollars(total, state, town, worked):
    assert split_fee(total) == FeeSplit(total, state, town), worked
    assert state + town == total


def test_a_negative_fee_is_refused():
    with pytest.raises(ValueError, match="negative"):
        split_fee(-1)


# (category, keyword arguments, fee in cents, worked out from the transmittal form's table)
ACTIVITIES = [
    (1, {}, 11000, "Category 1: $110"),
    (2, {}, 50000, "Category 2: $500"),
    (3, {}, 105000, "Category 3: $1,050"),
    (4, {}, 145000, "Category 4: $1,450"),
    (5, {"linear_feet": 10}, 10000, "Category 5: 10 ft × $4 = $40, raised to the $100 floor"),
    (5, {"linear_feet": 120}, 48000, "Category 5: 120 ft × $4 = $480"),
    (5, {"linear_feet": 900}, 200000, "Category 5: 900 ft × $4 = $3,600, cut to $2,000"),
    (6, {"linear_feet": 150, "single_family": True}, 20000,
     "Category 6: 150 ft × $2 = $300, at most $200 for a single-family house"),
    (6, {"linear_feet": 150}, 30000, "Category 6: 150 ft × $2 = $300 for other work"),
    (1, {"riverfront": True}, 16500, "Category 1 in the Riverfront Area: $110 × 1.5"),
]


@pytest.mark.parametrize(("category", "extra", "fee", "worked"), ACTIVITIES)
def test_activity_fee_by_category(category, extra, fee, worked):
    assert activity_fee_cents(category, **extra) == fee, worked


def test_an_unknown_category_is_refused():
    with pytest.raises(ValueError, match="categories are 1 to 6"):
        activity_fee_cents(7)
