"""The commission's own settings: town rules, name and letterhead address,
members with their terms (a majority of members in office signs), and the
clerk's initials (stamped on every change in the audit trail)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date


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
    town_id: str = "massachusetts"
    name: str = ""
    address_lines: list[str] = field(default_factory=list)
    clerk_initials: str = ""
    members: list[Member] = field(default_factory=list)
    phone: str = ""
    email: str = ""


def settings_problems(settings: CommissionSettings) -> list[str]:
    """What must be fixed before the settings can be saved, in plain words."""
    found: list[str] = []
    if not settings.town_id:
        found.append("Town rules: choose the town whose bylaw the commission applies.")
    if not settings.name.strip():
        found.append("Commission name: e.g. \"Upton Conservation Commission\" "
                     "(it heads every letter).")
    if not any(line.strip() for line in settings.address_lines):
        found.append("Address: the commission's mailing address, for the letterhead.")
    if not re.fullmatch(r"[A-Za-z]{1,4}", settings.clerk_initials.strip()):
        found.append("Clerk's initials: one to four letters, e.g. JMK.")
    for number, member in enumerate(settings.members, start=1):
        if not member.name.strip():
            found.append(f"Member {number}: give a name or remove the row.")
        if member.term_start and member.term_end and member.term_end < member.term_start:
            found.append(f"Member {number} ({member.name}): the term cannot end before it "
                         "starts.")
    return found
