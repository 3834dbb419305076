"""Article numbers and the 'ready to close the hearing?' check."""

from datetime import date

import pytest

from concom_desk.domain.abutters.tracking import (
    ArticleNumberProblem,
    NoticeTracking,
    closing_problems,
    normalize_article_number,
)


# Valid numbers as printed on USPS receipts (check digit: mod 10, weights 3-1 from the right).
@pytest.mark.parametrize(("typed", "stored"), [
    ("0307 1790 0005 2348 3741", "0307 1790 0005 2348 3741"),
    ("7196-9010-7560-0307-7385", "7196 9010 7560 0307 7385"),
    ("9400111201080805483016", "9400 1112 0108 0805 4830 16"),
    # scanned with the "420" + ZIP+4 routing prefix in front
    ("4201002334249200190132607600833457", "9200 1901 3260 7600 8334 57"),
])
def test_good_article_numbers(typed: str, stored: str) -> None:
    assert normalize_article_number(typed) == stored


@pytest.mark.parametrize(("typed", "words"), [
    ("0307 1790 0005 2348 3742", "check digit"),
    ("9400 1112 0108", "has 12 digits"),
    ("9400 1112 0108 0805 4830 16 77 88", "has 26 digits"),
    ("RE123456789US", "digits only"),
    ("", "empty"),
])
def test_bad_article_numbers(typed: str, words: str) -> None:
    result = normalize_article_number(typed)
    assert isinstance(result, ArticleNumberProblem)
    assert words in result.reason


HEARING_NOTICE_BY = date(2026, 6, 5)


def notice(name: str, mailed: date | None = date(2026, 6, 1), card: date | None = None,
           article: str = "0307 1790 0005 2348 3741") -> NoticeTracking:
    return NoticeTracking(name, article, mailed, card)


def test_nantucket_needs_every_green_card_before_closing() -> None:
    # Nantucket ch.136 §136-3: "Return receipt cards shall be presented to the
    # Commission before the hearing can be closed."
    problems = closing_problems([notice("Smith", card=date(2026, 6, 4)), notice("Jones")],
                                HEARING_NOTICE_BY, green_cards_required=True)
    assert [str(p) for p in problems] == ["Jones: green card (return receipt) not returned"]


def test_town_without_the_rule_does_not_ask_for_cards() -> None:
    assert closing_problems([notice("Jones")], HEARING_NOTICE_BY, False) == []


def test_late_and_unmailed_notices_are_listed() -> None:
    problems = closing_problems(
        [notice("Late", mailed=date(2026, 6, 8)), notice("Never", mailed=None),
         notice("OnTime", mailed=HEARING_NOTICE_BY)],
        HEARING_NOTICE_BY, False)
    assert [str(p) for p in problems] == [
        "Late: mailed June 8, 2026, after the last day to notify abutters (June 5, 2026)",
        "Never: notice not mailed",
    ]


def test_no_notices_at_all_is_a_problem() -> None:
    assert [str(p) for p in closing_problems([], None, False)] == [
        "no abutter notices are recorded for this filing"]


def test_hand_delivered_notices_need_no_card_or_article_number() -> None:
    hand = NoticeTracking("Neighbor", "", date(2026, 6, 1), None, method="hand")
    assert closing_problems([hand], HEARING_NOTICE_BY, green_cards_required=True) == []
