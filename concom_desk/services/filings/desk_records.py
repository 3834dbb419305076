"""Every filing as a row, and everything due or overdue this week, read in one pass:
what the Filings tab lists and Today shows (the enforcement cases' deadlines and the
copies owed to MassDEP on the same list as the filings' clocks)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, timedelta
from typing import cast

from sqlalchemy import select
from sqlalchemy.orm import Session, aliased

from concom_desk.domain.deadline_engine import Deadline
from concom_desk.domain.status_rules import CLOCKS_STOPPED
from concom_desk.services.commission.town_profiles import available_profiles
from concom_desk.services.documents.dep_copies import dep_copy_items
from concom_desk.services.filings.deadlines import (
    acts_done,
    every_clock,
    open_deadlines,
    profiles_in_effect,
)
from concom_desk.services.filings.expiry_watch import watch_count_line, watch_counts
from concom_desk.services.filings.next_deadline import due_this_week
from concom_desk.services.filings.permit_life import late_items
from concom_desk.services.filings.rows import (
    OVERDUE_LOOKBACK_DAYS,
    WEEK_AHEAD_DAYS,
    DeskRecords,
    FilingRow,
    TodayItem,
)
from concom_desk.services.filings.search_index import SearchIndex
from concom_desk.store import Database
from concom_desk.store.models import FILING_DATE_FIELDS, Filing, Party, Property


class _ListedFiling:
    """A filing's columns as read for the list, without the ORM's bookkeeping (filling
    ten thousand mapped objects takes seconds). The model's own methods work out its
    events and flags, so those rules stay in one place."""

    event_dates = Filing.event_dates
    _event_date = Filing._event_date
    flags = Filing.flags
    # The columns in _LISTED_COLUMNS become attributes; these are the ones read here.
    id: int
    file_no: str
    dep_file_no: str
    laws: str
    kind: str
    town: str
    status: str
    received: date | None
    original: _ListedFiling | None

    def __init__(self, values: Mapping[str, object]) -> None:
        self.__dict__.update(values)


_LISTED_COLUMNS = ("id", "file_no", "dep_file_no", "laws", "kind", "town", "status",
                   "maintenance", "acts_not_covered", *FILING_DATE_FIELDS)
# What an extension's deadlines need of the permit it extends: its expiry in force and
# the acts that moved it (`permit_in_force`).
_ORIGINAL_COLUMNS = ("id", "kind", "town", "status", "maintenance", "acts_not_covered",
                     "dep_file_no", "laws",
                     "received", "closed", "decided", "issued", "expires")


def _listed_filings(session: Session) -> list[tuple[_ListedFiling, FilingRow]]:
    applicant, owner, original = aliased(Party), aliased(Party), aliased(Filing)
    statement = (
        select(*(getattr(Filing, name) for name in _LISTED_COLUMNS), applicant.name,
               owner.name, Property.address, Property.map, Property.lot,
               *(getattr(original, name) for name in _ORIGINAL_COLUMNS))
        .outerjoin(applicant, Filing.applicant_id == applicant.id)
        .outerjoin(owner, Filing.owner_id == owner.id)
        .outerjoin(Property, Filing.property_id == Property.id)
        .outerjoin(original, Filing.original_id == original.id)
        .where(Filing.status != "void")
    )
    found = []
    width = len(_LISTED_COLUMNS)
    for values in session.execute(statement):
        filing = _ListedFiling(dict(zip(_LISTED_COLUMNS, values[:width], strict=True)))
        applicant_name, owner_name, address, map_no, lot = values[width:width + 5]
        parent = dict(zip(_ORIGINAL_COLUMNS, values[width + 5:], strict=True))
        filing.original = (_ListedFiling({**parent, "original": None})
                           if parent["id"] is not None else None)
        row = FilingRow(
            id=filing.id, kind=filing.kind, file_no=filing.file_no,
            dep_file_no=filing.dep_file_no, address=address or "",
            map_lot=f"{map_no}-{lot}" if map_no or lot else "",
            applicant=applicant_name or "", owner=owner_name or applicant_name or "",
            status=filing.status, received=filing.received)
        found.append((filing, row))
    return found


def _with_next(row: FilingRow, pending: list[Deadline]) -> FilingRow:
    if pending:
        first = pending[0]
        row.next_deadline = first.date
        row.next_deadline_label = first.label
        row.next_deadline_citation = first.citation
    return row


def load_records(db: Database, today: date) -> DeskRecords:
    """Every filing as a row, and everything due or overdue this week, in one pass."""
    profiles = available_profiles()
    rows: list[FilingRow] = []
    items: list[TodayItem] = []
    older = 0
    oldest_listed = today - timedelta(days=OVERDUE_LOOKBACK_DAYS)
    with db.read_session() as session:
        profiles = profiles_in_effect(session, profiles)
        done = acts_done(session)
        for filing, listed in _listed_filings(session):
            # Duck-typed: it has every attribute the deadline service reads from a Filing.
            every = (every_clock(cast(Filing, filing), profiles, done)
                     if filing.town in profiles and filing.status not in CLOCKS_STOPPED
                     else [])
            pending = open_deadlines(cast(Filing, filing), profiles, today, done,
                                     deadlines=every) if every else []
            items.extend(late_items(cast(Filing, filing), listed, every, done, oldest_listed))
            row = _with_next(listed, pending)
            rows.append(row)
            for deadline in due_this_week(pending, today):
                if deadline.date < oldest_listed:
                    older += 1
                    continue
                items.append(TodayItem(filing_id=row.id, file_no=row.file_no, kind=row.kind,
                                       address=row.address or row.applicant,
                                       what=deadline.label, due=deadline.date,
                                       citation=deadline.citation))
        items.extend(_enforcement_items(session, oldest_listed, today))
        items.extend(dep_copy_items(session, oldest_listed))  # WPA forms' copies to MassDEP
        watch = watch_count_line(watch_counts(session, today))
    items.sort(key=lambda i: (i.due, i.file_no))
    # The Filings tab's type-ahead asks it at every keystroke: built here, off the GUI
    # thread, with the rows it answers for.
    return DeskRecords(rows, items, older, watch, search_index=SearchIndex(rows))


def _enforcement_items(session: Session, since: date, today: date) -> list[TodayItem]:
    """Orders' restoration and NOI deadlines, follow-up inspections and emergency
    orders awaiting ratification, on the same list as the filings' clocks."""
    from concom_desk.services.enforcement.deadlines import enforcement_deadlines

    ahead = today + timedelta(days=WEEK_AHEAD_DAYS)
    return [
        TodayItem(filing_id=d.case_id, file_no=d.case_no, kind="enforcement", address=d.address,
                  what=d.label, due=d.date, citation=ENFORCEMENT_CITATIONS.get(d.kind, ""),
                  record="enforcement_case")
        for d in enforcement_deadlines(session, since, ahead)
    ]


ENFORCEMENT_CITATIONS = {
    # The state rule, which binds every commission (the Sandwich bylaw repeats it; an
    # Upton or Bourne commission must not be shown Sandwich's bylaw).
    "ratify": "310 CMR 10.08(2): an emergency order signed by one member or the agent is "
              "ratified by a majority at the next scheduled meeting",
    # The others are set by the commission's own order, not by a statute: say so.
    "restore_by": "Set by the commission's enforcement order",
    "file_noi_by": "Set by the commission's enforcement order",
    "follow_up": "Set at the last inspection",
}
