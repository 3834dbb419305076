"""The expiry watch: what a commission looks over once a month so no permit lapses or
lingers unseen — permits expiring soon, permits expired with no Certificate of
Compliance, permits issued but never recorded at the Registry, and COC requests
not yet decided. Each row carries the expiry in force (the permit extension acts
applied) and the day to act by; the list is sorted by that day, the most urgent first.

The stored expiry is the date in force (the program stores it so at every save, and
migration 0009 moved older ones), so one query finds the rows; the deadline engine
then works out only the rows shown, for the reason and the day to act by.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from dateutil.relativedelta import relativedelta
from sqlalchemy import exists, func, or_, select
from sqlalchemy.orm import Session, aliased, joinedload

from concom_desk.domain.deadline_engine import Deadline, expiry_in_force
from concom_desk.domain.town_profile import TownProfile
from concom_desk.domain.wording import counted
from concom_desk.services.filings.filing_clock import FilingClock
from concom_desk.store import Database
from concom_desk.store.models import Filing

DEFAULT_MONTHS = 6

# The four lists, in the words the commission uses.
SECTIONS: dict[str, str] = {
    "expiring": "Expiring soon",
    "expired": "Expired, no Certificate of Compliance",
    "unrecorded": "Issued, not recorded at the Registry",
    "coc_pending": "COC requested, not decided",
}

# Approvals with an expiry of their own (an amendment runs with its permit's term).
EXPIRING_KINDS = ("noi", "rda", "anrad", "extension")
# Permits closed out by a Certificate of Compliance (a determination simply lapses).
PERMIT_KINDS = ("noi", "extension")
# Decisions recorded at the Registry of Deeds before any work (Form 5, 7; the amended
# permit too: Bourne BWR 1.05(12)(a); Nantucket and Upton rules `recording_before_work`).
RECORDED_KINDS = ("noi", "amendment", "extension")
LIVE = ("issued", "expired")


@dataclass(frozen=True)
class WatchRow:
    filing_id: int
    file_no: str
    kind: str
    section: str  # a key of SECTIONS
    address: str
    holder: str  # the permit holder: the owner of record, else the applicant
    holder_id: int | None
    what: str  # one line: "Expires 2027-06-10 (3-year term to …); request an extension by …"
    act_by: date  # the day the row is about: sorted on it, earliest first
    expires: date | None
    why: str  # how the expiry was reached (the acts), or ""
    issued: date | None
    request_by: date | None = None  # the last day to ask for an extension, if any

    def days_left(self, today: date) -> int:
        return (self.act_by - today).days


@dataclass(frozen=True)
class ExpiryWatch:
    today: date
    months: int
    rows: list[WatchRow]

    def count(self, section: str) -> int:
        return sum(1 for row in self.rows if row.section == section)

    def summary(self) -> str:
        """'3 expiring within 6 months · 2 expired with no COC · …' (the non-empty ones)."""
        return counts_summary({key: self.count(key) for key in SECTIONS}, self.months)

    def as_json(self) -> list[dict[str, object]]:
        return [{"file_no": r.file_no, "kind": r.kind, "section": r.section,
                 "address": r.address, "holder": r.holder, "what": r.what,
                 "act_by": r.act_by.isoformat(),
                 "expires": r.expires.isoformat() if r.expires else None,
                 "why": r.why, "issued": r.issued.isoformat() if r.issued else None,
                 "request_extension_by": r.request_by.isoformat() if r.request_by else None}
                for r in self.rows]


def _conditions(today: date, horizon: date) -> dict[str, Any]:
    """Each list as a condition on the filing table (the stored expiry is in force)."""
    follow = aliased(Filing)
    coc_issued = exists().where(follow.original_id == Filing.id, follow.kind == "coc",
                                follow.status == "issued")
    # A permit an extension has taken over: the extension is the row, not the permit.
    extended = exists().where(follow.original_id == Filing.id, follow.kind == "extension",
                              follow.status.in_(LIVE), follow.issued.is_not(None))
    never_recorded = (Filing.recorded.is_(None) & (Filing.recorded_book == "")
                      & (Filing.recorded_page == "") & (Filing.recorded_document == ""))
    live = Filing.status.in_(LIVE) & Filing.issued.is_not(None)
    return {
        "expiring": Filing.kind.in_(EXPIRING_KINDS) & live & ~extended
        & (Filing.expires >= today) & (Filing.expires <= horizon),
        "expired": Filing.kind.in_(PERMIT_KINDS) & live & ~extended
        & (Filing.expires < today) & ~coc_issued,
        "unrecorded": Filing.kind.in_(RECORDED_KINDS) & live & never_recorded,
        "coc_pending": (Filing.kind == "coc") & Filing.issued.is_(None)
        & Filing.status.in_(("received", "hearing", "closed")),
    }


def _candidates(today: date, horizon: date):  # noqa: ANN202 - a SQLAlchemy select
    """The plain query: every filing that belongs on one of the four lists."""
    return select(Filing).where(or_(*_conditions(today, horizon).values()))


def watch_counts(session: Session, today: date, months: int = DEFAULT_MONTHS
                 ) -> dict[str, int]:
    """How many rows each list has, by counting alone (Today says it, cheaply)."""
    horizon = today + relativedelta(months=months)
    return {key: session.scalar(select(func.count()).select_from(Filing).where(condition))
            or 0 for key, condition in _conditions(today, horizon).items()}


def watch_query(months: int, today: date):  # noqa: ANN201 - for the benchmark
    return _candidates(today, today + relativedelta(months=months))


def expiry_watch(db: Database, today: date, months: int = DEFAULT_MONTHS,
                 profiles: Mapping[str, TownProfile] | None = None) -> ExpiryWatch:
    horizon = today + relativedelta(months=months)
    with db.read_session() as session:
        filing_clock = FilingClock.read(session, profiles=profiles)
        statement = _candidates(today, horizon).options(
            # (The permit a COC or an extension refers to is read for those few rows only.)
            joinedload(Filing.owner), joinedload(Filing.applicant),
            joinedload(Filing.property))
        rows: list[WatchRow] = []
        for filing in session.scalars(statement).unique():
            rows.extend(_rows_of(filing, today, horizon, filing_clock))
    rows.sort(key=lambda r: (r.act_by, list(SECTIONS).index(r.section), r.file_no))
    return ExpiryWatch(today, months, rows)


def _rows_of(filing: Filing, today: date, horizon: date,
             filing_clock: FilingClock) -> list[WatchRow]:
    """The filing's rows. Which list it is on is decided by the stored expiry (as the
    query and Today's count decide it); the engine then gives the reason and the clocks,
    and only those the row shows: a 20-year town has hundreds of expired permits."""
    stored = filing.expires
    live = filing.status in LIVE and filing.issued is not None
    expiring = (live and filing.kind in EXPIRING_KINDS and stored is not None
                and today <= stored <= horizon)
    expired = live and filing.kind in PERMIT_KINDS and stored is not None and stored < today
    pending_coc = filing.kind == "coc" and filing.issued is None
    profile = filing_clock.profile(filing.facts())
    deadlines: dict[str, Deadline] = {}
    if profile is not None and (expiring or pending_coc
                                or (expired and filing.kind == "extension")):
        deadlines = {d.id: d for d in filing_clock.own_deadlines(filing.facts())}
    elif profile is not None and expired:  # only its expiry and why
        only = expiry_in_force(profile, filing.kind, filing.event_dates(), filing.flags(),
                               not_covered=filing.acts_not_covered or "")
        deadlines = {"expires": only} if only else {}
    holder = filing.owner or filing.applicant
    base = {"filing_id": filing.id, "file_no": filing.file_no, "kind": filing.kind,
            "address": filing.property.address if filing.property else "",
            "holder": holder.name if holder else "", "holder_id": holder.id if holder else None,
            "issued": filing.issued}
    expiry = deadlines.get("expires")
    expires = expiry.date if expiry else stored
    why = expiry.rule if expiry else ""
    found = []
    if expiring and expires is not None:
        request = deadlines.get("extension_request_by")
        request_by = request.date if request else None
        ask = f"; request an extension by {request_by.isoformat()}" if request_by else ""
        found.append(WatchRow(**base, section="expiring", expires=expires, why=why,
                              act_by=request_by or expires, request_by=request_by,
                              what=f"Expires {expires.isoformat()}{ask}"))
    if expired and expires is not None:  # the query left out those with a COC issued
        found.append(WatchRow(**base, section="expired", expires=expires, why=why,
                              act_by=expires,
                              what=f"Expired {expires.isoformat()} with no Certificate of "
                                   "Compliance: was the work done, or never begun?"))
    if live and filing.kind in RECORDED_KINDS and not _recorded(filing):
        assert filing.issued is not None
        found.append(WatchRow(**base, section="unrecorded", expires=expires, why="",
                              act_by=filing.issued,
                              what=f"Issued {filing.issued.isoformat()}, not recorded at the "
                                   "Registry of Deeds (no book/page): no work may begin"))
    if pending_coc:
        clock = deadlines.get("coc_decision_by")
        received = filing.received or today
        permit = f" for permit {filing.original.file_no}" if filing.original else ""
        due = (f"; decide by {clock.date.isoformat()} ({clock.citation.split(':')[0]})"
               if clock else "")
        found.append(WatchRow(**base, section="coc_pending", expires=None, why="",
                              act_by=clock.date if clock else received,
                              what=f"COC requested {received.isoformat()}{permit}, not "
                                   f"decided{due}"))
    return found


def _recorded(filing: Filing) -> bool:
    return bool(filing.recorded or filing.recorded_book or filing.recorded_page
                or filing.recorded_document)


def counts_summary(counts: dict[str, int], months: int) -> str:
    words = {"expiring": f"expiring within {months} months", "expired": "expired with no COC",
             "unrecorded": "not recorded", "coc_pending": "COC not decided"}
    parts = [f"{counts[key]} {words[key]}" for key in SECTIONS if counts.get(key)]
    return " · ".join(parts) if parts else "nothing to watch"


def watch_count_line(counts: dict[str, int], months: int = DEFAULT_MONTHS) -> str:
    """What Today says of the watch: 'Expiry watch: 12 permits to look at (3 expiring
    within 6 months · 9 expired with no COC)', or '' when there is nothing."""
    total = sum(counts.values())
    if not total:
        return ""
    return (f"Expiry watch: {counted(total, 'permit')} to look at "
            f"({counts_summary(counts, months)}).")
