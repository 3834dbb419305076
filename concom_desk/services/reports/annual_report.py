"""The figures of the commission's annual report to the town, counted by the
database (one aggregate query per figure, no row loaded one by one, so a 20-year
town's report takes the time of a few table scans):

- filings received, by kind and by where each stands now (issued, denied,
  withdrawn, pending), and per month for the chart;
- hearings opened and continuances granted at the period's meetings;
- decisions made, by kind, and the median days from filing to decision;
- permits expiring in the period, extension permits and certificates of
  compliance issued;
- enforcement cases opened and closed, fines assessed and waived;
- fees collected (paid in the period: the bylaw's filing fee and the town's share of
  the fee under the Act, MGL c.131 §40 and 310 CMR 4.00, the state's share going to
  MassDEP) and fees waived (filings received in it).

A voided filing or case was entered in error and counts nowhere.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from concom_desk.domain.filing_kinds import KINDS
from concom_desk.domain.wpa_fees import split_fee
from concom_desk.services.reports.report_period import ReportPeriod
from concom_desk.store import Database
from concom_desk.store.models import (
    Continuance,
    Decision,
    EnforcementCase,
    Filing,
    Fine,
    Hearing,
    Meeting,
)

# Where a filing received in the period stands now, in the report's words.
OUTCOMES: dict[str, str] = {
    "issued": "issued", "completed": "issued", "expired": "issued", "denied": "denied",
    "withdrawn": "withdrawn", "received": "pending", "hearing": "pending", "closed": "pending",
}
OUTCOME_ORDER = ("issued", "denied", "withdrawn", "pending")
COC_KINDS = ("certificate_of_compliance", "partial_certificate_of_compliance")
# Each decision kind as counted in the report: (one, several).
DECISION_NAMES: dict[str, tuple[str, str]] = {
    "order_of_conditions": ("order of conditions (permit)", "orders of conditions (permits)"),
    "positive_determination": ("positive determination", "positive determinations"),
    "negative_determination": ("negative determination", "negative determinations"),
    "denial": ("denial", "denials"),
    "order_of_delineation": ("order of resource area delineation",
                             "orders of resource area delineation"),
    "extension_permit": ("extension permit", "extension permits"),
    "amended_order": ("amended order", "amended orders"),
    "certificate_of_compliance": ("certificate of compliance", "certificates of compliance"),
    "partial_certificate_of_compliance": ("partial certificate of compliance",
                                          "partial certificates of compliance"),
    "emergency_certification": ("emergency certification", "emergency certifications"),
    "denial_of_extension": ("extension denied", "extensions denied"),
    "denial_of_coc": ("certificate of compliance denied", "certificates of compliance denied"),
}


def decision_count(kind: str, count: int) -> str:
    """'1 denial', '3 orders of conditions (permits)'."""
    one, several = DECISION_NAMES.get(kind, (kind, kind))
    return f"{count:,} {one if count == 1 else several}"


def kind_name(kind: str) -> str:
    found = KINDS.get(kind)
    return found.name if found else kind


@dataclass(frozen=True)
class AnnualFigures:
    period: ReportPeriod
    by_kind: dict[str, dict[str, int]]  # kind -> outcome -> count
    monthly: dict[str, list[int]]  # kind -> twelve counts
    hearings_opened: int
    continuances: int
    decisions: dict[str, int]  # decision kind -> count
    median_days_to_decision: float | None
    decisions_timed: int
    permits_expiring: int
    extensions_issued: int
    cocs_issued: int
    cases_opened: int
    cases_closed: int
    fines_assessed: int
    fines_cents: int
    fines_waived_cents: int
    fees_collected_cents: int
    fees_paid_filings: int
    fees_waived_filings: int
    fees_waived_cents: int
    notes: tuple[str, ...] = field(default=())
    wpa_town_share_cents: int = 0  # of fees_collected_cents: the town's share of WPA fees

    @property
    def filings_total(self) -> int:
        return sum(sum(outcomes.values()) for outcomes in self.by_kind.values())


def _in(column, period: ReportPeriod):  # type: ignore[no-untyped-def]
    return column.between(period.start, period.end)


_LIVE = Filing.status != "void"


def _filings(session: Session, period: ReportPeriod
             ) -> tuple[dict[str, dict[str, int]], dict[str, list[int]]]:
    by_kind: dict[str, dict[str, int]] = {}
    for kind, status, count in session.execute(
            select(Filing.kind, Filing.status, func.count())
            .where(_in(Filing.received, period), _LIVE).group_by(Filing.kind, Filing.status)):
        outcome = OUTCOMES.get(status, "pending")
        by_kind.setdefault(kind, {}).setdefault(outcome, 0)
        by_kind[kind][outcome] += count
    months = period.months()
    monthly: dict[str, list[int]] = {kind: [0] * 12 for kind in by_kind}
    # Counted by month here, not in SQL: a year's filings are a few hundred rows, and
    # each engine names "the month of a date" differently (strftime, to_char).
    for kind, received in session.execute(
            select(Filing.kind, Filing.received).where(_in(Filing.received, period), _LIVE)):
        monthly.setdefault(kind, [0] * 12)[months.index((received.year, received.month))] += 1
    return by_kind, monthly


def _count(session: Session, query) -> int:  # type: ignore[no-untyped-def]
    return int(session.scalar(query) or 0)


def annual_figures(db: Database, period: ReportPeriod) -> AnnualFigures:
    with db.read_session() as session:
        by_kind, monthly = _filings(session, period)
        hearings_opened = _count(session, select(func.count()).select_from(Hearing)
                                 .join(Filing, Filing.id == Hearing.filing_id)
                                 .where(_in(Hearing.opened_on, period), _LIVE))
        continuances = _count(session, select(func.count()).select_from(Continuance)
                              .join(Meeting, Meeting.id == Continuance.from_meeting_id)
                              .where(_in(Meeting.held_on, period)))
        decided = (select(Decision.kind, func.count()).join(Filing, Filing.id ==
                                                            Decision.filing_id)
                   .where(_in(Decision.decided_on, period), _LIVE).group_by(Decision.kind))
        decisions = {kind: count for kind, count in session.execute(decided)}
        days = [float((decided - received).days) for decided, received in session.execute(
            select(Filing.decided, Filing.received)
            .where(_in(Filing.decided, period), Filing.received.is_not(None), _LIVE))]
        issued_of = (select(func.count()).select_from(Decision)
                     .join(Filing, Filing.id == Decision.filing_id)
                     .where(_in(Decision.issued_on, period), _LIVE))
        expiring = _count(session, select(func.count()).select_from(Filing).where(
            _in(Filing.expires, period), _LIVE))
        extensions = _count(session, issued_of.where(Decision.kind == "extension_permit"))
        cocs = _count(session, issued_of.where(Decision.kind.in_(COC_KINDS)))
        live_case = EnforcementCase.status != "void"
        opened = _count(session, select(func.count()).select_from(EnforcementCase).where(
            _in(EnforcementCase.opened_on, period), live_case))
        closed = _count(session, select(func.count()).select_from(EnforcementCase).where(
            _in(EnforcementCase.closed_on, period), live_case))
        fine_day = func.coalesce(Fine.issued_on, Fine.offense_on)
        fines, fine_cents, waived_cents = session.execute(
            select(func.count(), func.coalesce(func.sum(Fine.amount_cents), 0),
                   func.coalesce(func.sum(Fine.waived_cents), 0))
            .join(EnforcementCase, EnforcementCase.id == Fine.case_id)
            .where(fine_day.between(period.start, period.end), live_case)).one()
        paid_filings, paid_cents = session.execute(
            select(func.count(), func.coalesce(func.sum(Filing.fee_cents), 0)).where(
                _in(Filing.fee_paid_on, period), Filing.fee_waived.is_(False), _LIVE)).one()
        # The town keeps half the fee under the Act plus $12.50 (domain/wpa_fees.py),
        # paid with the filing; the split is worked out per filing, not on the sum.
        wpa_town_cents = sum(split_fee(cents).town_cents for cents in session.scalars(
            select(Filing.wpa_fee_cents).where(_in(Filing.fee_paid_on, period),
                                               Filing.wpa_fee_cents > 0, _LIVE)))
        waived_filings, waived_fee_cents = session.execute(
            select(func.count(), func.coalesce(func.sum(case(
                (Filing.fee_cents > 0, Filing.fee_cents), else_=0)), 0)).where(
                _in(Filing.received, period), Filing.fee_waived.is_(True), _LIVE)).one()
    return AnnualFigures(
        period=period, by_kind=by_kind, monthly=monthly, hearings_opened=hearings_opened,
        continuances=continuances, decisions=decisions,
        median_days_to_decision=statistics.median(days) if days else None,
        decisions_timed=len(days), permits_expiring=expiring, extensions_issued=extensions,
        cocs_issued=cocs, cases_opened=opened, cases_closed=closed, fines_assessed=fines,
        fines_cents=fine_cents, fines_waived_cents=waived_cents,
        fees_collected_cents=paid_cents + wpa_town_cents, fees_paid_filings=paid_filings,
        fees_waived_filings=waived_filings, fees_waived_cents=waived_fee_cents,
        wpa_town_share_cents=wpa_town_cents)
