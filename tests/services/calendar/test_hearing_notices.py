"""Booking, opening and closing a hearing warn when a notice a law requires was not
given in time: the abutters', the newspaper's, the other boards'; under each law the
filing is under. Dates worked by hand (the clerk's day is given to the services, so
nothing here depends on the machine's clock); each rule's citation is beside it."""

from __future__ import annotations

from datetime import date

from concom_desk.domain.hearing_booking import Finding
from concom_desk.services.calendar.hearings import (
    ContinuanceRequest,
    book_hearing,
    preview_booking,
    preview_close,
    preview_continuance,
)
from concom_desk.services.calendar.meetings import mark_legal_notice_published
from concom_desk.store.models import Abutter, AbutterNotice, Filing, Hearing, Party, Property
from tests.helpers.calendar_db import Commission

MAR3, MAR17 = date(2027, 3, 3), date(2027, 3, 17)
FEB16, FEB18 = date(2027, 2, 16), date(2027, 2, 18)


def _filing(c: Commission, town: str, laws: str = "both", boards: date | None = None,
            mailed: date | None = None) -> int:
    """A Notice of Intent received Tue Feb 16, 2027 under `town`'s rules."""
    with c.db.session() as session:
        party = Party(name="Ann Lee", kind="person", address_line1="5 Shore Road",
                      city="Sandwich", zip="02563")
        prop = Property(address="5 Shore Road", map="3", lot="9")
        session.add_all([party, prop])
        session.flush()
        filing = Filing(file_no=f"{town} 1", kind="noi", town=town, laws=laws,
                        status="received", maintenance=False, applicant_id=party.id,
                        owner_id=party.id, property_id=prop.id, received=FEB16,
                        boards_notified=boards, work_description="Seawall repair",
                        resource_areas="Coastal Bank")
        session.add(filing)
        session.flush()
        if mailed is not None:
            abutter = Abutter(filing_id=filing.id, owner_name="Robert Smith")
            session.add(abutter)
            session.flush()
            session.add(AbutterNotice(abutter_id=abutter.id, method="certified",
                                      mailed_on=mailed))
        return filing.id


def _notices(findings: tuple[Finding, ...]) -> Finding | None:
    return next((f for f in findings if f.clock == "notices"), None)


def test_a_sandwich_noi_with_nothing_mailed_warns_at_booking_and_at_closing(
        commission: Commission) -> None:
    c = commission
    filing = _filing(c, "sandwich")
    review = preview_booking(c.db, filing, c.meetings[MAR3], FEB18)
    # Sandwich § 7.25 Part 1: the applicant notifies the abutters on filing (Feb 16); the
    # booking's own abutter line warns of it, and the notices line adds the boards'
    # (§ 7.30 Part 1: at the same time), not the abutters' again.
    abutters = next(f for f in review.findings if f.clock == "abutter_notice_by")
    assert abutters.severity == "warning" and abutters.due == FEB16
    notices = _notices(review.findings)
    assert notices is not None and notices.message == (
        "Required notice not met: the notice to the other boards was due by Tuesday, "
        "February 16, 2027 and none is recorded. Record each notice that was given; a hearing "
        "held without timely notice may have to be noticed and held again.")
    assert notices.citation == "Sandwich § 7.30 Part 1"
    hearing = book_hearing(c.db, filing, c.meetings[MAR3], FEB18)
    # Closing on Mar 3 with nothing recorded: each notice, with its law. The legal
    # notice: 5 working days before Wed Mar 3 is Wed Feb 24 (§ 7.25 Part 2; the Act's,
    # 310 CMR 10.05(5)(b), falls on the same day and is named once).
    closing = preview_close(c.db, hearing, MAR3, MAR3)
    notices = _notices(closing.findings)
    assert notices is not None and notices.message.startswith(
        "Required notice not met: the abutter notice was due by Tuesday, February 16, 2027 "
        "and none is recorded; the notice to the other boards was due by Tuesday, "
        "February 16, 2027 and none is recorded; the legal notice in the newspaper was due "
        "by Wednesday, February 24, 2027 and none is recorded.")
    assert notices.citation.split("; ") == [
        "Sandwich § 7.25 Part 1", "Sandwich § 7.30 Part 1", "Sandwich § 7.25 Part 2"]
    # Opening it by continuing it on Mar 3 warns the same.
    request = ContinuanceRequest(hearing, c.meetings[MAR17], "more information", True)
    opened = _notices(preview_continuance(c.db, request, MAR3).findings)
    assert opened is not None and opened.message == notices.message


def test_a_joint_nantucket_noi_warns_of_the_acts_abutter_clock_the_bylaw_alone_does_not(
        commission: Commission) -> None:
    # Nantucket ch. 136: abutters notified at least five days before the hearing (by Fri
    # Feb 26 for Mar 3); the Act: at filing (Tue Feb 16; 310 CMR 10.05(4)(a)). Mailed
    # Sat Feb 20: on time for the bylaw, late for the Act.
    c = commission
    joint = _filing(c, "nantucket", boards=FEB16, mailed=date(2027, 2, 20))
    hearing = book_hearing(c.db, joint, c.meetings[MAR3], FEB18)
    mark_legal_notice_published(c.db, c.meetings[MAR3], date(2027, 2, 22), "Inquirer")
    notices = _notices(preview_close(c.db, hearing, MAR3, MAR3).findings)
    assert notices is not None and notices.message.startswith(
        "Required notice not met: the Act's abutter notice was given on February 20, 2027, "
        "after Tuesday, February 16, 2027.")
    assert notices.citation == "MGL c.131 §40 ¶1; 310 CMR 10.05(4)(a)"
    with c.db.session() as session:
        session.get(Filing, joint).laws = "bylaw"
    assert _notices(preview_close(c.db, hearing, MAR3, MAR3).findings) is None


def test_notice_given_in_time_raises_nothing(commission: Commission) -> None:
    c = commission
    filing = _filing(c, "sandwich", boards=FEB16, mailed=FEB16)
    assert _notices(preview_booking(c.db, filing, c.meetings[MAR3], FEB18).findings) is None
    hearing = book_hearing(c.db, filing, c.meetings[MAR3], FEB18)
    mark_legal_notice_published(c.db, c.meetings[MAR3], date(2027, 2, 24), "Enterprise")
    assert _notices(preview_close(c.db, hearing, MAR3, MAR3).findings) is None


def test_a_notice_published_late_is_named_with_its_day(commission: Commission) -> None:
    # Published Thu Feb 25 for a Wed Mar 3 hearing: a day after the 5 working days
    # (§ 7.25 Part 2: by Wed Feb 24). Recorded on the hearing, as older records keep it.
    c = commission
    filing = _filing(c, "sandwich", boards=FEB16, mailed=FEB16)
    hearing = book_hearing(c.db, filing, c.meetings[MAR3], FEB18)
    with c.db.session() as session:
        session.get(Hearing, hearing).legal_ad_published_on = date(2027, 2, 25)
    notices = _notices(preview_close(c.db, hearing, MAR3, MAR3).findings)
    assert notices is not None and notices.message.startswith(
        "Required notice not met: the legal notice in the newspaper was given on February "
        "25, 2027, after Wednesday, February 24, 2027.")
