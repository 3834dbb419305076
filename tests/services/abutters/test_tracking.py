"""Article numbers, mailing dates, green cards, and the 'ready to close?' check."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from concom_desk.errors import UserError
from concom_desk.services.abutters.importing import import_abutter_list
from concom_desk.services.abutters.tracking import (
    list_notices,
    mark_all_mailed,
    ready_to_close,
    set_article_number,
    set_green_card,
    set_method,
)
from concom_desk.store import Database
from tests.helpers.abutter_fixtures import GOOD_ROWS, add_filing, write_csv

ARTICLES = ["0307 1790 0005 2348 3741", "7112 3456 7891 2345 6787",
            "9400 1112 0108 0805 4830 16", "9405 8036 9930 0124 2878 99"]


def imported(db: Database, tmp_path: Path, town: str = "massachusetts") -> int:
    filing = add_filing(db, owner_is_applicant=True, town=town)
    assert import_abutter_list(db, filing, write_csv(tmp_path / "l.csv", GOOD_ROWS)).imported
    return filing


def test_article_numbers_are_checked_and_stored_grouped(db: Database, tmp_path: Path) -> None:
    filing = imported(db, tmp_path)
    first = list_notices(db, filing)[0]
    assert set_article_number(db, first.notice_id, "0307-1790-0005-2348-3741") == ARTICLES[0]
    assert list_notices(db, filing)[0].article_number == ARTICLES[0]
    with pytest.raises(UserError, match="check digit"):
        set_article_number(db, first.notice_id, "0307 1790 0005 2348 3742")
    second = list_notices(db, filing)[1]
    with pytest.raises(UserError, match="already on another notice"):
        set_article_number(db, second.notice_id, ARTICLES[0])


def test_ready_when_all_mailed_in_time(db: Database, tmp_path: Path) -> None:
    filing = imported(db, tmp_path)
    for row, article in zip(list_notices(db, filing), ARTICLES, strict=False):
        set_article_number(db, row.notice_id, article)
    assert mark_all_mailed(db, filing, date(2026, 6, 1)) == 3
    check = ready_to_close(db, filing)
    # massachusetts default: notice at the same time as filing (MGL c.131 §40 ¶1),
    # received 2026-06-01; no green-card rule.
    assert check.notice_by == date(2026, 6, 1)
    assert not check.green_cards_required
    assert check.ready and check.problems == ()


def test_late_mailing_is_listed(db: Database, tmp_path: Path) -> None:
    filing = imported(db, tmp_path)
    for row, article in zip(list_notices(db, filing), ARTICLES, strict=False):
        set_article_number(db, row.notice_id, article)
    mark_all_mailed(db, filing, date(2026, 6, 3))
    check = ready_to_close(db, filing)
    assert not check.ready
    assert check.problems[0] == ("Smith Robert: mailed June 3, 2026, after the last day to "
                                 "notify abutters (June 1, 2026)")


def test_nantucket_wants_every_green_card_before_closing(db: Database, tmp_path: Path) -> None:
    # Nantucket ch. 136, hearing paragraph: notice "at least five days prior to the public
    # hearing" and "Return receipt cards shall be presented to the Commission before the
    # hearing can be closed". Hearing booked Tue 2026-06-16; five days or less count
    # business days backwards: Mon 6/15, Fri 6/12, Thu 6/11, Wed 6/10, Tue 6/9.
    filing = imported(db, tmp_path, town="nantucket")
    rows = list_notices(db, filing)
    for row, article in zip(rows, ARTICLES, strict=False):
        set_article_number(db, row.notice_id, article)
    mark_all_mailed(db, filing, date(2026, 6, 9))
    set_green_card(db, rows[0].notice_id, date(2026, 6, 12))
    set_method(db, rows[2].notice_id, "hand")
    check = ready_to_close(db, filing)
    assert check.notice_by == date(2026, 6, 9)
    assert check.green_cards_required
    assert check.problems == ("Greenway Land Trust Inc: green card (return receipt) not "
                              "returned",)
    set_green_card(db, rows[1].notice_id, date(2026, 6, 15))
    assert ready_to_close(db, filing).ready


def test_a_card_cannot_come_back_before_mailing(db: Database, tmp_path: Path) -> None:
    filing = imported(db, tmp_path)
    mark_all_mailed(db, filing, date(2026, 6, 1))
    with pytest.raises(UserError, match="before the letter was mailed"):
        set_green_card(db, list_notices(db, filing)[0].notice_id, date(2026, 5, 30))
