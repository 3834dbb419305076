"""The minutes printed from the `minutes` Word template (forms/minutes.docx, which
the clerk may edit like every template): a draft says DRAFT at the top, an
approved set says when, at which meeting and by which vote it was approved."""

from __future__ import annotations

from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from concom_desk.domain.plain_dates import clock_time, long_date, weekday_date_time
from concom_desk.domain.votes import majority_of
from concom_desk.services.calendar.meeting_documents import meeting_common_context
from concom_desk.services.documents.register import TITLES, RegisteredDocument, save_document
from concom_desk.services.minutes.sheet import MinutesSheet, VoteLine
from concom_desk.store import Database
from concom_desk.store.anchor import head_in

MINUTES_TEMPLATE = "minutes"


def _clock(text: str) -> str:
    return clock_time(time.fromisoformat(text)) if text else ""


def state_label(sheet: MinutesSheet) -> str:
    """'DRAFT — not yet approved' or 'APPROVED March 17, 2027'."""
    amended = f" (amendment {sheet.version - 1})" if sheet.amends_version else ""
    if sheet.approved:
        return f"APPROVED {long_date(sheet.approved_on)}{amended}"
    return f"DRAFT — not yet approved{amended}"


def approval_words(sheet: MinutesSheet) -> str:
    if not sheet.approved or sheet.approved_by is None:
        return ("Draft minutes, available on request under MGL c.30A §22(c) before they are "
                "approved.")
    vote = sheet.approved_by
    return (f"Approved at the meeting of {long_date(sheet.approved_at_meeting)}: "
            f"{vote.motion.rstrip('.')}. {vote.tally()}. {vote.roll_call()}").strip()


def _vote(vote: VoteLine) -> dict[str, str]:
    return {"motion": vote.motion.rstrip("."), "moved": vote.moved(), "tally": vote.tally(),
            "roll_call": vote.roll_call()}


def quorum_words(sheet: MinutesSheet) -> str:
    voting = [line for line in sheet.roll_call if line.role != "associate"]
    sitting = [line for line in voting if line.status != "absent"]
    need = majority_of(len(voting)) if voting else 0
    met = "a quorum" if voting and len(sitting) >= need else "no quorum"
    return (f"{len(sitting)} of {len(voting)} members in office present or taking part "
            f"remotely: {met} ({need} needed).")


def minutes_context(sheet: MinutesSheet, common: dict[str, Any],
                    trail: str = "") -> dict[str, Any]:
    """`trail`: the audit trail's head (ChainHead.printed), printed on approved sets."""
    posted = ""
    if sheet.posted_at:
        posted = weekday_date_time(datetime.fromisoformat(sheet.posted_at))
    amendment = ""
    if sheet.amends_version:
        amendment = (f"Amends the minutes as approved (version {sheet.amends_version}): "
                     f"{sheet.amendment_reason}")
    items = [{"no": str(number), "heading": item.heading, "record": list(item.record),
              "summary": item.summary, "votes": [_vote(v) for v in item.votes],
              "exhibits": list(item.exhibits)}
             for number, item in enumerate(sheet.items, start=1)]
    return {
        **common,
        "meeting": {"date": long_date(sheet.day), "weekday": f"{sheet.day:%A}",
                    "time": _clock(sheet.start_time),
                    "place": sheet.place or common["commission"].get("meeting_place", ""),
                    "kind": "regular" if sheet.kind == "regular" else "special"},
        "minutes": {"state": sheet.state, "state_label": state_label(sheet),
                    "version": str(sheet.version),
                    "called_to_order": _clock(sheet.called_to_order),
                    "adjourned_at": _clock(sheet.adjourned_at), "posted_at": posted,
                    "quorum": quorum_words(sheet), "approval": approval_words(sheet),
                    "amendment": amendment,
                    "trail": trail if sheet.approved else ""},
        "present": sheet.present("present"),
        "remote": sheet.present("remote"),
        "absent": sheet.present("absent"),
        "items": items,
        "documents": list(sheet.documents),
    }


def minutes_title(sheet: MinutesSheet) -> str:
    state = "approved" if sheet.approved else "draft"
    version = f", amendment {sheet.version - 1}" if sheet.amends_version else ""
    return f"{TITLES[MINUTES_TEMPLATE]} ({state}{version}), {long_date(sheet.day)}"


def write_minutes(db: Database, sheet: MinutesSheet, today: date,
                  form: Path | str | None = None) -> RegisteredDocument:
    """Print the minutes into the meeting's folder and record them in the register."""
    with db.read_session() as session:
        common = meeting_common_context(session, sheet.day, today)
        trail = head_in(session).printed()
    context = minutes_context(sheet, common, trail)
    return save_document(db, str(form) if form else MINUTES_TEMPLATE, context,
                         minutes_title(sheet), folder="meetings", meeting_id=sheet.meeting_id)
