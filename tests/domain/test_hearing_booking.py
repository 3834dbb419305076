"""Booking findings per clock, worked out by hand from the bylaw texts (seeds) with
the state time rule (310 CMR 10.05(1): 10 days or less = business days; longer =
calendar days, a last day on a weekend/holiday moves to the next business day;
"not less than N days before" moves earlier)."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from concom_desk.domain.hearing_booking import FilingClocks, Severity, review_booking
from tests.helpers.town_fixtures import town

S, W, OK = Severity.STOP, Severity.WARNING, Severity.OK
D = date

CASES = [
    # (id, town, filing, meeting, today, {clock: (severity, due)}, how / citation)
    ("upton-noi-on-time", "upton",
     FilingClocks("U-1", "noi", D(2027, 3, 1), boards_notified=D(2027, 3, 2),
                  abutters_notified=D(2027, 3, 1)),
     D(2027, 3, 17), D(2027, 3, 8),
     {"hearing_by": (OK, D(2027, 3, 22)),  # §330-10D: Mar 1 + 21 = Mon Mar 22
      "legal_notice_by": (OK, D(2027, 3, 10)),  # 5 bus. days before Wed 3/17: 16,15,12,11,10
      "abutter_notice_by": (OK, D(2027, 3, 1)),  # §330-10B: at filing
      "board_comment_period_ends": (OK, D(2027, 3, 16))}),  # §330-10C: Mar 2 + 14 = Tue 3/16
    ("upton-notice-too-late", "upton",
     FilingClocks("U-2", "noi", D(2027, 3, 1), boards_notified=D(2027, 3, 2),
                  abutters_notified=D(2027, 3, 1)),
     D(2027, 3, 17), D(2027, 3, 11),
     {"hearing_by": (OK, D(2027, 3, 22)),
      "legal_notice_by": (W, D(2027, 3, 10)),  # today Thu 3/11 is after Wed 3/10
      "abutter_notice_by": (OK, D(2027, 3, 1)),
      "board_comment_period_ends": (OK, D(2027, 3, 16))}),
    ("upton-after-hearing-by-no-waiver", "upton",
     FilingClocks("U-3", "noi", D(2027, 3, 1), boards_notified=D(2027, 3, 2),
                  abutters_notified=D(2027, 3, 1)),
     D(2027, 4, 7), D(2027, 3, 8),
     {"hearing_by": (S, D(2027, 3, 22)),  # Apr 7 > Mar 22, no waiver: hard stop
      "legal_notice_by": (OK, D(2027, 3, 31)),  # before Wed 4/7: 6,5,2,1, Wed 3/31
      "abutter_notice_by": (OK, D(2027, 3, 1)),
      "board_comment_period_ends": (OK, D(2027, 3, 16))}),
    ("upton-after-hearing-by-with-waiver", "upton",
     FilingClocks("U-4", "noi", D(2027, 3, 1), boards_notified=D(2027, 3, 2),
                  abutters_notified=D(2027, 3, 1), waiver_signed=D(2027, 3, 5)),
     D(2027, 4, 7), D(2027, 3, 8),
     {"hearing_by": (W, D(2027, 3, 22)),  # allowed by the applicant's waiver, still named
      "legal_notice_by": (OK, D(2027, 3, 31)),
      "abutter_notice_by": (OK, D(2027, 3, 1)),
      "board_comment_period_ends": (OK, D(2027, 3, 16))}),
    ("upton-inside-board-comment", "upton",
     FilingClocks("U-5", "noi", D(2027, 3, 1), boards_notified=D(2027, 3, 10),
                  abutters_notified=D(2027, 3, 1)),
     D(2027, 3, 17), D(2027, 3, 8),
     {"board_comment_period_ends": (W, D(2027, 3, 24))}),  # Mar 10 + 14 = Wed 3/24 >= 3/17
    ("upton-boards-not-yet-notified", "upton",
     FilingClocks("U-6", "noi", D(2027, 3, 1), abutters_notified=D(2027, 3, 1)),
     D(2027, 3, 17), D(2027, 3, 8),
     {"board_comment_period_ends": (W, D(2027, 3, 22))}),  # if notified today: 3/8+14 = 3/22
    ("upton-abutters-not-notified", "upton",
     FilingClocks("U-7", "noi", D(2027, 3, 1), boards_notified=D(2027, 3, 2)),
     D(2027, 3, 17), D(2027, 3, 8),
     {"abutter_notice_by": (W, D(2027, 3, 1))}),  # due at filing; none recorded
    ("upton-abutters-late", "upton",
     FilingClocks("U-8", "noi", D(2027, 3, 1), boards_notified=D(2027, 3, 2),
                  abutters_notified=D(2027, 3, 4)),
     D(2027, 3, 17), D(2027, 3, 8),
     {"abutter_notice_by": (W, D(2027, 3, 1))}),
    # Shutesbury §5: 21 days from Thu Nov 5 2026 = Thu Nov 26, Thanksgiving -> Fri Nov 27.
    ("shutesbury-thanksgiving-stop", "shutesbury",
     FilingClocks("S-1", "noi", D(2026, 11, 5), boards_notified=D(2026, 11, 5),
                  abutters_notified=D(2026, 11, 5)),
     D(2026, 11, 30), D(2026, 11, 16),
     {"hearing_by": (S, D(2026, 11, 27)),
      # five working days before Mon 11/30: Fri 27, Wed 25, Tue 24, Mon 23, Fri 20
      "legal_notice_by": (OK, D(2026, 11, 20)),
      "board_comment_period_ends": (OK, D(2026, 11, 19))}),  # §6: Nov 5 + 14 = Thu Nov 19
    ("shutesbury-veterans-day", "shutesbury",
     FilingClocks("S-2", "noi", D(2026, 11, 5), boards_notified=D(2026, 11, 5),
                  abutters_notified=D(2026, 11, 5)),
     D(2026, 11, 16), D(2026, 11, 9),
     # before Mon 11/16: Fri 13, Thu 12, (Wed 11 Veterans Day), Tue 10, Mon 9, Fri 6
     {"hearing_by": (OK, D(2026, 11, 27)),
      "legal_notice_by": (W, D(2026, 11, 6)),
      "board_comment_period_ends": (W, D(2026, 11, 19))}),  # final action 11/16 inside period
    # Nantucket ch. 136, RDA: meeting AND determination within 21 days of receipt.
    ("nantucket-rda-on-time", "nantucket",
     FilingClocks("N-1", "rda", D(2027, 6, 7)),
     D(2027, 6, 23), D(2027, 6, 14),
     {"hearing_by": (OK, D(2027, 6, 28)),  # Jun 7 + 21 = Mon Jun 28
      # five days (state rule: business) before Wed 6/23: 22, 21, 18, 17 (Bunker Hill is
      # Suffolk only), 16
      "legal_notice_by": (OK, D(2027, 6, 16)),
      "abutter_notice_by": (OK, D(2027, 6, 16)),  # applicant mails >= 5 days before
      "decision_by": (OK, D(2027, 6, 28))}),
    ("nantucket-rda-too-late", "nantucket",
     FilingClocks("N-2", "rda", D(2027, 6, 7)),
     D(2027, 7, 7), D(2027, 6, 14),
     {"hearing_by": (S, D(2027, 6, 28)),
      # before Wed 7/7: Tue 6, (skip Mon 5: Jul 4 is a Sunday, observed Mon), Fri 2, Thu 1,
      # Wed 30, Tue 29
      "legal_notice_by": (OK, D(2027, 6, 29)),
      "decision_by": (W, D(2027, 6, 28))}),
    # Bourne BWR 1.05(4): RDA abutters >= 5 business days before the meeting;
    # Patriots' Day Mon Apr 19 2027.
    ("bourne-rda-patriots-day", "bourne",
     FilingClocks("B-1", "rda", D(2027, 4, 2)),
     D(2027, 4, 21), D(2027, 4, 14),
     {"hearing_by": (OK, D(2027, 4, 23)),  # Apr 2 + 21 = Fri Apr 23
      # before Wed 4/21: Tue 20, (Mon 19 Patriots' Day), Fri 16, Thu 15, Wed 14, Tue 13
      "abutter_notice_by": (W, D(2027, 4, 13)),
      "legal_notice_by": (W, D(2027, 4, 13)),
      "decision_by": (OK, D(2027, 4, 23))}),
]


@pytest.mark.parametrize("shipped", [False, True], ids=["test-profile", "shipped-profile"])
@pytest.mark.parametrize(
    ("town_id", "filing", "meeting", "today", "expected"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_booking_findings_by_hand(town_id: str, filing: FilingClocks, meeting: date,
                                  today: date, expected: dict, shipped: bool) -> None:
    """The same hand-worked answers from the minimal test profiles and from the
    profiles the program ships in resources/towns."""
    review = review_booking(town(town_id, shipped), filing, meeting, today)
    got = {f.clock: (f.severity, f.due) for f in review.findings}
    for clock, want in expected.items():
        assert got.get(clock) == want, clock
    assert review.blocked == any(sev is S for sev, _ in expected.values())


def test_stop_message_names_the_clock_and_the_missing_waiver() -> None:
    filing = FilingClocks("U-3", "noi", D(2027, 3, 1), abutters_notified=D(2027, 3, 1))
    review = review_booking(town("upton"), filing, D(2027, 4, 7), D(2027, 3, 8))
    stop = next(f for f in review.findings if f.severity is S)
    assert stop.message == (
        "The meeting on Wednesday, April 7, 2027 is 16 days after Monday, March 22, 2027, the "
        "last day to open the hearing (21 days after receipt of the filing). It can be booked "
        "only once a 21-day waiver signed by the applicant is recorded; none is."
    )
    assert stop.citation.startswith("Upton §330-10D")


def test_late_legal_notice_suggests_first_date_still_possible() -> None:
    filing = FilingClocks("U-2", "noi", D(2027, 3, 1), abutters_notified=D(2027, 3, 1))
    review = review_booking(town("upton"), filing, D(2027, 3, 17), D(2027, 3, 11))
    notice = next(f for f in review.findings if f.clock == "legal_notice_by")
    # Thu 3/18: five business days back are 17, 16, 15, 12, 11 = today.
    assert "Today is March 11, 2027, so it can no longer be on time" in notice.message
    assert notice.message.endswith("A hearing on or after Thursday, March 18, 2027 can still "
                                   "be advertised on time.")


def test_late_legal_notice_hint_on_a_weekend_is_not_a_proposed_hearing_date() -> None:
    # Booked on Sunday 2026-11-29 for Thursday 12/3 (notice due Tue 11/24). Five business
    # days before Sat 12/5 are 12/4, 3, 2, 1, 11/30 (Mon, still ahead): 12/5 is the first
    # such day. It used to read "The first hearing date … is Saturday, December 5".
    filing = FilingClocks("U-3", "noi", D(2026, 11, 25), abutters_notified=D(2026, 11, 25))
    review = review_booking(town("upton"), filing, D(2026, 12, 3), D(2026, 11, 29))
    notice = next(f for f in review.findings if f.clock == "legal_notice_by")
    assert notice.message.endswith("A hearing on or after Saturday, December 5, 2026 can still "
                                   "be advertised on time.")


def test_board_comment_message_says_no_final_action() -> None:
    filing = FilingClocks("U-5", "noi", D(2027, 3, 1), boards_notified=D(2027, 3, 10))
    review = review_booking(town("upton"), filing, D(2027, 3, 17), D(2027, 3, 8))
    comment = next(f for f in review.findings if f.clock == "board_comment_period_ends")
    assert "comment period runs to Wednesday, March 24, 2027" in comment.message
    assert "cannot take final action" in comment.message


def test_town_without_board_period_says_nothing_about_it() -> None:
    filing = FilingClocks("N-1", "noi", D(2027, 6, 7))
    review = review_booking(town("nantucket"), filing, D(2027, 6, 23), D(2027, 6, 14))
    assert "board_comment_period_ends" not in {f.clock for f in review.findings}


def test_agenda_posting_clock_when_the_hour_is_known() -> None:
    # Wed Mar 17 2027 7 pm: post by Mon Mar 15 7 pm (Wed 19h + Tue 24h + Mon 5h).
    filing = FilingClocks("U-1", "noi", D(2027, 3, 1), abutters_notified=D(2027, 3, 1))
    on_time = review_booking(town("upton"), filing, D(2027, 3, 17), D(2027, 3, 15),
                             meeting_at=datetime(2027, 3, 17, 19), now=datetime(2027, 3, 15, 19))
    late = review_booking(town("upton"), filing, D(2027, 3, 17), D(2027, 3, 15),
                          meeting_at=datetime(2027, 3, 17, 19), now=datetime(2027, 3, 15, 19, 1))
    assert {f.clock: f.severity for f in on_time.findings}["posting"] is OK
    assert {f.clock: f.severity for f in late.findings}["posting"] is W
