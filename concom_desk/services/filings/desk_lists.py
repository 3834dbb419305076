"""Every filing as a row, and everything due or overdue this week, read in one pass:
what the Filings tab lists and Today shows (the enforcement cases' deadlines and the
copies owed to MassDEP on the same list as the filings' clocks).

After a save the window reads only the filings it touched (`filing_ids`): the same
pass over fewer filings, so their rows and Today's items are the very ones a read of
the whole town gives (tested filing by filing), and a save costs a few filings' read,
not the town's."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import date, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session, aliased

from concom_desk.domain.deadline_engine import Deadline
from concom_desk.domain.enforcement_case import RATIFICATION_CITATION
from concom_desk.domain.filing_facts import FilingFacts
from concom_desk.domain.status_rules import CLOCKS_STOPPED
from concom_desk.services.commission.town_profiles import available_profiles
from concom_desk.services.documents.dep_copies import dep_copy_items
from concom_desk.services.filings.expiry_watch import watch_count_line, watch_counts
from concom_desk.services.filings.filing_clock import FilingClock
from concom_desk.services.filings.next_deadline import due_this_week
from concom_desk.services.filings.rows import (
    OVERDUE_LOOKBACK_DAYS,
    WEEK_AHEAD_DAYS,
    DeskLists,
    FilingRow,
    TodayItem,
)
from concom_desk.services.filings.search_index import SearchIndex
from concom_desk.services.inspections.reminders import inspection_items
from concom_desk.services.land.monitoring import visit_items
from concom_desk.services.minutes.executive import review_items
from concom_desk.store import Database
from concom_desk.store.models import FILING_DATE_FIELDS, Filing, Party, Property

# A filing's clocks' inputs (`FilingFacts`) read as columns, without the ORM's
# bookkeeping (filling ten thousand mapped objects takes seconds), and its row's.
_LISTED_COLUMNS = ("id", "file_no", "dep_file_no", "laws", "kind", "town", "status",
                   "maintenance", "acts_not_covered", *FILING_DATE_FIELDS)
_FACT_COLUMNS = ("id", "file_no", "laws", "kind", "town", "status", "maintenance",
                 "acts_not_covered", *FILING_DATE_FIELDS)
# What an extension's deadlines need of the permit it extends: its expiry in force and
# the acts that moved it (`permit_in_force`).
_ORIGINAL_COLUMNS = ("id", "file_no", "kind", "town", "status", "maintenance",
                     "acts_not_covered", "laws",
                     "received", "closed", "decided", "issued", "expires")


def _facts(values: Mapping[str, object], original: FilingFacts | None = None) -> FilingFacts:
    given = {name: values[name] for name in _FACT_COLUMNS if name in values}
    given["maintenance"] = bool(given.get("maintenance"))
    given["acts_not_covered"] = given.get("acts_not_covered") or ""
    return FilingFacts(**given, original=original)  # type: ignore[arg-type]


def with_dependents(session: Session, filing_ids: Collection[int]) -> set[int]:
    """`filing_ids` and every filing whose deadlines count from one of them: the
    extensions and amendments whose `original_id` is one, and theirs in turn."""
    found = set(filing_ids)
    last = set(found)
    while last:
        last = set(session.scalars(select(Filing.id).where(Filing.original_id.in_(last)))) - found
        found |= last
    return found


# The tables joined twice, named once: an alias costs a copy of every column each time
# it is made, the most of a read of one filing's row.
_APPLICANT, _OWNER, _ORIGINAL = aliased(Party), aliased(Party), aliased(Filing)


def _listed_filings(session: Session, filing_ids: Collection[int] | None = None
                    ) -> list[tuple[FilingFacts, FilingRow]]:
    applicant, owner, original = _APPLICANT, _OWNER, _ORIGINAL
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
    if filing_ids is not None:
        statement = statement.where(Filing.id.in_(filing_ids))
    found = []
    width = len(_LISTED_COLUMNS)
    for values in session.execute(statement):
        listed = dict(zip(_LISTED_COLUMNS, values[:width], strict=True))
        applicant_name, owner_name, address, map_no, lot = values[width:width + 5]
        parent = dict(zip(_ORIGINAL_COLUMNS, values[width + 5:], strict=True))
        filing = _facts(listed, _facts(parent) if parent["id"] is not None else None)
        row = FilingRow(
            id=int(listed["id"]), kind=filing.kind, file_no=filing.file_no,
            dep_file_no=str(listed["dep_file_no"] or ""), address=address or "",
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


def load_lists(db: Database, today: date,
                 filing_ids: Collection[int] | None = None) -> DeskLists:
    """Every filing as a row, and everything due or overdue this week, in one pass.

    With `filing_ids`, only those filings and the ones whose deadlines count from them
    (`with_dependents`; `DeskLists.read` names them all): their rows and their Today
    items (the enforcement cases' are not read), for the window to put in place of
    theirs. A filing read and not found (voided, gone) has no row: it leaves the lists."""
    profiles = available_profiles()
    rows: list[FilingRow] = []
    items: list[TodayItem] = []
    older: dict[int, int] = {}
    copy_owed: set[int] = set()  # filings whose own clock already asks for MassDEP's copy
    oldest_listed = today - timedelta(days=OVERDUE_LOOKBACK_DAYS)
    with db.read_session() as session:
        wanted = None if filing_ids is None else with_dependents(session, filing_ids)
        clock = FilingClock.read(session, wanted, profiles)
        for filing, listed in _listed_filings(session, wanted):
            every = (clock.deadlines(filing)
                     if clock.counts(filing) and filing.status not in CLOCKS_STOPPED
                     else [])
            pending = clock.open_deadlines(filing, today, every) if every else []
            items.extend(clock.late_items(filing, listed, every, oldest_listed))
            row = _with_next(listed, pending)
            rows.append(row)
            for deadline in due_this_week(pending, today):
                if deadline.id == "dep_copy_by":
                    copy_owed.add(row.id)
                if deadline.date < oldest_listed:
                    older[row.id] = older.get(row.id, 0) + 1
                    continue
                items.append(TodayItem(filing_id=row.id, file_no=row.file_no, kind=row.kind,
                                       address=row.address or row.applicant,
                                       what=deadline.label, due=deadline.date,
                                       citation=deadline.citation))
        if wanted is None:
            items.extend(_enforcement_items(session, oldest_listed, today))
            items.extend(visit_items(session, today))  # conservation land's yearly visits
            # Withheld executive-session minutes due their yearly review (§22(g)(1))
            items.extend(review_items(session, today))
        # WPA forms' copies owed to MassDEP
        # (once: a joint filing's dep_copy_by deadline already asks for the same copy)
        items.extend(item for item in dep_copy_items(session, oldest_listed, wanted)
                     if item.filing_id not in copy_owed)
        # Site visits planned this week, and follow-ups the last visit asked for
        items.extend(inspection_items(session, oldest_listed, today, wanted))
        # The expiry watch's counts are the town's: a read of a few filings leaves them
        # to `watch_line`, read after their rows are shown (it costs more than they do).
        watch = watch_count_line(watch_counts(session, today)) if wanted is None else ""
    items.sort(key=lambda i: (i.due, i.file_no))
    if wanted is not None:  # a few rows: the window merges them into the list it has
        return DeskLists(rows, items, sum(older.values()), watch, older_by_filing=older,
                           read=frozenset(wanted))
    # The Filings tab's type-ahead asks it at every keystroke: built here, off the GUI
    # thread, with the rows it answers for.
    return DeskLists(rows, items, sum(older.values()), watch,
                       search_index=SearchIndex(rows), older_by_filing=older)


def watch_line(db: Database, today: date) -> str:
    """What the expiry watch holds, in Today's one line (as `load_lists` reads it)."""
    with db.read_session() as session:
        return watch_count_line(watch_counts(session, today))


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
    "ratify": RATIFICATION_CITATION,
    # The others are set by the commission's own order, not by a statute: say so.
    "restore_by": "Set by the commission's enforcement order",
    "file_noi_by": "Set by the commission's enforcement order",
    "follow_up": "Set at the last inspection",
}
