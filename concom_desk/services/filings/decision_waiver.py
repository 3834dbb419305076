"""The applicant's written waiver of the 21-day decision period: the commission may
decide after the 21 days from the close of the hearing only with it, and only to a
date the waiver names (Garrity v. Hingham Conservation Commission, 462 Mass. 779
(2012): the waiver must be voluntary, of a defined and reasonable length, and a
matter of public record). Recorded beside the hearing waivers; `decision_by` then
runs to the date it names (services/filings/deadlines.py, `extensions_for`)."""

from __future__ import annotations

from datetime import date

from concom_desk.errors import UserError
from concom_desk.store import Database
from concom_desk.store.models import Filing, HearingWaiver

# A waiver longer than this is not "reasonable in length" on its face; the clerk is
# asked to check it (Garrity names no number; a year is the program's line).
LONGEST_DAYS = 365


def record_decision_waiver(db: Database, filing_id: int, signed_on: date, signed_by: str,
                           decide_by: date | None) -> int:
    """Record the waiver; refused, in one line, where Garrity does not allow it."""
    if not signed_by.strip():
        raise UserError("name who signed the waiver (the applicant or their agent)")
    if decide_by is None:
        raise UserError("give the date the decision may come by: a waiver of the decision "
                        "period must have a defined end (Garrity v. Hingham, 2012)")
    with db.session() as session:
        filing = session.get(Filing, filing_id)
        if filing is None:
            raise UserError("this filing is no longer in the database")
        if filing.closed is None:
            raise UserError("the decision period runs from the close of the hearing; record "
                            "the close first (a waiver of the hearing clock is on the "
                            "booking dialog)")
        if filing.decided is not None or filing.issued is not None:
            raise UserError("the decision is already recorded; there is no period to waive")
        if filing.received is not None and signed_on < filing.received:
            raise UserError("the waiver cannot be signed before the filing was received")
        if decide_by <= filing.closed:
            raise UserError(f"the decision date {decide_by} must come after the close of "
                            f"the hearing ({filing.closed})")
        if (decide_by - filing.closed).days > LONGEST_DAYS:
            raise UserError(f"{decide_by} is more than a year after the close of the "
                            "hearing; a waiver must be reasonable in length (Garrity v. "
                            "Hingham, 2012)")
        waiver = HearingWaiver(filing_id=filing.id, signed_on=signed_on,
                               signed_by=signed_by.strip(), hearing_no_later_than=decide_by,
                               received_on=signed_on, period="decision")
        session.add(waiver)
        session.flush()
        return waiver.id
