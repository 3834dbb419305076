"""Continuances to a date certain and closing the hearing (310 CMR 10.05(5)(b);
Upton §330-10E; Shutesbury §5; Sandwich §7.25 Part 4), worked by hand."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from concom_desk.domain.hearing_booking import FilingClocks, Severity
from concom_desk.domain.hearing_continuance import (
    Continuance,
    check_chain,
    close_hearing,
    review_continuance,
)
from concom_desk.errors import UserError
from tests.helpers.town_fixtures import town

D = date
# Upton NOI received Mon Mar 1 2027: hearing_by Mon Mar 22 (§330-10D, 21 days).
UPTON_NOI = FilingClocks("U-10", "noi", D(2027, 3, 1), boards_notified=D(2027, 3, 1),
                         abutters_notified=D(2027, 3, 1))


def test_chain_of_three_continuances() -> None:
    """Opened Mar 17; continued to Apr 7 with consent (announced); to Apr 21 with consent,
    date NOT announced (re-advertise: 5 business days before Wed 4/21 = Tue 4/13: 20,
    19 Patriots' Day skipped, 16, 15, 14, 13); to May 5 with consent (announced)."""
    upton = town("upton")
    chain = [
        Continuance(D(2027, 3, 17), D(2027, 4, 7), "revised plan", True, True),
        Continuance(D(2027, 4, 7), D(2027, 4, 21), "DEP file number", True, False),
        Continuance(D(2027, 4, 21), D(2027, 5, 5), "peer review", True, True),
    ]
    assert check_chain(D(2027, 3, 17), chain) == [
        D(2027, 3, 17), D(2027, 4, 7), D(2027, 4, 21), D(2027, 5, 5)]
    reviews = [review_continuance(upton, UPTON_NOI, c, today=c.from_day) for c in chain]
    assert [r.readvertise for r in reviews] == [False, True, False]
    assert not any(r.blocked for r in reviews)
    notice = next(f for f in reviews[1].findings if f.clock == "legal_notice_by")
    assert notice.severity is Severity.OK
    assert notice.due == D(2027, 4, 13)
    assert notice.message == (
        "Publish a new legal notice by Tuesday, April 13, 2027 (5 business days before "
        "hearing): the new date was not announced at the hearing.")


def test_chain_refuses_a_gap() -> None:
    with pytest.raises(UserError, match="last session was March 17, 2027"):
        check_chain(D(2027, 3, 17), [Continuance(D(2027, 3, 18), D(2027, 4, 7), "x", True)])


@pytest.mark.parametrize(("to_day", "consent", "severity", "why"), [
    (D(2027, 3, 22), False, Severity.OK, "within hearing_by (Mar 22): no consent needed"),
    (D(2027, 4, 7), False, Severity.STOP, "after hearing_by without consent"),
    (D(2027, 4, 7), True, Severity.OK, "agreed date with consent"),
])
def test_consent_needed_beyond_the_21_days(to_day: date, consent: bool, severity: Severity,
                                           why: str) -> None:
    review = review_continuance(
        town("upton"), UPTON_NOI,
        Continuance(D(2027, 3, 17), to_day, "more information", consent), today=D(2027, 3, 17))
    consent_finding = next(f for f in review.findings if f.clock == "continuance")
    assert consent_finding.severity is severity


def test_sandwich_continues_only_at_applicants_request() -> None:
    filing = FilingClocks("S-1", "noi", D(2027, 3, 1))
    review = review_continuance(
        town("sandwich"), filing,
        Continuance(D(2027, 3, 10), D(2027, 3, 17), "plans", False), today=D(2027, 3, 10))
    assert review.blocked
    assert "Sandwich §7.25 Part 4" in review.findings[0].citation


def test_town_that_readvertises_every_continuance() -> None:
    upton = town("upton")
    readvertising = replace(upton, rules=({
        "id": "continuance_with_consent", "kinds": ["noi"], "text": "advertised again",
        "citation": "Bourne BWR 1.05(6)(c)"},))
    review = review_continuance(
        readvertising, UPTON_NOI,
        Continuance(D(2027, 3, 17), D(2027, 4, 7), "plans", True, True), today=D(2027, 4, 1))
    notice = next(f for f in review.findings if f.clock == "legal_notice_by")
    # 5 business days before Wed 4/7: 6, 5, 2, 1, Wed 3/31; today Apr 1 is too late.
    assert review.readvertise
    assert notice.severity is Severity.WARNING
    assert notice.due == D(2027, 3, 31)


@pytest.mark.parametrize(("continuance", "message"), [
    (Continuance(D(2027, 3, 17), D(2027, 4, 7), "  ", True), "state the reason"),
    (Continuance(D(2027, 3, 17), None, "plans", True), "date certain"),
    (Continuance(D(2027, 3, 17), D(2027, 3, 17), "plans", True), "must come after"),
])
def test_bad_continuances_refused(continuance: Continuance, message: str) -> None:
    with pytest.raises(UserError, match=message):
        review_continuance(town("upton"), UPTON_NOI, continuance, today=D(2027, 3, 17))


def test_closing_starts_decision_by() -> None:
    # Closed Wed Apr 21 2027 + 21 days = Wed May 12 (Upton §330-10E).
    closing = close_hearing(town("upton"), UPTON_NOI, D(2027, 3, 17), D(2027, 4, 21),
                            today=D(2027, 4, 21))
    assert closing.decision_by is not None
    assert closing.decision_by.date == D(2027, 5, 12)
    assert closing.findings[0].message == (
        "Issue the decision by Wednesday, May 12, 2027 (21 days after close of the hearing).")


def test_closing_inside_board_comment_period_is_named() -> None:
    # Shutesbury §6: boards notified Thu Nov 5 2026 -> Thu Nov 19; closing Nov 16 is inside.
    filing = FilingClocks("S-2", "noi", D(2026, 11, 5), boards_notified=D(2026, 11, 5))
    closing = close_hearing(town("shutesbury"), filing, D(2026, 11, 16), D(2026, 11, 16),
                            today=D(2026, 11, 16))
    # Closed Mon Nov 16 + 21 = Mon Dec 7.
    assert closing.decision_by is not None and closing.decision_by.date == D(2026, 12, 7)
    assert any(f.clock == "board_comment_period_ends" and f.severity is Severity.WARNING
               for f in closing.findings)


@pytest.mark.parametrize(("town_id", "citation"), [
    ("sandwich", "Sandwich § 7.25 Part 4"),
    ("shutesbury", "Shutesbury § 5"),
])
def test_shipped_towns_where_an_objection_closes_the_hearing(town_id: str, citation: str
                                                            ) -> None:
    filing = FilingClocks("X-1", "noi", D(2027, 3, 1))
    review = review_continuance(
        town(town_id, shipped=True), filing,
        Continuance(D(2027, 3, 10), D(2027, 3, 17), "plans", False), today=D(2027, 3, 10))
    assert review.blocked and review.findings[0].citation == citation


def test_shipped_bourne_advertises_every_continuance() -> None:
    # BWR 1.05(6)(c): the continued hearing is advertised; Bourne's notice is "not less
    # than five days" (state rule: business days) before Wed Apr 21 2027: Tue 20, (Mon 19
    # Patriots' Day), Fri 16, Thu 15, Wed 14, Tue 13.
    filing = FilingClocks("B-1", "noi", D(2027, 3, 29))
    review = review_continuance(
        town("bourne", shipped=True), filing,
        Continuance(D(2027, 4, 7), D(2027, 4, 21), "plans", True, True), today=D(2027, 4, 7))
    notice = next(f for f in review.findings if f.clock == "legal_notice_by")
    assert review.readvertise and notice.due == D(2027, 4, 13)
    assert "the town advertises every continued hearing" in notice.message
