"""A commission's database for the calendar's service and UI tests: Upton's rules as
the program ships them (resources/towns/upton.toml), a first-and-third-Wednesday
schedule, five members in office (one term ended), three filings."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, time
from pathlib import Path

from concom_desk.domain.meeting_schedule import RegularSchedule
from concom_desk.paths import data_dir
from concom_desk.services.calendar.meetings import generate_meetings, save_schedule
from concom_desk.store import Database
from concom_desk.store.models import (
    Abutter,
    AbutterNotice,
    CommissionSettings,
    Filing,
    Member,
    Party,
    Property,
)

PLACE = "Upton Town Hall, Room 1"


@dataclass
class Commission:
    db: Database
    meetings: dict[date, int]
    filings: dict[str, int]
    members: dict[str, int]


def install_test_towns() -> None:
    """The calendar is tested on the town profiles the program ships, not on copies:
    the data folder's `towns` is left empty, so resources/towns/ is what is read."""
    folder = data_dir() / "towns"
    for stale in folder.glob("*.toml") if folder.is_dir() else ():
        stale.unlink()


def _filing(session, file_no: str, kind: str, received: date, applicant: str, address: str,
            map_: str, lot: str, boards: date | None = None) -> Filing:  # type: ignore[no-untyped-def]
    party = Party(name=applicant, kind="person", address_line1=address, city="Upton",
                  zip="01568")
    prop = Property(address=address, map=map_, lot=lot)
    session.add_all([party, prop])
    session.flush()
    filing = Filing(file_no=file_no, kind=kind, town="upton", status="received",
                    maintenance=False, applicant_id=party.id, owner_id=party.id,
                    property_id=prop.id, received=received, boards_notified=boards,
                    work_description="Addition and deck", resource_areas="Buffer Zone")
    session.add(filing)
    session.flush()
    return filing


def build_commission(db: Database) -> Commission:
    install_test_towns()
    with db.session() as session:
        session.add(CommissionSettings(name="Upton Conservation Commission", town="upton",
                                       address="1 Main Street\nUpton, MA 01568",
                                       clerk_initials="JB"))
        members = [
            Member(name="Ames", role="member", term_start=date(2024, 7, 1),
                   term_end=date(2026, 6, 30)),  # ended before these meetings
            Member(name="Baker", role="chair", term_start=date(2025, 7, 1)),
            Member(name="Costa", role="member", term_start=date(2025, 7, 1)),
            Member(name="Duarte", role="member", term_start=date(2026, 7, 1)),
            Member(name="Ellis", role="member", term_start=date(2026, 7, 1)),
            Member(name="Gray", role="member", term_start=date(2026, 7, 1)),
            Member(name="Hale", role="associate", term_start=date(2026, 7, 1)),
        ]
        session.add_all(members)
        # Received Tue Feb 16 2027: hearing_by Tue Mar 9 (§330-10D); boards Feb 16 ->
        # comments end Tue Mar 2 (§330-10C).
        pond = _filing(session, "UCC 2027-003", "noi", date(2027, 2, 16), "Jane Doe",
                       "12 Pond Street", "14", "27", boards=date(2027, 2, 16))
        abutter = Abutter(filing_id=pond.id, owner_name="Robert Smith")
        session.add(abutter)
        session.flush()
        session.add(AbutterNotice(abutter_id=abutter.id, method="certified",
                                  mailed_on=date(2027, 2, 16)))
        # RDA received Wed Feb 10: hearing_by Wed Mar 3.
        elm = _filing(session, "UCC 2027-001", "rda", date(2027, 2, 10), "Robert Smith",
                      "3 Elm Street", "2", "40")
        # Received Mon Jan 25: +21 = Mon Feb 15, Washington's Birthday -> Tue Feb 16.
        mill = _filing(session, "UCC 2027-005", "noi", date(2027, 1, 25), "Mill Pond LLC",
                       "88 Mill Pond Road", "9", "112", boards=date(2027, 1, 25))
        session.flush()
        filings = {f.file_no: f.id for f in (pond, elm, mill)}
        member_ids = {m.name: m.id for m in members}
    save_schedule(db, RegularSchedule(2, time(19, 0), PLACE, nths=(1, 3)))
    ids = generate_meetings(db, date(2027, 2, 1), date(2027, 4, 30))
    days = [date(2027, 2, 3), date(2027, 2, 17), date(2027, 3, 3), date(2027, 3, 17),
            date(2027, 4, 7), date(2027, 4, 21)]
    return Commission(db, dict(zip(days, ids, strict=True)), filings, member_ids)


def towns_folder() -> Path:
    return data_dir() / "towns"
