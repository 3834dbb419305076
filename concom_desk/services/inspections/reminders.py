"""Today's reminders of a filing's inspections: a visit planned for this week (or
planned and not yet recorded as made), and the follow-up the last visit made asked
for, until a later visit is recorded. Beside the filings' clocks on Today, opening the
filing's record."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.services.filings.rows import WEEK_AHEAD_DAYS, TodayItem
from concom_desk.store.models import Filing, Inspection, Property

PLANNED = "Planned by the commission"
FOLLOW_UP = "Set at the last inspection"


def inspection_items(session: Session, since: date, today: date,
                     filing_ids: Collection[int] | None = None) -> list[TodayItem]:
    ahead = today + timedelta(days=WEEK_AHEAD_DAYS)
    query = (select(Inspection.filing_id, Inspection.inspected_on, Inspection.done,
                    Inspection.purpose, Inspection.follow_up_by, Filing.file_no, Filing.kind,
                    Property.address)
             .join(Filing, Inspection.filing_id == Filing.id)
             .outerjoin(Property, Filing.property_id == Property.id)
             .where(Filing.status != "void")
             .order_by(Inspection.inspected_on, Inspection.id))
    if filing_ids is not None:
        query = query.where(Inspection.filing_id.in_(filing_ids))
    rows = session.execute(query).all()
    last_made: dict[int, date] = {}
    for filing_id, day, done, *_rest in rows:
        if done:
            last_made[filing_id] = max(day, last_made.get(filing_id, day))
    items: list[TodayItem] = []
    for filing_id, day, done, purpose, follow_up_by, file_no, kind, address in rows:
        where = address or file_no
        if not done and since <= day <= ahead:
            items.append(TodayItem(filing_id, file_no, kind, where,
                                   f"Inspection planned: {purpose or 'site visit'}", day,
                                   PLANNED))
        elif (done and follow_up_by is not None and since <= follow_up_by <= ahead
              and last_made[filing_id] <= day):
            items.append(TodayItem(filing_id, file_no, kind, where,
                                   "Follow-up inspection", follow_up_by, FOLLOW_UP))
    return items
