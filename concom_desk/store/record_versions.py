"""Two desks editing the same record: a save made from an older read is refused.

Every record a person edits counts its saves (store.models.base.Versioned). A
dialog reads the record in one session and saves it in another, minutes later,
so the ORM's own check (the UPDATE's `WHERE version = ?`) compares only with what
the saving session loaded. The services therefore pass the version the dialog
read to `refuse_if_changed`, which compares it with the row's, inside the saving
transaction, and refuses with who saved in between and when, taken from the
audit trail's newest entry for that row:

    2027-003 was changed by JMK at 10:42 AM — reload and apply your change?

Plain SQLAlchemy only, so the same check holds on SQLite and on PostgreSQL.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy import inspect, select
from sqlalchemy.orm import Session

from concom_desk.domain.plain_dates import clock_time, long_date
from concom_desk.errors import RecordChanged
from concom_desk.store.models import AuditEntry, Base

# Said when the ORM's own check catches a save the services could not compare (a
# desk that saved between this one's check and its write, on a server).
CHANGED_MEANWHILE = ("this record was changed at another desk while it was being saved "
                     "— reload and apply your change?")


def version_of(record: Base) -> int:
    """How many times `record` had been saved when it was read."""
    column = inspect(type(record)).version_id_col
    assert column is not None, f"{type(record).__name__} does not count its saves"
    return int(getattr(record, inspect(type(record)).get_property_by_column(column).key))


def _local(at: str) -> datetime:
    """The trail's UTC instant ("2026-12-01T15:42:07.123Z") on the town hall's clock."""
    moment = datetime.fromisoformat(at.removesuffix("Z")).replace(tzinfo=UTC)
    return moment.astimezone().replace(tzinfo=None)


def when_words(moment: datetime, today: date) -> str:
    """"10:42 AM" today, "10:42 AM on March 3, 2027" another day."""
    if moment.date() == today:
        return clock_time(moment)
    return f"{clock_time(moment)} on {long_date(moment.date())}"


def changed_message(session: Session, record: Base, label: str,
                    today: date | None = None) -> str:
    """What the clerk is told: who last saved `record` and when, from the trail."""
    # Not flushed first: this save's own pending change would be the newest entry.
    with session.no_autoflush:
        entry = session.scalars(
            select(AuditEntry)
            .where(AuditEntry.table_name == record.__tablename__,
                   AuditEntry.record_id == record.id)
            .order_by(AuditEntry.id.desc()).limit(1)).first()
    if entry is None:  # a row the trail has no word of (written before it existed)
        return f"{label} was changed at another desk — reload and apply your change?"
    moment = _local(entry.at)
    who = entry.initials or entry.os_user or "another desk"
    return (f"{label} was changed by {who} at {when_words(moment, today or date.today())} "
            "— reload and apply your change?")


def refuse_if_changed(session: Session, record: Base, read_version: int | None,
                      label: str) -> None:
    """Raise RecordChanged when `record` (loaded in the saving session) was saved
    since the dialog read it at `read_version`. None: the caller read nothing first
    (a one-shot command), so there is nothing to compare."""
    if read_version is None or version_of(record) == read_version:
        return
    raise RecordChanged(changed_message(session, record, label))
