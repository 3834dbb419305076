"""Every model is written and read back through a real database file: what a clerk
saves is what a later session (or a later program run) reads."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from concom_desk.store import Database
from concom_desk.store.models import (
    Abutter,
    AbutterNotice,
    Attendance,
    CommissionSettings,
    Condition,
    Continuance,
    Decision,
    EnforcementCase,
    EnforcementOrder,
    Filing,
    Fine,
    FinePayment,
    GeneratedDocument,
    Hearing,
    HearingWaiver,
    Inspection,
    Meeting,
    Member,
    MemberVote,
    Party,
    Property,
    StandardCondition,
    Violation,
    Vote,
    majority_of,
    members_in_office,
)
from tests.helpers.engines import reopened


def _build_town(db: Database) -> None:
    with db.session() as s:
        s.add(CommissionSettings(name="Upton Conservation Commission", town="upton",
                                 address="1 Main Street\nUpton, MA 01568"))
        chair = Member(name="Ann Chase", initials="AC", role="chair",
                       term_start=date(2024, 7, 1), term_end=date(2027, 6, 30))
        bob = Member(name="Bob Lee", initials="BL", term_start=date(2025, 7, 1))
        gone = Member(name="Cy Old", term_start=date(2020, 7, 1), term_end=date(2023, 6, 30))
        assoc = Member(name="Di Assoc", role="associate", term_start=date(2025, 7, 1))
        s.add_all([chair, bob, gone, assoc])
        applicant = Party(name="Jane Doe", address_line1="12 Pond Street", city="Upton",
                          zip="01568")
        owner = Party(name="Pond Realty Trust", kind="trust", care_of="R. Smith, Trustee",
                      address_line1="PO Box 9", city="Worcester", zip="01601")
        lot = Property(address="12 Pond Street", map="12", lot="34", book="61234", page="77",
                       deeds_registry="Worcester South")
        permit = Filing(file_no="2026-014", dep_file_no="SE 082-1234", kind="noi", town="upton",
                        status="issued", applicant=applicant, owner=owner, property=lot,
                        received=date(2026, 3, 2), hearing=date(2026, 3, 19),
                        closed=date(2026, 4, 2), issued=date(2026, 4, 9),
                        expires=date(2029, 4, 9), fee_cents=12_500, bond_cents=500_000,
                        bond_form="passbook", work_description="Addition within 100 ft")
        s.add(permit)
        s.flush()
        s.add(Filing(file_no="2026-030", kind="coc", town="upton", original=permit,
                     received=date(2026, 9, 1), applicant=applicant))
        meeting = Meeting(held_on=date(2026, 3, 19), place="Town Hall")
        later = Meeting(held_on=date(2026, 4, 2), place="Town Hall")
        s.add_all([meeting, later])
        s.flush()
        s.add_all([Attendance(meeting_id=meeting.id, member_id=chair.id),
                   Attendance(meeting_id=meeting.id, member_id=bob.id)])
        hearing = Hearing(filing=permit, meeting=meeting, status="closed",
                          opened_on=date(2026, 3, 19), closed_on=date(2026, 4, 2))
        s.add(hearing)
        s.flush()
        s.add(Continuance(hearing_id=hearing.id, from_meeting_id=meeting.id,
                          to_meeting_id=later.id, continued_to=date(2026, 4, 2),
                          applicant_consent=True, consent_received_on=date(2026, 3, 18)))
        s.add(HearingWaiver(filing_id=permit.id, signed_on=date(2026, 3, 1),
                            signed_by="Jane Doe"))
        vote = Vote(meeting_id=later.id, filing_id=permit.id, motion="Issue the permit",
                    moved_by_id=chair.id, seconded_by_id=bob.id, result="carried")
        s.add(vote)
        s.flush()
        s.add_all([MemberVote(vote_id=vote.id, member_id=chair.id, choice="yes"),
                   MemberVote(vote_id=vote.id, member_id=bob.id, choice="recused")])
        library = StandardCondition(number=1, text="Record this order before work begins.")
        s.add(library)
        s.flush()
        decision = Decision(filing_id=permit.id, kind="order_of_conditions", vote_id=vote.id,
                            decided_on=date(2026, 4, 2), issued_on=date(2026, 4, 9))
        s.add(decision)
        s.flush()
        s.add_all([Condition(decision_id=decision.id, number=1, kind="standard",
                             standard_condition_id=library.id, text=library.text),
                   Condition(decision_id=decision.id, number=2, kind="special",
                             text="No fill within 50 ft.", continuing=True)])
        doc = GeneratedDocument(filing_id=permit.id, template="permit.docx",
                                path="2026-014/permit.docx", sha256="ab" * 32,
                                created_at=datetime(2026, 4, 9, 14, 0), created_by="JB")
        s.add(doc)
        abutter = Abutter(filing_id=permit.id, owner_name="Smith, Robert",
                          address_line1="14 Pond Street", city="Upton", state="MA",
                          zip="01568", parcels="12-35, 12-36")
        s.add(abutter)
        s.flush()
        s.add(AbutterNotice(abutter_id=abutter.id, hearing_id=hearing.id, document_id=doc.id,
                            certified_article_no="9407 1118 9876 5432 1000 01",
                            mailed_on=date(2026, 3, 3),
                            green_card_returned_on=date(2026, 3, 9)))
        case = EnforcementCase(case_no="EC-2026-001", town="upton", opened_on=date(2026, 5, 1),
                               property=lot, violator=owner, filing_id=permit.id)
        s.add(case)
        s.flush()
        violation = Violation(case_id=case.id, number=1, provision="§330-4",
                              observed_on=date(2026, 5, 1), confirmed_on=date(2026, 5, 2))
        s.add(violation)
        s.add(EnforcementOrder(case_id=case.id, order_no="EO-1", issued_on=date(2026, 5, 2),
                               signed_by="Ann Chase", emergency=True,
                               ratify_by=date(2026, 5, 14), ratified_meeting_id=later.id,
                               stop_work=True))
        s.add(Inspection(case_id=case.id, inspected_on=date(2026, 5, 2), inspector="AC"))
        s.flush()
        fine = Fine(case_id=case.id, violation_id=violation.id, offense_on=date(2026, 5, 2),
                    amount_cents=30_000, citation="§330-12")
        s.add(fine)
        s.flush()
        s.add(FinePayment(fine_id=fine.id, paid_on=date(2026, 6, 1), amount_cents=30_000))


def test_every_model_reads_back_after_reopening(any_db: Database) -> None:
    _build_town(any_db)
    any_db.close()
    with reopened(any_db) as again, again.read_session() as s:
        permit = s.scalars(select(Filing).where(Filing.file_no == "2026-014")).one()
        assert permit.applicant.name == "Jane Doe"
        assert permit.owner.address_lines() == ["c/o R. Smith, Trustee", "PO Box 9",
                                                "Worcester, MA 01601"]
        assert permit.property.map_lot == "12-34"
        assert permit.expires == date(2029, 4, 9)
        assert permit.bond_cents == 500_000
        assert [f.file_no for f in permit.follow_ups] == ["2026-030"]
        hearing = s.scalars(select(Hearing)).one()
        assert [c.continued_to for c in hearing.continuances] == [date(2026, 4, 2)]
        decision = s.scalars(select(Decision)).one()
        assert [(c.number, c.kind, c.continuing) for c in decision.conditions] == [
            (1, "standard", False), (2, "special", True)]
        vote = s.scalars(select(Vote)).one()
        assert sorted((mv.member.initials, mv.choice) for mv in vote.member_votes) == [
            ("AC", "yes"), ("BL", "recused")]
        notice = s.scalars(select(AbutterNotice)).one()
        assert notice.abutter.parcel_list() == ["12-35", "12-36"]
        assert notice.green_card_returned_on == date(2026, 3, 9)
        case = s.scalars(select(EnforcementCase)).one()
        assert case.orders[0].ratify_by == date(2026, 5, 14)
        assert case.violations[0].confirmed_on == date(2026, 5, 2)
        assert s.scalars(select(FinePayment)).one().amount_cents == 30_000
        assert s.scalars(select(GeneratedDocument)).one().sha256 == "ab" * 32
        in_office = members_in_office(s, date(2026, 4, 2))
        assert [m.name for m in in_office] == ["Ann Chase", "Bob Lee"]
        assert majority_of(len(in_office)) == 2


@pytest.mark.parametrize(("members", "majority"), [(5, 3), (6, 4), (7, 4), (2, 2)])
def test_majority_is_more_than_half(members: int, majority: int) -> None:
    assert majority_of(members) == majority


def test_a_failed_session_writes_nothing(any_db: Database) -> None:
    with pytest.raises(RuntimeError), any_db.session() as s:
        s.add(Party(name="Half Written"))
        s.flush()
        raise RuntimeError("the clerk's dialog crashed")
    with any_db.read_session() as s:
        assert s.scalars(select(Party)).all() == []


@pytest.mark.parametrize(("column", "value"), [
    ("kind", "permit"), ("status", "approved")])
def test_a_word_outside_the_list_is_refused(any_db: Database, column: str, value: str) -> None:
    filing = Filing(file_no="X-1", kind="noi", town="upton")
    setattr(filing, column, value)
    with pytest.raises(IntegrityError), any_db.session() as s:
        s.add(filing)


def test_a_link_to_a_missing_record_is_refused(any_db: Database) -> None:
    with pytest.raises(IntegrityError), any_db.session() as s:
        s.add(Filing(file_no="X-1", kind="noi", town="upton", applicant_id=999))


def test_void_without_status_void_is_refused(any_db: Database) -> None:
    with pytest.raises(IntegrityError), any_db.session() as s:
        s.add(Filing(file_no="X-1", kind="noi", town="upton", status="void"))
    with pytest.raises(IntegrityError), any_db.session() as s:
        s.add(Filing(file_no="X-2", kind="noi", town="upton", void_reason="typo",
                     voided_at=datetime.now(UTC)))
