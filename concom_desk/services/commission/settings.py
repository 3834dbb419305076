"""The commission's own settings: town rules, name and letterhead address (and
logo), members with their terms (a majority of members in office signs), the
clerk's initials (stamped on every change in the audit trail), the newspaper for
legal notices, the Registry of Deeds, and where and when the board usually meets."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from concom_desk import clock
from concom_desk.domain.laws import STATE_TOWN
from concom_desk.errors import UserError

if TYPE_CHECKING:  # the store (SQLAlchemy) is imported when first used, not at start-up
    from concom_desk.store import Database


@dataclass
class Member:
    name: str
    term_start: date | None = None
    term_end: date | None = None
    role: str = ""  # "Chair", "Vice chair", or empty

    def in_office(self, on: date) -> bool:
        started = self.term_start is None or self.term_start <= on
        return started and (self.term_end is None or on <= self.term_end)


@dataclass
class CommissionSettings:
    town_id: str = STATE_TOWN
    name: str = ""
    address_lines: list[str] = field(default_factory=list)
    clerk_initials: str = ""
    members: list[Member] = field(default_factory=list)
    phone: str = ""
    email: str = ""
    newspaper: str = ""  # where the legal notices are published
    deeds_registry: str = ""  # "Worcester South": the Registry where permits are recorded
    meeting_place: str = ""  # "Town Hall, 1 Main Street, Room 2"
    meeting_time: str = ""  # the usual start, "19:00"
    letterhead_logo: bytes = b""  # PNG or JPEG printed atop the letterhead; empty: none
    report_year: str = "calendar"  # the annual report's year: "calendar" or "fiscal" (July-June)
    # How long before each exported calendar event the clerk's calendar reminds (VALARM);
    # 0: no reminder. One day by default: a deadline seen on its day is too late.
    ical_reminder_minutes: int = 1440


# The Massachusetts Registry of Deeds districts, where an Order of Conditions and a
# Certificate of Compliance are recorded (M.G.L. c.36; 310 CMR 10.05(9)(b)).
MA_DEEDS_REGISTRIES = (
    "Barnstable", "Berkshire Middle", "Berkshire North", "Berkshire South",
    "Bristol Fall River", "Bristol North", "Bristol South", "Dukes", "Essex North",
    "Essex South", "Franklin", "Hampden", "Hampshire", "Middlesex North",
    "Middlesex South", "Nantucket", "Norfolk", "Plymouth", "Suffolk", "Worcester North",
    "Worcester South",
)

# Where each town with a profile records: the Registry district its county (or, in
# Worcester County, its part of the county) is served by. The wizard fills it in when the
# clerk picks the town's rules, so "Worcester" never completes to the wrong district.
TOWN_DEEDS_REGISTRY = {
    "upton": "Worcester South",
    "bourne": "Barnstable",
    "sandwich": "Barnstable",
    "nantucket": "Nantucket",
    "shutesbury": "Franklin",
}

# A logo is a small picture atop a letter; anything larger is a scan or a photo by mistake
# (and every settings change copies the row into the audit trail).
LOGO_LIMIT_BYTES = 1_000_000
_IMAGE_SIGNATURES = {b"\x89PNG\r\n\x1a\n": "PNG", b"\xff\xd8\xff": "JPEG"}


def logo_kind(data: bytes) -> str:
    """"PNG" or "JPEG" from the file's first bytes; "" when it is neither."""
    return next((kind for magic, kind in _IMAGE_SIGNATURES.items()
                 if data.startswith(magic)), "")


def logo_problem(data: bytes) -> str:
    """Why these bytes cannot be the letterhead logo, in one line; "" when they can."""
    if not data:
        return ""
    if not logo_kind(data):
        return "Letterhead logo: choose a PNG or JPEG picture."
    if len(data) > LOGO_LIMIT_BYTES:
        return (f"Letterhead logo: the picture is {len(data) / 1_000_000:.1f} MB; "
                f"use one under {LOGO_LIMIT_BYTES // 1_000_000} MB (a logo needs far less).")
    return ""


def read_letterhead_logo(path: Path) -> bytes:
    """The logo file's bytes, or UserError saying in one line why it will not do."""
    try:
        size = path.stat().st_size
        with path.open("rb") as file:
            head = file.read(8)
            # A huge or foreign file is refused without reading it whole.
            fits = size <= LOGO_LIMIT_BYTES and logo_kind(head)
            data = head + file.read() if fits else head
    except OSError as exc:
        raise UserError(f"Letterhead logo: {path.name} could not be read "
                        f"({exc.strerror or exc}).") from exc
    if not logo_kind(data):
        raise UserError(f"Letterhead logo: {path.name} is not a PNG or JPEG picture.")
    if size > LOGO_LIMIT_BYTES:
        raise UserError(f"Letterhead logo: {path.name} is {size / 1_000_000:.1f} MB; use a "
                        f"picture under {LOGO_LIMIT_BYTES // 1_000_000} MB (a logo needs far "
                        "less).")
    return data


def meeting_time_problem(text: str) -> str:
    """The usual meeting time is 24-hour HH:MM ("19:00"), or left empty."""
    if not text.strip():
        return ""
    match = re.fullmatch(r"(\d{1,2}):(\d{2})", text.strip())
    if not match or int(match[1]) > 23 or int(match[2]) > 59:
        return "Usual meeting time: hours and minutes, 24-hour, e.g. 19:00."
    return ""


def normal_meeting_time(text: str) -> str:
    """ "7:00" → "07:00"; anything else as it was (settings_problems says what is wrong)."""
    if meeting_time_problem(text) or not text.strip():
        return text.strip()
    hours, minutes = text.strip().split(":")
    return f"{int(hours):02d}:{minutes}"


