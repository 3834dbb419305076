"""Certified-mail tracking and the "ready to close the hearing?" check.

Certified mail article numbers are 20 digits (older Label 3800 receipts) or
22 (Intelligent Mail package barcodes); the last digit is a mod-10 check digit
(weights 3 and 1 from the right), so a mistyped digit is caught at once. A
scanner reading the whole barcode adds "420" and the ZIP in front: that
routing prefix is removed.

Nantucket ch. 136 (hearing paragraph): "Return receipt cards shall be
presented to the Commission before the hearing can be closed." A town profile
says so with a `[[rule]]` whose id is one of `GREEN_CARD_RULES` (Nantucket's
is `abutter_receipts_at_hearing`), for the filing kinds it lists.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

GREEN_CARD_RULES = ("abutter_receipts_at_hearing", "return_receipts_before_close")
_NOT_DIGITS = re.compile(r"[\s\-]")


@dataclass(frozen=True)
class ArticleNumberProblem:
    reason: str


def check_digit(body: str) -> int:
    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(body)))
    return (10 - total % 10) % 10


def normalize_article_number(text: str) -> str | ArticleNumberProblem:
    """Digits only, grouped as on the receipt; or why it is not an article number."""
    digits = _NOT_DIGITS.sub("", text.strip())
    if not digits:
        return ArticleNumberProblem("the article number is empty")
    if not digits.isdigit():
        return ArticleNumberProblem(f"article number '{text.strip()}' must be digits only")
    if digits.startswith("420") and len(digits) in (28, 29, 30, 32, 33, 34):
        # "420" + ZIP or ZIP+4 scanned in front of the article number
        digits = digits[8:] if len(digits) <= 30 else digits[12:]
    if not 20 <= len(digits) <= 22:
        return ArticleNumberProblem(
            f"article number '{text.strip()}' has {len(digits)} digits; certified mail "
            "numbers have 20 to 22")
    if not _check_digit_matches(digits):
        return ArticleNumberProblem(
            f"article number '{text.strip()}' fails its check digit: a digit is mistyped")
    return " ".join(digits[i:i + 4] for i in range(0, len(digits), 4))


def _check_digit_matches(digits: str) -> bool:
    body, check = digits[:-1], int(digits[-1])
    # Some 20-digit numbers are the 22-digit form with its "91" dropped.
    return check_digit(body) == check or (len(digits) == 20 and check_digit("91" + body) == check)


@dataclass(frozen=True)
class NoticeTracking:
    """What the readiness check needs to know about one notice."""

    owner_name: str
    article_number: str
    mailed: date | None
    green_card: date | None
    method: str = "certified"  # only certified mail has an article number and a green card


@dataclass(frozen=True)
class ClosingProblem:
    owner_name: str
    reason: str

    def __str__(self) -> str:
        return f"{self.owner_name}: {self.reason}" if self.owner_name else self.reason


def closing_problems(notices: Iterable[NoticeTracking], notice_by: date | None,
                     green_cards_required: bool) -> list[ClosingProblem]:
    """What stands between the commission and closing the hearing, in words."""
    notices = list(notices)
    if not notices:
        return [ClosingProblem("", "no abutter notices are recorded for this filing")]
    found: list[ClosingProblem] = []
    for notice in notices:
        if notice.mailed is None:
            found.append(ClosingProblem(notice.owner_name, "notice not mailed"))
            continue
        if notice_by is not None and notice.mailed > notice_by:
            found.append(ClosingProblem(
                notice.owner_name,
                f"mailed {notice.mailed:%B} {notice.mailed.day}, {notice.mailed.year}, after "
                f"the last day to notify abutters ({notice_by:%B} {notice_by.day}, "
                f"{notice_by.year})"))
        if notice.method != "certified":
            continue
        if not notice.article_number:
            found.append(ClosingProblem(notice.owner_name, "no certified-mail article number"))
        if green_cards_required and notice.green_card is None:
            found.append(ClosingProblem(notice.owner_name, "green card (return receipt) "
                                        "not returned"))
    return found
