"""A small calendar snapshot written by hand, for the export and document tests."""

from __future__ import annotations

from datetime import date, datetime

from concom_desk.services.calendar.entries import (
    CalendarSnapshot,
    DeadlineEntry,
    HearingEntry,
    MeetingEntry,
    RatificationEntry,
)

POND = HearingEntry(
    hearing_id=1, filing_id=10, file_no="UCC 2027-003", dep_file_no="SE 316-0430",
    kind="noi", kind_name="Notice of Intent", applicant="Jane Doe", owner="Doe Family Trust",
    address="12 Pond Street", map_lot="14-27", work_description="Addition and deck",
    resource_areas="Bordering Vegetated Wetland; Buffer Zone", status="new",
    legal_notice_by=date(2027, 2, 24),
)
ELM = HearingEntry(
    hearing_id=2, filing_id=11, file_no="UCC 2027-001", dep_file_no="",
    kind="rda", kind_name="Request for Determination of Applicability",
    applicant="Robert Smith", owner="Robert Smith", address="3 Elm Street", map_lot="2-40",
    work_description="Septic replacement", resource_areas="Buffer Zone", status="continued",
    continued_from=date(2027, 2, 17), legal_notice_by=None, advertise=False,
)
MILL = HearingEntry(
    hearing_id=3, filing_id=12, file_no="UCC 2027-005", dep_file_no="SE 316-0431",
    kind="noi", kind_name="Notice of Intent", applicant="Mill Pond LLC", owner="Mill Pond LLC",
    address="88 Mill Pond Road", map_lot="9-112", work_description="Pier",
    resource_areas="Bank; Land Under Water", status="new", legal_notice_by=date(2027, 2, 23),
)

MARCH_3 = MeetingEntry(
    meeting_id=7, at=datetime(2027, 3, 3, 19, 0), place="Upton Town Hall, Room 1",
    kind="regular", cancelled=False, post_by=datetime(2027, 3, 1, 19, 0),
    hearings=(POND, ELM, MILL),
)
MARCH_17 = MeetingEntry(
    meeting_id=8, at=datetime(2027, 3, 17, 19, 0), place="Upton Town Hall, Room 1",
    kind="regular", cancelled=True, post_by=datetime(2027, 3, 15, 19, 0),
)

SNAPSHOT = CalendarSnapshot(
    identity="0f3c9a4e-1111-4a2b-9c3d-123456789abc",
    commission_name="Upton Conservation Commission",
    meetings=(MARCH_3, MARCH_17),
    deadlines=(
        DeadlineEntry("filing", 10, "UCC 2027-003", "legal_notice_by", date(2027, 2, 24),
                      "Publish the legal notice", "Upton §330-10D"),
        DeadlineEntry("filing", 10, "UCC 2027-003", "hearing_by", date(2027, 3, 8),
                      "Open the public hearing", "Upton §330-10D", met=True),
    ),
    ratifications=(
        RatificationEntry(4, 2, "ENF 2027-002", date(2027, 2, 26), "Margaret Hale",
                          "88 Mill Pond Road", ratify_by=date(2027, 3, 3)),
    ),
)
