"""A small commission record for document tests, built through the store models.

The commission follows the state default profile (310 CMR 10.00), so every
deadline below is worked out by hand from that rule:
- NOI received Fri 2026-06-12: hearing within 21 days → Fri 2026-07-03
  (310 CMR 10.05(5)(a)); July 4 is a Saturday and is not moved to Friday.
- Issued Wed 2026-08-05: appeal (superseding order request) within ten business
  days → Wed 2026-08-19 (310 CMR 10.05(7)(c)); expires three years later,
  Sun 2029-08-05, not moved (310 CMR 10.05(6)(d)).
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from concom_desk.store import Database, open_database
from concom_desk.store.models import (
    Abutter,
    AbutterNotice,
    CommissionSettings,
    Condition,
    Decision,
    Filing,
    Hearing,
    Inspection,
    Meeting,
    Member,
    Party,
    Property,
)

MEMBERS = [  # (name, role, term_start, term_end)
    ("Ann Able", "chair", date(2020, 7, 1), None),
    ("Ben Baker", "member", date(2021, 7, 1), None),
    ("Cy Cole", "member", date(2020, 7, 1), date(2026, 6, 30)),  # term ended before issue
    ("Di Dunn", "associate", date(2022, 7, 1), None),  # associates do not sign
    ("Ed Earl", "member", date(2023, 7, 1), None),
    ("Flo Fox", "member", date(2026, 7, 1), None),
]


def make_record(folder: Path) -> Database:
    return fill_record(open_database(folder / "commission.sqlite", initials="JP"))


def fill_record(db: Database) -> Database:
    """The commission's record written into `db`, a fresh database on either engine."""
    with db.session() as s:
        s.add(CommissionSettings(
            name="Ashland Conservation Commission", town="massachusetts",
            address="Town Hall\n101 Main Street\nAshland, MA 01721", phone="(508) 555-0100",
            email="conservation@ashland.example", meeting_place="Town Hall, Room 208",
            meeting_time="19:00", clerk_initials="JP", deeds_registry="Middlesex South"))
        for name, role, start, end in MEMBERS:
            s.add(Member(name=name, role=role, term_start=start, term_end=end))
        applicant = Party(name="Jane Doe & Sons, LLC", address_line1="12 Pond St",
                          city="Ashland", state="MA", zip="01721")
        owner = Party(name="Doe Family Trust", care_of="John Doe, Trustee",
                      address_line1="PO Box 77", city="Ashland", state="MA", zip="01721")
        parcel = Property(address="12 Pond Street", map="14", lot="27", book="61234",
                          page="118")
        s.add_all([applicant, owner, parcel])
        s.flush()
        permit = Filing(
            file_no="2026-014", dep_file_no="SE 082-1234", kind="noi", town="massachusetts",
            status="issued", applicant_id=applicant.id, owner_id=owner.id,
            property_id=parcel.id, work_description="Addition and deck",
            resource_areas="Bordering Vegetated Wetland; Buffer Zone",
            received=date(2026, 6, 12), hearing=date(2026, 7, 1), closed=date(2026, 7, 15),
            decided=date(2026, 7, 15), issued=date(2026, 8, 5), expires=date(2029, 8, 5),
            recorded_book="61999", recorded_page="12")
        s.add(permit)
        s.flush()
        meeting = Meeting(held_on=date(2026, 7, 1), start_time="19:30",
                          place="Town Hall, Room 208")
        s.add(meeting)
        s.flush()
        s.add(Hearing(filing_id=permit.id, meeting_id=meeting.id, status="closed"))
        decision = Decision(filing_id=permit.id, kind="order_of_conditions",
                            decided_on=date(2026, 7, 15), issued_on=date(2026, 8, 5))
        s.add(decision)
        s.flush()
        s.add_all([
            Condition(decision_id=decision.id, number=1, kind="standard",
                      text="Record this Order before work begins."),
            Condition(decision_id=decision.id, number=2, kind="standard",
                      text="Install erosion controls."),
            Condition(decision_id=decision.id, number=3, kind="special",
                      text="No fertilizer within 50 feet, in perpetuity.", continuing=True),
        ])
        draft = Filing(
            file_no="2026-020", dep_file_no="", laws="bylaw", kind="noi", town="massachusetts",
            status="closed", applicant_id=applicant.id, property_id=parcel.id,
            work_description="Shed", resource_areas="Buffer Zone",
            received=date(2026, 9, 1), hearing=date(2026, 9, 16), closed=date(2026, 9, 16))
        denied = Filing(
            file_no="2026-021", dep_file_no="", laws="bylaw", kind="noi", town="massachusetts",
            status="denied", applicant_id=applicant.id, property_id=parcel.id,
            work_description="Driveway", resource_areas="Bank",
            received=date(2026, 9, 1), closed=date(2026, 9, 30), issued=date(2026, 10, 9))
        s.add_all([draft, denied])
        s.flush()
        s.add(Decision(filing_id=denied.id, kind="denial", denial_kind="procedural",
                       reasons="No wetland delineation was submitted.\nNo stormwater report."))
        coc = Filing(
            file_no="2029-003", kind="coc", town="massachusetts", status="issued",
            applicant_id=applicant.id, property_id=parcel.id, original_id=permit.id,
            work_description="Addition and deck, completed", received=date(2029, 3, 2),
            issued=date(2029, 3, 20))
        s.add(coc)
        s.flush()
        s.add(Decision(filing_id=coc.id, kind="partial_certificate_of_compliance"))
        s.add(Inspection(filing_id=coc.id, inspected_on=date(2029, 3, 10),
                         inspector="Jamie Park, Agent"))
        smith = Abutter(filing_id=permit.id, owner_name="Robert Smith",
                        address_line1="3 Elm St", city="Ashland", state="MA", zip="01721",
                        parcels="14-26")
        trust = Abutter(filing_id=permit.id, owner_name="Greenway Land Trust",
                        care_of="Ann Lee", address_line1="PO Box 9", city="Hopedale",
                        state="MA", zip="01747", parcels="14-28, 14-29")
        s.add_all([smith, trust])
        s.flush()
        s.add_all([
            AbutterNotice(abutter_id=smith.id, method="certified", mailed_on=date(2026, 6, 12)),
            AbutterNotice(abutter_id=trust.id, method="certified", mailed_on=date(2026, 6, 15)),
        ])
    return db
