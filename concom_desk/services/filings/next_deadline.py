"""Which of a filing's deadlines still call for something, and which one is next.

The store's `filing_deadlines` gives every date the law sets; here they are
sorted into what the window shows: a deadline whose act is done is "met"; an act
the commission itself owes (open the hearing, publish the notice, decide) stays
on the list as OVERDUE until it is done; a period that simply runs out (an
appeal period, the applicant's time to ask for an extension) drops off once past.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from concom_desk.domain.deadline_engine import Deadline
from concom_desk.domain.filing_facts import FilingFacts
from concom_desk.domain.town_profile import TownProfile
from concom_desk.services.filings.deadlines import (
    MET_BY,
    ActsDone,
    filing_deadlines,
    is_met,
    no_longer_owed,
)
from concom_desk.services.filings.permit_life import late_acts
from concom_desk.services.filings.record_detail import DeadlineLine
from concom_desk.services.filings.rows import WEEK_AHEAD_DAYS

# The hearing notices, each with the act that records it given (the hearing's own
# date also meets them: services/filings/deadlines.py MET_BY).
HEARING_NOTICES = {notice: MET_BY[notice][1] for notice in ("legal_notice_by",
                                                              "abutter_notice_by")}


def deadline_lines(filing: FilingFacts, profiles: Mapping[str, TownProfile],
                   done: ActsDone | None = None) -> list[DeadlineLine]:
    # By date, as the clerk reads down the panel (same-day ones in the profile's order).
    recorded = (done or {}).get(filing.id, {})
    # A clock the applicant's written waiver lifted (no date given) reads "waived".
    waived = {"hearing_by"} if filing.hearing is None and recorded.get("hearing_waived") \
        else set()
    if filing.decided is None and filing.issued is None and recorded.get("decision_waived"):
        waived.add("decision_by")
    found = sorted(filing_deadlines(filing, profiles, done=done), key=lambda d: d.date)
    late = {act.deadline.id for act in late_acts(filing, found, done)}

    def how(deadline_id: str) -> str:
        if deadline_id in waived:
            return "waived"
        if deadline_id in late:
            return "done LATE"
        # A notice counts as given once the hearing was held, but the record has no
        # date for it: "done" beside the hearing's warning "none is recorded" misled.
        if deadline_id in HEARING_NOTICES and not recorded.get(HEARING_NOTICES[deadline_id]):
            return "notice not recorded"
        return "done"

    return [DeadlineLine(d, is_met(filing, d, done), how(d.id),
                         lapsed=no_longer_owed(filing, d))
            for d in found]


def due_this_week(deadlines: list[Deadline], today: date) -> list[Deadline]:
    return [d for d in deadlines if (d.date - today).days <= WEEK_AHEAD_DAYS]