def example_town(town_id: str) -> str:
    """The town the form's examples name: the one whose rules were chosen (a clerk in
    Sandwich is not shown "Upton Conservation Commission"), "Your Town" on the state
    default, which is no town."""
    from concom_desk.services.commission.town_profiles import (
        DEFAULT_TOWN_ID,
        available_profiles,
    )

    profile = available_profiles().get(town_id)
    return profile.name if profile is not None and town_id != DEFAULT_TOWN_ID else "Your Town"


def settings_problems(settings: CommissionSettings) -> list[str]:
    """What must be fixed before the settings can be saved, in plain words."""
    found: list[str] = []
    if not settings.town_id:
        found.append("Town rules: choose the town whose bylaw the commission applies.")
    if not settings.name.strip():
        found.append(f"Commission name: e.g. \"{example_town(settings.town_id)} "
                     "Conservation Commission\" (it heads every letter).")
    if not any(line.strip() for line in settings.address_lines):
        found.append("Address: the commission's mailing address, for the letterhead.")
    if not re.fullmatch(r"[A-Za-z]{1,4}", settings.clerk_initials.strip()):
        found.append("Clerk's initials: one to four letters, e.g. JMK.")
    found += [p for p in (meeting_time_problem(settings.meeting_time),
                          logo_problem(settings.letterhead_logo)) if p]
    for number, member in enumerate(settings.members, start=1):
        if not member.name.strip():
            found.append(f"Member {number}: give a name or remove the row.")
        if member.term_start and member.term_end and member.term_end < member.term_start:
            found.append(f"Member {number} ({member.name}): the term cannot end before it "
                         "starts.")
    return found


_ROLES = {"chair": "chair", "vice chair": "vice_chair", "vice-chair": "vice_chair",
          "vice_chair": "vice_chair", "associate": "associate", "associate member": "associate"}
ROLE_WORDS = {"chair": "Chair", "vice_chair": "Vice chair", "member": "",
              "associate": "Associate"}


def load_settings(db: Database) -> CommissionSettings | None:
    """The commission's settings, or None when the database has none yet (first run)."""
    from sqlalchemy import select

    from concom_desk.store.models import CommissionSettings as StoredSettings
    from concom_desk.store.models import Member as StoredMember

    with db.read_session() as session:
        stored = session.scalars(select(StoredSettings)).first()
        if stored is None:
            return None
        members = [Member(m.name, m.term_start, m.term_end, ROLE_WORDS.get(m.role, ""))
                   for m in session.scalars(select(StoredMember)
                                            .order_by(StoredMember.term_start, StoredMember.id))]
        return CommissionSettings(
            town_id=stored.town, name=stored.name,
            address_lines=[ln for ln in stored.address.splitlines() if ln.strip()],
            clerk_initials=stored.clerk_initials, members=members, phone=stored.phone,
            email=stored.email, newspaper=stored.newspaper, deeds_registry=stored.deeds_registry,
            meeting_place=stored.meeting_place, meeting_time=stored.meeting_time,
            letterhead_logo=stored.letterhead_logo or b"",
            report_year=getattr(stored, "report_year", "") or "calendar",
            ical_reminder_minutes=getattr(stored, "ical_reminder_minutes", 1440))


def save_settings(db: Database, settings: CommissionSettings, today: date | None = None
                  ) -> None:
    """Write the settings and members in one transaction.

    Members are matched by name. A member taken off the list is deleted when no vote
    or attendance refers to them; otherwise their record stays (the votes they cast are
    part of the record) and their term is ended, so they no longer count in office.
    """
    from sqlalchemy import select
    from sqlalchemy.exc import IntegrityError

    from concom_desk.store.models import CommissionSettings as StoredSettings
    from concom_desk.store.models import Member as StoredMember

    found = settings_problems(settings)
    if found:
        raise UserError(found[0])
    today = today or clock.today()
    with db.session() as session:
        stored = session.scalars(select(StoredSettings)).first()
        if stored is None:
            stored = StoredSettings(name=settings.name, town=settings.town_id)
            session.add(stored)
        stored.name = settings.name
        stored.town = settings.town_id
        stored.address = "\n".join(settings.address_lines)
        stored.phone = settings.phone
        stored.email = settings.email
        stored.clerk_initials = settings.clerk_initials
        stored.newspaper = settings.newspaper
        stored.deeds_registry = settings.deeds_registry
        stored.meeting_place = settings.meeting_place
        stored.meeting_time = normal_meeting_time(settings.meeting_time)
        if stored.letterhead_logo != settings.letterhead_logo:  # no audit copy when unchanged
            stored.letterhead_logo = settings.letterhead_logo
        stored.report_year = "fiscal" if settings.report_year == "fiscal" else "calendar"
        stored.ical_reminder_minutes = max(settings.ical_reminder_minutes, 0)
        existing = {m.name.lower(): m for m in session.scalars(select(StoredMember))}
        for member in settings.members:
            row = existing.pop(member.name.lower(), None)
            if row is None:
                row = StoredMember(name=member.name)
                session.add(row)
            row.name = member.name
            row.role = _ROLES.get(member.role.strip().lower(), "member")
            row.term_start = member.term_start or row.term_start or today
            row.term_end = member.term_end
        for gone in existing.values():
            try:
                with session.begin_nested():
                    session.delete(gone)
            except IntegrityError:  # referenced by votes: keep the record, end the term
                if gone.term_end is None or gone.term_end > today:
                    gone.term_end = today
    db.set_initials(settings.clerk_initials)
