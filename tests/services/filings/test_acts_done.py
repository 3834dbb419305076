"""A notice mailed or an ad published is a deadline met, even though it is recorded
on the abutter notices and the hearing, not on the filing's own row.

Upton NOI received Thu 2026-11-05: abutters notified at filing, so abutter_notice_by
is 2026-11-05 (Upton ch. 330, § 330-10B); with no hearing booked, the legal notice
is counted back from hearing_by (Fri 2026-11-27): skip Thanksgiving 11/26, then
11/25, 11/24, 11/23, 11/20, 11/19 → Thu 2026-11-19 (5 business days before).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from concom_desk.services.commission.town_profiles import available_profiles
from concom_desk.services.filings.deadlines import acts_done
from concom_desk.services.filings.filing_clock import FilingClock
from concom_desk.store import Database
from concom_desk.store.models import Abutter, AbutterNotice, Filing, Hearing

TODAY = date(2026, 11, 16)


@pytest.fixture
def upton(new_records: Callable[..., Database]) -> Database:
    db = new_records(initials="JB")
    with db.session() as s:
        filing = Filing(file_no="2026-41", kind="noi", town="upton", status="received",
                        received=date(2026, 11, 5))
        s.add(filing)
        s.flush()
        for name in ("ALVES, ANA", "BROWN, BO"):
            s.add(Abutter(filing_id=filing.id, owner_name=name, address_line1="1 Main St",
                          city="Upton", state="MA", zip="01568",
                          notices=[AbutterNotice(method="certified")]))
    yield db
    db.close()


def owed(db: Database) -> dict[str, date]:
    with db.read_session() as s:
        filing = s.query(Filing).one()
        done = acts_done(s)
        return {d.id: d.date for d in FilingClock(available_profiles(), done)
                .open_deadlines(filing.facts(), TODAY)}


def test_abutter_notice_is_owed_until_every_notice_is_mailed(upton: Database) -> None:
    assert owed(upton)["abutter_notice_by"] == date(2026, 11, 5)
    with upton.session() as s:
        first = s.query(AbutterNotice).order_by(AbutterNotice.id).first()
        first.mailed_on = date(2026, 11, 5)
    assert "abutter_notice_by" in owed(upton)  # one letter still not mailed
    with upton.session() as s:
        for notice in s.query(AbutterNotice):
            notice.mailed_on = date(2026, 11, 5)
    assert "abutter_notice_by" not in owed(upton)


def test_legal_notice_is_met_once_the_ad_is_published(upton: Database) -> None:
    assert owed(upton)["legal_notice_by"] == date(2026, 11, 19)
    with upton.session() as s:
        filing = s.query(Filing).one()
        s.add(Hearing(filing_id=filing.id, status="scheduled",
                      legal_ad_published_on=date(2026, 11, 18)))
    assert "legal_notice_by" not in owed(upton)


def all_deadlines(db: Database) -> dict[str, tuple[date, str]]:
    from concom_desk.services.filings.deadlines import filing_deadlines

    with db.read_session() as s:
        filing = s.query(Filing).one()
        done = acts_done(s)
        return {d.id: (d.date, d.label) for d in filing_deadlines(filing, done=done)}


def test_a_dated_waiver_moves_the_hearing_clock_and_what_counts_from_it(upton: Database) -> None:
    from concom_desk.store.models import HearingWaiver

    with upton.session() as s:
        filing = s.query(Filing).one()
        s.add(HearingWaiver(filing_id=filing.id, signed_on=date(2026, 11, 20),
                            signed_by="Applicant", hearing_no_later_than=date(2026, 12, 16)))
    found = all_deadlines(upton)
    hearing_by, label = found["hearing_by"]
    assert hearing_by == date(2026, 12, 16)
    assert "waiver signed 2026-11-20" in label
    # No hearing booked: the notice is counted back from the waiver's Wed 12/16:
    # 12/15, 12/14, 12/11, 12/10, 12/9 → Wed 2026-12-09 (5 business days before).
    assert found["legal_notice_by"][0] == date(2026, 12, 9)
    assert owed(upton)["hearing_by"] == date(2026, 12, 16)


def test_a_waiver_with_no_date_lifts_the_21_day_clock(upton: Database) -> None:
    from concom_desk.store.models import HearingWaiver

    assert "hearing_by" in owed(upton)
    with upton.session() as s:
        filing = s.query(Filing).one()
        s.add(HearingWaiver(filing_id=filing.id, signed_on=date(2026, 11, 20),
                            signed_by="Applicant"))
    assert "hearing_by" not in owed(upton)


def test_the_deadlines_panel_says_waived_not_done(upton: Database) -> None:
    from concom_desk.services.filings.next_deadline import deadline_lines
    from concom_desk.store.models import HearingWaiver

    with upton.session() as s:
        filing = s.query(Filing).one()
        s.add(HearingWaiver(filing_id=filing.id, signed_on=date(2026, 11, 20),
                            signed_by="Applicant"))
    with upton.read_session() as s:
        filing = s.query(Filing).one()
        lines = {line.deadline.id: line
                 for line in deadline_lines(filing, available_profiles(), acts_done(s))}
    assert lines["hearing_by"].met and lines["hearing_by"].met_how == "waived"
    assert not lines["legal_notice_by"].met


def test_the_record_counts_with_the_town_s_own_closure_days(upton: Database) -> None:
    """21 days after Thu 11/5 is Thu 11/26, Thanksgiving → Fri 11/27; with the town hall
    closed that Friday (a closure day in the settings) → Mon 2026-11-30. The record's
    panel, the Today view and the calendar count the same way."""
    from concom_desk.services.calendar.loading import load_calendar
    from concom_desk.services.filings.filing_record import filing_detail
    from concom_desk.store.models import TownClosureDay

    with upton.read_session() as s:
        filing_id = s.query(Filing).one().id

    def hearing_by_in_record() -> date:
        lines = filing_detail(upton, filing_id, TODAY).deadlines
        return next(line.date for line in lines if line.deadline.id == "hearing_by")

    assert hearing_by_in_record() == date(2026, 11, 27)
    with upton.session() as s:
        s.add(TownClosureDay(day=date(2026, 11, 27), reason="Day after Thanksgiving"))
    assert hearing_by_in_record() == date(2026, 11, 30)
    on_calendar = [d.day for d in load_calendar(upton).deadlines
                   if d.kind == "hearing_by" and d.record_id == filing_id]
    assert on_calendar == [date(2026, 11, 30)]


def test_a_decided_filing_owes_no_notice_and_its_dep_copy_is_met_when_sent(
        upton: Database) -> None:
    """Sandwich's boards-notice affidavit read "OVERDUE by 289 days" long after the
    permit issued; the MassDEP copy, never recorded, read "passed"."""
    from datetime import datetime

    from concom_desk.services.filings.next_deadline import deadline_lines
    from concom_desk.store.models import GeneratedDocument

    with upton.session() as s:
        filing = s.query(Filing).one()
        filing.laws = "both"
        filing.status, filing.decided, filing.issued = "issued", date(2026, 12, 1), \
            date(2026, 12, 1)
    assert "abutter_notice_by" not in owed(upton)

    def lines() -> dict[str, tuple[bool, bool]]:
        with upton.read_session() as s:
            filing = s.query(Filing).one()
            return {line.deadline.id: (line.met, line.lapsed)
                    for line in deadline_lines(filing, available_profiles(), acts_done(s))}

    assert lines()["abutter_notice_by"] == (False, True)  # "not recorded", not OVERDUE
    with upton.session() as s:
        s.add(GeneratedDocument(filing_id=s.query(Filing).one().id, title="Form 5",
                                template="form-5-order-of-conditions.docx", path="f5.docx",
                                created_at=datetime(2026, 12, 1, 12), sha256="0" * 64,
                                dep_copy_sent_on=date(2026, 12, 2)))
    with upton.read_session() as s:
        assert acts_done(s)[s.query(Filing).one().id]["dep_copy_sent"] == date(2026, 12, 2)


def test_a_notice_met_only_by_the_hearing_says_it_is_not_recorded(upton: Database) -> None:
    """Nantucket clerk: the hearing held Dec 16 with no notice recorded read "done"
    beside the close-hearing warning "the legal notice ... none is recorded"."""
    from concom_desk.services.filings.next_deadline import deadline_lines

    def how() -> dict[str, str]:
        with upton.read_session() as s:
            filing = s.query(Filing).one()
            return {line.deadline.id: line.met_how for line in
                    deadline_lines(filing.facts(), available_profiles(), acts_done(s))
                    if line.met}

    with upton.session() as s:
        filing = s.query(Filing).one()
        filing.hearing, filing.status = date(2026, 11, 24), "hearing"
        hearing = Hearing(filing_id=filing.id, status="open")
        s.add(hearing)
    assert how()["legal_notice_by"] == "notice not recorded"
    assert how()["abutter_notice_by"] == "notice not recorded"
    assert how()["hearing_by"] == "done"
    with upton.session() as s:
        # Tue Nov 24 less 5 business days is Tue Nov 17 (Upton § 330-10D); in time.
        s.query(Hearing).one().legal_ad_published_on = date(2026, 11, 16)
        for notice in s.query(AbutterNotice):
            notice.mailed_on = date(2026, 11, 5)
    assert how()["legal_notice_by"] == "done"
    assert how()["abutter_notice_by"] == "done"
