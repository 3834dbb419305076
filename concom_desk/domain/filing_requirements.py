"""What a filing must have before it can be saved, in plain words.

Each problem names the field and says what to do, so the form can show it
next to a disabled Save button. Pure: the form hands in its values.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date

from concom_desk.domain.filing_kinds import EVENT_NAMES, KINDS
from concom_desk.domain.plain_dates import typed_date_or_none

# DEP file numbers as MassDEP gives them (DOMAIN.md, "WPA forms"): the town's number and
# a serial, often after the region's letters — "SE 082-1234", "CE 310-0456", "242-1406".
DEP_FILE_NO = re.compile(r"^(?:[A-Z]{2,3} ?)?\d{1,3}-\d{1,5}$")

# Kinds that refer to an earlier permit by its file number.
NEEDS_PARENT = {"amendment": "the permit being amended",
                "extension": "the permit being extended",
                "coc": "the permit whose work is complete"}
# Kinds that concern a piece of land and so need its street address.
NEEDS_PROPERTY = frozenset({"rda", "noi", "anrad", "amendment", "emergency"})

_DATE_ORDER = (("received", "boards_notified"), ("received", "hearing"), ("hearing", "closed"),
               ("closed", "issued"), ("received", "issued"))
_FIELD_WORDS = {"received": "Received", "boards_notified": "Boards notified",
                "hearing": "Hearing opened", "closed": "Hearing closed", "issued": "Issued"}


def problems(kind: str, text: Mapping[str, str], dates: Mapping[str, date | None],
             today: date) -> list[str]:
    """Every reason the filing cannot be saved yet; empty when it can."""
    found: list[str] = []
    if kind not in KINDS:
        return [f"Choose what kind of filing this is ({', '.join(KINDS)})."]
    if not text.get("file_no", "").strip():
        found.append("Local file number: give the number the commission files it under.")
    dep = text.get("dep_file_no", "").strip()
    if dep and not DEP_FILE_NO.match(dep.upper()):
        found.append("DEP file number: write it as MassDEP gave it, like SE 082-1234 or "
                     "242-1406, or leave it empty.")
    if not text.get("applicant", "").strip():
        found.append("Applicant: give the name of the person or body who filed.")
    if kind in NEEDS_PROPERTY and not text.get("address", "").strip():
        found.append("Street address: a filing about land needs the address of the property.")
    if kind in NEEDS_PARENT and not text.get("parent_file_no", "").strip():
        found.append(f"Permit file number: give the file number of {NEEDS_PARENT[kind]}.")
    received = dates.get("received")
    if received is None:
        found.append("Received: give the date the filing came in.")
    elif received > today:
        found.append("Received: the date is in the future.")
    events = KINDS[kind].events
    for name, value in dates.items():
        if value is not None and name not in events:
            found.append(f"{_FIELD_WORDS.get(name, name)}: a {kind.upper()} has no "
                         f"{EVENT_NAMES[name]}; leave it empty.")
    for earlier, later in _DATE_ORDER:
        first, second = dates.get(earlier), dates.get(later)
        if first is not None and second is not None and second < first:
            found.append(f"{_FIELD_WORDS[later]} ({second.isoformat()}) cannot come before "
                         f"{_FIELD_WORDS[earlier].lower()} ({first.isoformat()}).")
    return found


def parse_date(text: str) -> date | None:
    """A date as typed: 2026-11-05 or 11/5/2026 (the town hall's habit). Empty is None.

    Raises ValueError with a message that shows both accepted forms (see plain_dates).
    """
    return typed_date_or_none(text)


def record_problems(dates: Mapping[str, tuple[str, date | None]], fee_waived: bool,
                    waiver_reason: str, today: date) -> list[str]:
    """The record-keeping dates (fee paid, bond released, recorded…) and the fee
    waiver: a payment or a recording is written down once it has happened, and a
    waiver says why (the fee is public money)."""
    found = [f"{label}: the date is in the future; write it down once it has happened."
             for label, day in dates.values() if day is not None and day > today]
    if fee_waived and not waiver_reason.strip():
        found.append("Fee waived: say why it was waived.")
    return found


def parse_amount(text: str) -> int:
    """Dollars as typed ("$1,250", "1250.50", "") into cents; empty is 0.

    Raises ValueError with the accepted form in the message."""
    cleaned = text.strip().replace("$", "").replace(",", "").strip()
    if not cleaned:
        return 0
    match = re.fullmatch(r"(\d+)(?:\.(\d{1,2}))?", cleaned)
    if match is None:
        raise ValueError(f"{text.strip()!r} is not an amount; write it as 1250 or 1,250.00")
    return int(match[1]) * 100 + int((match[2] or "0").ljust(2, "0"))


def amount_text(cents: int) -> str:
    """Cents as the form shows them: "1,250.00"; nothing for 0."""
    return f"{cents // 100:,}.{cents % 100:02d}" if cents else ""
