"""What the expiry reminder letter says of a permit: whether it has expired, whether
the permit extension acts moved its expiry (and which), and how long before expiry
the town's bylaw wants the extension request."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy.orm import Session

from concom_desk import clock
from concom_desk.services.filings.filing_clock import FilingClock
from concom_desk.store.models import Filing


def _day(letter_date: str) -> date:
    """The letter's date ('December 1, 2026', as the context prints it)."""
    try:
        return datetime.strptime(letter_date, "%B %d, %Y").date()
    except ValueError:
        return clock.today()


def reminder_facts(session: Session, filing: Filing, letter_date: str) -> dict[str, object]:
    clock = FilingClock.read(session, [filing.id])
    found = {d.id: d for d in clock.own_deadlines(filing.facts())}
    expiry = found.get("expires")
    expires = expiry.date if expiry else filing.expires
    days_before = ""
    profile = clock.profile(filing.facts())
    rule = next((r for r in (profile.rules_for(filing.kind, filing.flags()) if profile else [])
                 if r.id == "extension_request_by"), None)
    if rule is not None and rule.count > 1:  # "before it expires" needs no count
        unit = rule.unit.value.replace("_", " ")
        days_before = f"{rule.count} {unit}"
    return {
        "expired": expires is not None and expires < _day(letter_date),
        "extended": bool(expiry and expiry.extended_by),
        "acts": "; ".join(step.act.citation for step in expiry.extended_by) if expiry else "",
        "days_before": days_before,
    }
