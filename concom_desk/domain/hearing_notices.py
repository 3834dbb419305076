"""Whether the notices a hearing needs were given in time: the abutters', the
newspaper's and the other boards', under each law the filing is under.

A hearing held without the notice a law requires can be overturned (and under the Act
a missed state clock can cost the bylaw too: Oyster Creek Preservation v. Harwich,
2007). So the clerk is told in one line when booking, opening or closing a hearing
whose notice is late or not recorded.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from datetime import date

from concom_desk.domain.deadline_engine import Deadline
from concom_desk.domain.hearing_booking import Finding, Severity
from concom_desk.domain.plain_dates import long_date, weekday_date

# The notice clocks, in the words of the warning.
NOTICE_CLOCKS = {
    "abutter_notice_by": "the abutter notice",
    "legal_notice_by": "the legal notice in the newspaper",
    "board_notice_by": "the notice to the other boards",
}
STATE_PREFIX = "State: "  # how `laws.side_by_side` labels the Act's clocks


def unmet_notices(deadlines: Iterable[Deadline], given: Mapping[str, date | None],
                  today: date, *, sitting: bool,
                  warned: Collection[tuple[str, date | None]] = ()) -> Finding | None:
    """One warning naming each notice not given in time (None when all are).

    `given` is the day each notice was given (mailed, published, sent), None when none
    is recorded. `sitting`: the hearing opens or closes now, so every notice is owed
    already; at booking a notice whose day is still ahead is not late yet. `warned`:
    (clock, due day) of the notices another finding already warns of."""
    late: list[str] = []
    cited: list[str] = []
    missing = False
    for deadline in deadlines:
        what = NOTICE_CLOCKS.get(deadline.id)
        if what is None or (deadline.id, deadline.date) in warned:
            continue
        if deadline.label.startswith(STATE_PREFIX):
            what = what.replace("the ", "the Act's ", 1)
        done = given.get(deadline.id)
        if done is None:
            if not sitting and today <= deadline.date:
                continue
            late.append(f"{what} was due by {weekday_date(deadline.date)} and none is "
                        "recorded")
            missing = True
        elif done > deadline.date:
            late.append(f"{what} was given on {long_date(done)}, after "
                        f"{weekday_date(deadline.date)}")
        else:
            continue
        cited.append(deadline.citation.split(":")[0].strip())
    if not late:
        return None
    record = "Record each notice that was given; a" if missing else "A"
    return Finding(
        "notices", Severity.WARNING,
        f"Required notice not met: {'; '.join(late)}. {record} hearing held without "
        "timely notice may have to be noticed and held again.",
        "; ".join(dict.fromkeys(cited)))
