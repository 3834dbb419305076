"""The agenda's "Approval of minutes of …" item, filled from the drafts waiting: the
meetings before this one whose latest minutes are not yet approved (MGL c.30A §22(c):
minutes are approved in a timely manner)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from concom_desk.domain.plain_dates import long_date
from concom_desk.domain.wording import join_list
from concom_desk.store import Database

GENERIC_ITEM = "Approval of minutes"


def approval_item(days: Sequence[date]) -> str:
    """'Approval of minutes of November 5, 2026 and November 19, 2026'; the generic item
    when no draft waits (minutes kept outside the program may still be approved)."""
    if not days:
        return GENERIC_ITEM
    return f"{GENERIC_ITEM} of {join_list(long_date(day) for day in days)}"


def filled_other_business(db: Database, meeting_day: date,
                          other_business: Sequence[str]) -> list[str]:
    """The agenda's other business with the generic approval item made specific."""
    from concom_desk.services.minutes.sets import drafts_waiting

    if GENERIC_ITEM not in [text.strip() for text in other_business]:
        return list(other_business)
    with db.read_session() as session:
        item = approval_item(drafts_waiting(session, meeting_day))
    return [item if text.strip() == GENERIC_ITEM else text for text in other_business]
