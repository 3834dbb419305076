"""The public-records request log: an answer is due within 10 business days of
receipt (MGL c.66 §10(a); 950 CMR 32.06(2)), counted by the program's business-day
calendar (legal holidays, MGL c.4 §7 cl.18, and the town's own closures)."""

from __future__ import annotations

from datetime import date

import pytest

from concom_desk.domain.ma_calendar import BusinessCalendar
from concom_desk.errors import UserError
from concom_desk.services.minutes.public_records_requests import (
    answer_due,
    answer_request,
    list_requests,
    log_request,
)
from concom_desk.store import Database
from concom_desk.store.models import CommissionSettings

STATE = BusinessCalendar()


@pytest.mark.parametrize(("received", "due", "why"), [
    # Fri Feb 5, 2027: Feb 8-12 are 1-5; Mon Feb 15 is Washington's Birthday; 16-19 are
    # 6-9; Mon Feb 22 is the 10th.
    (date(2027, 2, 5), date(2027, 2, 22), "across Washington's Birthday"),
    # Thu Nov 19, 2026: Nov 20, 23, 24, 25 are 1-4; Thanksgiving Nov 26 skipped; Nov 27
    # is 5; Nov 30 - Dec 4 are 6-10.
    (date(2026, 11, 19), date(2026, 12, 4), "across Thanksgiving"),
    # Sat Jan 2, 2027 (received by email): Jan 4-8 are 1-5, Jan 11-15 are 6-10.
    (date(2027, 1, 2), date(2027, 1, 15), "received on a Saturday"),
    # Mon Dec 21, 2026: 22, 23, 24 are 1-3; Christmas Fri Dec 25; 28-31 are 4-7; New
    # Year's Day Fri Jan 1; Jan 4, 5, 6 are 8-10.
    (date(2026, 12, 21), date(2027, 1, 6), "across Christmas and New Year's Day"),
])
def test_the_answer_is_due_in_ten_business_days(received: date, due: date, why: str) -> None:
    assert answer_due(received, STATE) == due, why


def test_the_log_counts_the_towns_closures_and_keeps_the_answer(db: Database) -> None:
    with db.session() as session:
        session.add(CommissionSettings(name="Upton Conservation Commission", town="upton",
                                       closure_rules="day_after_thanksgiving"))
    # As above, but Fri Nov 27 is a town closure: the 10th business day is Mon Dec 7.
    row = log_request(db, date(2026, 11, 19), "  Ann Lee ", "Minutes of Nov 5, 2026",
                      today=date(2026, 11, 19))
    assert (row.requester, row.due_on) == ("Ann Lee", date(2026, 12, 7))
    assert row.standing(date(2026, 12, 7)) == "due December 7, 2026"
    assert row.standing(date(2026, 12, 8)) == "OVERDUE since December 7, 2026"
    answered = answer_request(db, row.request_id, date(2026, 12, 1), "Draft minutes sent by "
                              "email")
    assert answered.standing(date(2027, 1, 1)) == "answered December 1, 2026"
    assert [r.response for r in list_requests(db)] == ["Draft minutes sent by email"]


def test_a_request_needs_who_and_what(db: Database) -> None:
    with pytest.raises(UserError, match="name who made the request"):
        log_request(db, date(2026, 11, 19), " ", "minutes")
    with pytest.raises(UserError, match="still ahead"):
        log_request(db, date(2026, 11, 20), "Ann Lee", "minutes", today=date(2026, 11, 19))
    row = log_request(db, date(2026, 11, 19), "Ann Lee", "minutes")
    with pytest.raises(UserError, match="before the request was received"):
        answer_request(db, row.request_id, date(2026, 11, 18), "sent")
    assert list_requests(db)[0].answered_on is None
