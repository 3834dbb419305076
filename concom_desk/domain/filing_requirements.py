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

# DEP file numbers: region letters, town number, serial — "SE 082-1234", "CE 310-0456".
DEP_FILE_NO = re.compile(r"^[A-Z]{2,3} ?\d{3}-\d{1,5}$")

# Kinds that refer to an earlier permit by its file number.
NEEDS_PARENT = {"amendment": "the permit being amended",
                "extension": "the permit being extended",
                "coc": "the permit whose work is complete"}
# Kinds that concern a piece of land and so need its street address.
NEEDS_PROPERTY = frozenset({"rda", "noi", "anrad", "amendment", "emergency"})

_DATE_ORDER = (("received", "hearing"), ("hearing", "closed"), ("closed", "issued"),
               ("received", "issued"))
_FIELD_WORDS = {"received": "Received", "hearing": "Hearing opened", "closed": "Hearing closed",
                "issued": "Issued"}


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
        found.append("DEP file number: write it like SE 082-1234, or leave it empty.")
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
