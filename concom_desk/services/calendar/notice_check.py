"""The notices a filing's hearing needs, read from the records: the clocks of every law
the filing is under (the commission's `FilingClock`) beside the day each notice was given (the last
abutter's mailing, the legal notice's publication, the boards' notice)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.hearing_booking import Finding, Severity
from concom_desk.domain.hearing_notices import NOTICE_CLOCKS, unmet_notices
from concom_desk.domain.town_profile import TownProfile
from concom_desk.services.calendar.clocks import abutters_notified_on
from concom_desk.services.filings.filing_clock import FilingClock
from concom_desk.store.models import Filing, Hearing
from concom_desk.store.models.calendar import HearingNotice


def notice_finding(session: Session, filing: Filing, hearing: Hearing | None, day: date,
                   today: date, profiles: Mapping[str, TownProfile] | None, *, sitting: bool,
                   beside: Sequence[Finding] = ()) -> Finding | None:
    """The warning when a notice the hearing on `day` needs was not given in time.
    `hearing` is None while booking (its legal notice is not published yet); `beside`
    are the findings it goes with (a notice one of them warns of is not named twice)."""
    clock = FilingClock.read(session, [filing.id], profiles)
    deadlines = [d for d in clock.deadlines(filing.facts(), hearing_booked=day)
                 if d.id in NOTICE_CLOCKS]
    # The opening notice's publication: on the hearing (as "Notice published…" records it,
    # and as older records and the demo keep it), else on its notice for the meeting.
    published = hearing.legal_ad_published_on if hearing is not None else None
    if published is None and hearing is not None and hearing.meeting_id is not None:
        published = session.scalar(select(HearingNotice.published_on).where(
            HearingNotice.hearing_id == hearing.id,
            HearingNotice.meeting_id == hearing.meeting_id))
    given = {"abutter_notice_by": abutters_notified_on(session, filing.id),
             "legal_notice_by": published,
             "board_notice_by": filing.boards_notified}
    warned = {(f.clock, f.due) for f in beside if f.severity is Severity.WARNING}
    return unmet_notices(deadlines, given, today, sitting=sitting, warned=warned)
