"""The legal notice for the newspaper and the meeting agenda.

The legal notice batches every hearing of one meeting that must be advertised
(new hearings, and continued ones whose date was not announced at the hearing)
under the date it must be published by: the earliest `legal_notice_by` among
them. The agenda lists every hearing of the meeting, the other business and any
emergency enforcement order awaiting ratification, with the Open Meeting Law
posting deadline (MGL c.30A §20(b)).

The contexts are those of docs/templates.md ("legal-notice", "agenda").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session

from concom_desk.domain.laws import ACT, BOTH, BYLAW, under_words
from concom_desk.domain.plain_dates import clock_time, long_date, weekday_date_time
from concom_desk.domain.wording import phrase, resource_areas_phrase, same_party, work_within
from concom_desk.errors import UserError
from concom_desk.services.calendar.entries import HearingEntry, MeetingEntry, RatificationEntry
from concom_desk.services.calendar.loading import load_calendar
from concom_desk.services.documents.context import (
    commission_context,
    laws_context,
    settings_of,
    town_context,
)
from concom_desk.services.documents.register import TITLES, save_document
from concom_desk.services.documents.rendering import render_template
from concom_desk.store import Database

LEGAL_NOTICE_TEMPLATE = "legal-notice"
AGENDA_TEMPLATE = "agenda"
# The agenda form itself ends with "topics the chair did not reasonably anticipate"
# (940 CMR 29.03(1)(b)), so it is not repeated here.
DEFAULT_OTHER_BUSINESS = ("Approval of minutes",)


def render_document(name_or_path: str | Path, context: Mapping[str, Any], out: Path) -> Path:
    """The templates' renderer (sandboxed, strict undefined, atomic save)."""
    return render_template(name_or_path, context, out)


def meeting_context(meeting: MeetingEntry, common: Mapping[str, Any] | None = None
                    ) -> dict[str, str]:
    """When and where; a meeting booked without a place takes the commission's usual
    meeting place from the Settings (its time always has one)."""
    usual = (common or {}).get("commission", {})
    return {
        "date": long_date(meeting.day),
        "weekday": f"{meeting.day:%A}",
        "time": clock_time(meeting.at),
        "place": meeting.place or usual.get("meeting_place", ""),
    }


def _date_or_blank(day: date | None) -> str:
    return long_date(day) if day is not None else ""


def hearing_row(hearing: HearingEntry, town: Mapping[str, Any]) -> dict[str, str]:
    """One hearing as the notice and the agenda list it; `town` is the common context's
    (its id and name word the laws the filing is under)."""
    return {
        "file_no": hearing.file_no,
        "dep_file_no": hearing.dep_file_no,
        "kind_name": hearing.kind_name,
        "applicant": hearing.applicant,
        # An owner the applicant's name already says is not said again.
        "owner": "" if same_party(hearing.owner, hearing.applicant) else hearing.owner,
        "address": hearing.address,
        "map_lot": hearing.map_lot,
        # Ready for the middle of a sentence: the forms put their own full stop.
        "work_description": phrase(hearing.work_description),
        "resource_areas": resource_areas_phrase(hearing.resource_areas),
        "work_and_areas": work_within(hearing.work_description, hearing.resource_areas),
        "continued_from": _date_or_blank(hearing.continued_from),
        "laws": hearing.laws,
        "under_words": under_words(hearing.laws, town["id"], town["name"]),
    }


def legal_notice_context(meeting: MeetingEntry, common: Mapping[str, Any]) -> dict[str, Any]:
    if meeting.cancelled:
        raise UserError(f"the meeting of {long_date(meeting.day)} is cancelled; "
                        "there is nothing to advertise")
    advertised = meeting.advertised()
    if not advertised:
        raise UserError(
            f"no hearing on the meeting of {long_date(meeting.day)} needs a legal notice "
            "(continued hearings announced at the hearing are not advertised again)"
        )
    town = common["town"]
    # The notice names every law one of its hearings is under, and the MassDEP office
    # where the Act applies to any of them.
    under = {h.laws or BOTH for h in advertised}
    acts, bylaws = bool(under & {BOTH, ACT}), bool(under & {BOTH, BYLAW})
    together = BOTH if acts and bylaws else ACT if acts else BYLAW
    laws = laws_context(together, town["id"], town["name"])
    return {
        **common,
        "meeting": meeting_context(meeting, common),
        "publish_by": _date_or_blank(meeting.publish_by()),
        "under_words": laws["under_words"],
        # A notice of a hearing under the bylaw cites it, as the permit does.
        "bylaw_cited": bylaws,
        "dep_office": laws["dep_office"],
        "hearings": [hearing_row(h, town) for h in advertised],
    }


