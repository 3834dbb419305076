"""The statutory deadlines of a stored filing, from the deadline engine.

The engine needs the town profile, the kind, the known event dates and the flags;
all four are on the `Filing` row. `next_deadline` answers the question of the filings
list: what is the next date the commission must act by, for this filing?
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date

from concom_desk.domain.deadline_engine import Deadline, compute_deadlines
from concom_desk.domain.town_profile import TownProfile
from concom_desk.errors import UserError
from concom_desk.services.town_profiles import available_profiles
from concom_desk.store.models import Filing

# A deadline is met once the filing has one of these dates (the act it bounds is
# done). Deadlines not listed (an appeal period, a town's own rule) stay pending
# until their day has passed.
MET_BY: dict[str, tuple[str, ...]] = {
    "hearing_by": ("hearing",),
    "legal_notice_by": ("hearing",),
    "abutter_notice_by": ("hearing",),
    "board_comment_period_ends": ("closed",),
    "decision_by": ("decided", "issued"),
    "coc_decision_by": ("decided", "issued"),
    "expires": ("completed",),
    "extension_request_by": ("completed",),
    "coc_application_by": ("completed",),
    "emergency_work_complete_by": ("completed",),
}

# Statuses after which nothing more is owed on the filing itself.
FINISHED_STATUSES = frozenset({"void", "withdrawn", "completed", "expired"})


def _profile(filing: Filing, profiles: Mapping[str, TownProfile] | None) -> TownProfile:
    found = (profiles if profiles is not None else available_profiles()).get(filing.town)
    if found is None:
        raise UserError(
            f"filing {filing.file_no} follows the rules of town {filing.town!r}, "
            "which has no profile here; add its profile to the towns folder"
        )
    return found


def filing_deadlines(
    filing: Filing,
    profiles: Mapping[str, TownProfile] | None = None,
    closures: Iterable[date] = (),
) -> list[Deadline]:
    """Every deadline that follows from the filing's dates, in the profile's order.
    `profiles` (from `available_profiles()`) saves re-reading the files for a list;
    `closures` are the town's own office closure days from its settings."""
    profile = _profile(filing, profiles)
    closures = tuple(closures)
    if closures:
        profile = profile.with_closures(closures)
    return compute_deadlines(profile, filing.kind, filing.event_dates(), filing.flags())


def is_met(filing: Filing, deadline: Deadline) -> bool:
    return any(getattr(filing, field) is not None for field in MET_BY.get(deadline.id, ()))


def next_deadline(
    filing: Filing,
    today: date | None = None,
    profiles: Mapping[str, TownProfile] | None = None,
    closures: Iterable[date] = (),
) -> Deadline | None:
    """The earliest deadline on or after `today` whose act is not done yet, or None
    (finished filings have none)."""
    if filing.status in FINISHED_STATUSES:
        return None
    today = today or date.today()
    pending = [d for d in filing_deadlines(filing, profiles, closures)
               if d.date >= today and not is_met(filing, d)]
    return min(pending, key=lambda d: d.date, default=None)
