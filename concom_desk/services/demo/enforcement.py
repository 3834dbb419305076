"""The demo town's enforcement cases: violations, orders (some signed by one member
in an emergency and ratified at the next meeting), inspections, fines, payments."""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta

from concom_desk.domain.resource_areas import areas_in_text
from concom_desk.services.demo.calendar import MeetingCalendar, days_between
from concom_desk.services.demo.people import AGENT, VIOLATIONS, PeopleSource, provisions_for
from concom_desk.services.demo.records import RecordWriter
from concom_desk.services.documents.conditions_library import library_for
from concom_desk.store.models import (
    CaseResourceArea,
    EnforcementCase,
    EnforcementOrder,
    Fine,
    FinePayment,
    Inspection,
    MemberVote,
    Property,
    Violation,
    Vote,
)


def write_cases(writer: RecordWriter, rng: random.Random, people: PeopleSource,
                calendar: MeetingCalendar, start: date, today: date, count: int) -> None:
    book = writer.book
    span = (today - start).days
    openings = sorted(start + timedelta(days=rng.randint(0, span)) for _ in range(count))
    # The newest case is a recent one, still open, whatever day the town is made on: the
    # Enforcement tab and Today have a case to show (drawn apart, the rest stays as it was).
    recent = today - timedelta(days=random.Random(f"{writer.town_id}-recent").randint(3, 20))
    if openings and openings[-1] < recent:
        openings[-1] = recent
    numbers: dict[int, int] = {}
    # Who reported each case, from a generator of its own (the rest stays as it was).
    told = random.Random(f"{writer.town_id}-complaints")
    provisions = provisions_for(writer.town_id, library_for(writer.town_id).bylaw)
    for opened in openings:
        numbers[opened.year] = numbers.get(opened.year, 0) + 1
        age = (today - opened).days
        if rng.random() < 0.01:
            status = "void"
        elif age < 30:
            status = "open"
        elif age < 240:
            status = rng.choice(("order_issued", "restoration", "open", "referred"))
        else:
            status = rng.choice(("closed",) * 8 + ("referred", "restoration"))
        property_id = writer.new_property()
        address = book.get(Property, property_id)["address"]
        violator = writer.new_party(address)
        areas = people.resource_areas()
        case_id = book.add(
            EnforcementCase, case_no=f"EC-{opened.year}-{numbers[opened.year]:03d}",
            town=writer.town_id, opened_on=opened, status=status, property_id=property_id,
            violator_id=violator, description=rng.choice(VIOLATIONS),
            resource_areas=areas,
            **_reported(told),
            closed_on=min(opened + days_between(rng, 60, 230), today)
            if status == "closed" else None,
            voided_at=None if status != "void" else _at(opened),
            void_reason="Duplicate of an earlier complaint." if status == "void" else "")
        for area in areas_in_text(areas):  # the case's areas as codes, as a filing's
            book.add(CaseResourceArea, case_id=case_id, code=area.code, amount=None,
                     unit="", text=area.text)
        if status == "void":
            continue
        violations = []
        for number in range(1, rng.randint(1, 3) + 1):
            violations.append(book.add(
                Violation, case_id=case_id, number=number, provision=rng.choice(provisions),
                description=rng.choice(VIOLATIONS), observed_on=opened,
                confirmed_on=min(opened + days_between(rng, 0, 5), today)))
        book.add(Inspection, case_id=case_id, inspected_on=opened, inspector=AGENT,
                 findings="Violation observed; photographs taken.",
                 follow_up_by=opened + timedelta(days=14))
        if status == "open":
            continue
        _order(writer, rng, calendar, case_id, opened, today)
        if rng.random() < 0.35:
            _fines(writer, rng, case_id, violations, opened, today)


def _order(writer: RecordWriter, rng: random.Random, calendar: MeetingCalendar, case_id: int,
           opened: date, today: date) -> None:
    book = writer.book
    issued = min(opened + days_between(rng, 0, 10), today)
    emergency = rng.random() < 0.3
    members = _in_office(writer, issued)
    ratify_by = calendar.after(issued) if emergency else None
    ratified = ratify_by if ratify_by is not None and ratify_by <= today else None
    book.add(EnforcementOrder, case_id=case_id, order_no=f"EO-{case_id:05d}", issued_on=issued,
             signed_by=members[0] if emergency else "\n".join(members), emergency=emergency,
             ratify_by=ratify_by, ratified_meeting_id=writer.meeting_ids.get(ratified)
             if ratified else None, stop_work=True,
             restore_by=issued + timedelta(days=60), file_noi_by=issued + timedelta(days=30),
             requirements="Stop all work in the resource area.\nInstall erosion controls.\n"
                          "Submit a restoration plan.", served_on=issued)
    if ratified is not None:
        present = writer.present[ratified]
        # Ratified by a majority of the members (Sandwich §7.55 Part 2): each one's vote.
        vote = book.add(Vote, meeting_id=writer.meeting_ids[ratified],
                        enforcement_case_id=case_id,
                        motion=f"To ratify emergency order EO-{case_id:05d}",
                        moved_by_id=present[0], seconded_by_id=present[1], result="carried")
        for member in present:
            book.add(MemberVote, vote_id=vote, member_id=member, choice="yes")


def _in_office(writer: RecordWriter, day: date) -> list[str]:
    """Who signs an order issued on `day`: those present at the last meeting held by then,
    a quorum of the members then in office and so the majority an order needs (not the
    members of today)."""
    held = [meeting for meeting in writer.present if meeting <= day]
    ids = writer.present[max(held)] if held else list(writer.member_names)
    return [writer.member_names[member] for member in ids]


def _fines(writer: RecordWriter, rng: random.Random, case_id: int, violations: list[int],
           opened: date, today: date) -> None:
    book = writer.book
    for violation in violations:
        ticket = rng.random() < 0.4
        offense = opened + timedelta(days=1)
        fine = book.add(Fine, case_id=case_id, violation_id=violation,
                        kind="noncriminal_ticket" if ticket else "fine", offense_on=offense,
                        issued_on=min(offense + timedelta(days=7), today),
                        amount_cents=5000 if ticket else 30000,
                        ticket_no=f"T-{case_id:05d}-{violation}" if ticket else "",
                        citation="MGL c.40 §21D" if ticket else "bylaw: $300 per offense")
        paid = offense + days_between(rng, 10, 60)
        if rng.random() < 0.6 and paid <= today:
            book.add(FinePayment, fine_id=fine, paid_on=paid,
                     amount_cents=5000 if ticket else 30000, receipt_no=f"R{fine:06d}")


def _at(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, 15, 0)


COMPLAINANTS = ("Mary Abbott", "Tom Reilly", "anonymous", "Highway Department",
                "Joan Petrakis", "anonymous")


def _reported(told: random.Random) -> dict[str, str]:
    """A complaint names who made it (or 'anonymous'); an observation is the agent's."""
    if told.random() < 0.3:
        return {"source": "observation", "complainant": "", "complainant_contact": ""}
    who = told.choice(COMPLAINANTS)
    contact = "" if who == "anonymous" else f"508-555-{told.randint(0, 9999):04d}"
    return {"source": "complaint", "complainant": who, "complainant_contact": contact}