def agenda_context(
    meeting: MeetingEntry,
    common: Mapping[str, Any],
    other_business: Sequence[str] = (),
    ratifications: Sequence[RatificationEntry] = (),
) -> dict[str, Any]:
    if meeting.cancelled:
        raise UserError(f"the meeting of {long_date(meeting.day)} is cancelled; "
                        "post a cancellation notice instead of an agenda")
    item = 0
    hearings = []
    for hearing in meeting.hearings:
        item += 1
        hearings.append({
            **hearing_row(hearing, common["town"]),
            "item_no": str(item),
            "status": "continued" if hearing.status == "continued" else "new",
            "continued_to": _date_or_blank(hearing.continued_to),
        })
    business = []
    for text in other_business:
        if text.strip():
            item += 1
            business.append({"item_no": str(item), "text": text.strip()})
    orders = []
    for order in ratifications:
        item += 1
        orders.append({
            "item_no": str(item),
            "case_no": order.case_no,
            "order_date": long_date(order.order_date),
            "signed_by": order.signed_by,
            "address": order.address,
        })
    return {
        **common,
        "meeting": {**meeting_context(meeting, common), "kind": _agenda_kind(meeting.kind)},
        "post_by": weekday_date_time(meeting.post_by),
        "hearings": hearings,
        "other_business": business,
        "ratifications": orders,
    }


def _agenda_kind(kind: str) -> str:
    # The contract knows regular and special; a site walk is a special meeting.
    return "regular" if kind == "regular" else "special"


def meeting_common_context(session: Session, meeting_day: date, today: date
                           ) -> dict[str, Any]:
    """COMMON, with the members in office on the meeting day (who sit that evening)."""
    settings = settings_of(session)
    return {
        "commission": commission_context(session, meeting_day),
        "town": town_context(settings.town, settings),
        "today": long_date(today),
    }


def _write(db: Database, meeting_id: int, template: str,
           build: Callable[[MeetingEntry, dict[str, Any]], dict[str, Any]],
           form: Path | None, today: date) -> Path:
    snapshot = load_calendar(db)
    meeting = snapshot.meeting(meeting_id)
    if meeting is None:
        raise UserError(f"there is no meeting number {meeting_id}")
    with db.read_session() as session:
        common = meeting_common_context(session, meeting.day, today)
    context = build(meeting, common)
    title = f"{TITLES.get(template, template)}, {long_date(meeting.day)}"
    saved = save_document(db, str(form) if form else template, context, title,
                          folder="meetings", meeting_id=meeting.meeting_id)
    return saved.path


def write_legal_notice(db: Database, meeting_id: int, today: date,
                       form: Path | None = None) -> Path:
    """The newspaper's legal notice for every advertised hearing of the meeting."""
    return _write(db, meeting_id, LEGAL_NOTICE_TEMPLATE, legal_notice_context, form, today)


def write_agenda(db: Database, meeting_id: int, today: date,
                 other_business: Sequence[str] = DEFAULT_OTHER_BUSINESS,
                 form: Path | None = None) -> Path:
    """The meeting agenda, with its posting deadline and orders awaiting ratification;
    "Approval of minutes" names the meetings whose draft minutes wait."""
    from concom_desk.services.minutes.agenda_item import filled_other_business

    snapshot_orders = load_calendar(db).ratifications

    def build(meeting: MeetingEntry, common: dict[str, Any]) -> dict[str, Any]:
        business = filled_other_business(db, meeting.day, other_business)
        return agenda_context(meeting, common, business, snapshot_orders)

    return _write(db, meeting_id, AGENDA_TEMPLATE, build, form, today)
