"""Which of its papers a filing is offered, by its kind and where it stands: the
decision it has (a negative determination, a denial...) and its status (completed: its
certificate first). The window lists them; what each would lack is said beside it."""

from __future__ import annotations

from dataclasses import dataclass

from concom_desk.services.documents.context import filing_by_number
from concom_desk.services.documents.context_extras import certificate_of, latest_decision
from concom_desk.store import Database


@dataclass(frozen=True)
class FilingStanding:
    status: str
    decided: str | None  # the decision that issued or denied it (its kind), if recorded
    certified: bool  # a certificate of compliance is recorded for it
    # The recorded decision's special conditions and reasons, which its papers print
    # (what the clerk would type for a paper made before the decision is recorded).
    conditions: tuple[str, ...] = ()
    reasons: tuple[str, ...] = ()


def filing_standing(db: Database, file_no: str) -> FilingStanding:
    with db.read_session() as session:
        filing = filing_by_number(session, file_no)
        decision = latest_decision(session, filing)
        if decision is None:
            return FilingStanding(filing.status, None,
                                  certificate_of(session, filing).decision is not None)
        special = sorted((c for c in decision.conditions if c.kind == "special"),
                         key=lambda c: c.number)
        reasons = (decision.reasons or "").splitlines() if decision.kind == "denial" else []
        return FilingStanding(filing.status, decision.kind,
                              certificate_of(session, filing).decision is not None,
                              conditions=tuple(c.text for c in special),
                              reasons=tuple(line.strip() for line in reasons if line.strip()))
