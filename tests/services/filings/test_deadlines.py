"""A stored filing's deadlines come from the engine with the filing's own town, kind,
dates and flags (massachusetts profile: 310 CMR 10.05; counted by the state rule)."""

from __future__ import annotations

from datetime import date

import pytest

from concom_desk.domain.deadline_engine import Deadline
from concom_desk.errors import UserError
from concom_desk.services.commission.town_profiles import available_profiles
from concom_desk.services.filings.deadlines import CONTINUED_TO, filing_deadlines
from concom_desk.services.filings.filing_clock import FilingClock
from concom_desk.store.models import Filing


def next_deadline(filing: Filing, today: date, continued_to: date | None = None
                  ) -> Deadline | None:
    """The commission's clock, given the continuance as its read would find it."""
    done = {filing.id: {CONTINUED_TO: continued_to}} if continued_to else {}
    return FilingClock(available_profiles(), done).next_deadline(filing.facts(), today)


def _noi(**dates: date) -> Filing:
    return Filing(file_no="2026-014", kind="noi", town="massachusetts", status="received",
                  maintenance=False, **dates)


def test_deadlines_follow_the_stored_dates() -> None:
    # Received Thu 2026-11-05: hearing within 21 days → Thu 11-26 is Thanksgiving
    # → Fri 2026-11-27 (310 CMR 10.05(5)(a); 10.05(1) time rule).
    found = {d.id: d.date for d in filing_deadlines(_noi(received=date(2026, 11, 5)))}
    assert found["hearing_by"] == date(2026, 11, 27)


def test_next_deadline_skips_acts_already_done() -> None:
    filing = _noi(received=date(2026, 11, 5), hearing=date(2026, 11, 19),
                  closed=date(2026, 11, 19))
    filing.status = "closed"
    # Hearing held → hearing_by, legal_notice_by, abutter_notice_by are met; the decision
    # is due 21 days after close: Thu 2026-12-10 (310 CMR 10.05(6)(a)).
    found = next_deadline(filing, today=date(2026, 11, 20))
    assert found is not None and (found.id, found.date) == ("decision_by", date(2026, 12, 10))


def test_next_deadline_ignores_dates_already_past() -> None:
    filing = _noi(received=date(2026, 1, 5))
    assert next_deadline(filing, today=date(2026, 6, 1)) is None


def test_finished_filings_have_no_next_deadline() -> None:
    filing = _noi(received=date(2026, 11, 5))
    filing.status = "withdrawn"
    assert next_deadline(filing, today=date(2026, 11, 6)) is None


def test_unknown_town_is_named() -> None:
    filing = _noi(received=date(2026, 11, 5))
    filing.town = "atlantis"
    with pytest.raises(UserError, match="atlantis"):
        filing_deadlines(filing)


def test_a_continued_hearing_s_date_certain_counts() -> None:
    # Upton § 330-10E: an applicant who cannot attend the continued hearing tells the
    # commission at least two business days before. Continued to Thu 2026-12-03:
    # Wed 12-02 is one business day before, Tue 2026-12-01 is two.
    filing = Filing(file_no="2026-014", kind="noi", town="upton", status="hearing",
                    maintenance=False, received=date(2026, 11, 5), hearing=date(2026, 11, 19))
    found = next_deadline(filing, today=date(2026, 11, 30), continued_to=date(2026, 12, 3))
    assert found is not None
    assert (found.id, found.date) == ("absence_notice_by", date(2026, 12, 1))
    assert "330-10E" in found.citation
