"""The legal notice for the newspaper and the meeting agenda.

The legal notice batches every hearing of one meeting that must be advertised
(new hearings, and continued ones whose date was not announced at the hearing)
under the date it must be published by: the earliest `legal_notice_by` among
them. The agenda lists every hearing of the meeting, the other business and any
emergency enforcement order awaiting ratification, with the Open Meeting Law
posting deadline (MGL c.30A §20(b)).

The contexts follow /work/brief/DOCUMENT_CONTEXT.md ("LEGAL NOTICE", "AGENDA").
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.plain_dates import clock_time, long_date, weekday_date_time
from concom_desk.errors import UserError
from concom_desk.paths import documents_dir
from concom_desk.services.calendar_entries import HearingEntry, MeetingEntry, RatificationEntry
from concom_desk.services.calendar_load import load_calendar
from concom_desk.services.town_profiles import available_profiles
from concom_desk.store import Database
from concom_desk.store.models import (
    CommissionSettings,
    GeneratedDocument,
    majority_of,
    members_in_office,
)

LEGAL_NOTICE_TEMPLATE = "legal-notice"
AGENDA_TEMPLATE = "agenda"
# The agenda form itself ends with "topics the chair did not reasonably anticipate"
# (940 CMR 29.03(1)(b)), so it is not repeated here.
DEFAULT_OTHER_BUSINESS = ("Approval of minutes",)


def render_document(name_or_path: str | Path, context: Mapping[str, Any], out: Path) -> Path:
    """The templates' renderer (sandboxed, strict, atomic save) once it is on main;
    until then the same contract through docxtpl directly."""
    try:
        from concom_desk.services.rendering import render_template
    except ImportError:  # the templates branch has not landed yet
        return _render_with_docxtpl(name_or_path, context, out)
    return render_template(name_or_path, context, out)


def _render_with_docxtpl(name_or_path: str | Path, context: Mapping[str, Any], out: Path
                         ) -> Path:
    from docxtpl import DocxTemplate
    from jinja2 import StrictUndefined, UndefinedError
    from jinja2.sandbox import SandboxedEnvironment

    from concom_desk.paths import forms_dir

    source = Path(name_or_path)
    if source.suffix.lower() != ".docx":
        source = forms_dir() / f"{name_or_path}.docx"
    if not source.is_file():
        raise UserError(f"template {name_or_path}: no such Word form ({source})")
    document = DocxTemplate(str(source))
    try:
        document.render(dict(context), jinja_env=SandboxedEnvironment(undefined=StrictUndefined),
                        autoescape=True)
    except UndefinedError as exc:
        raise UserError(f"template {source.stem}: {exc}") from None
    out = Path(out)
    temp = out.with_name(out.name + ".tmp")
    document.save(str(temp))
    temp.replace(out)
    return out


def meeting_context(meeting: MeetingEntry) -> dict[str, str]:
    return {
        "date": long_date(meeting.day),
        "weekday": f"{meeting.day:%A}",
        "time": clock_time(meeting.at),
        "place": meeting.place,
    }


def _date_or_blank(day: date | None) -> str:
    return long_date(day) if day is not None else ""


def hearing_row(hearing: HearingEntry) -> dict[str, str]:
    return {
        "file_no": hearing.file_no,
        "dep_file_no": hearing.dep_file_no,
        "kind_name": hearing.kind_name,
        "applicant": hearing.applicant,
        "owner": hearing.owner,
        "address": hearing.address,
        "map_lot": hearing.map_lot,
        "work_description": hearing.work_description,
        "resource_areas": hearing.resource_areas,
        "continued_from": _date_or_blank(hearing.continued_from),
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
    return {
        **common,
        "meeting": meeting_context(meeting),
        "publish_by": _date_or_blank(meeting.publish_by()),
        "hearings": [hearing_row(h) for h in advertised],
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
            **hearing_row(hearing),
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
        "meeting": {**meeting_context(meeting), "kind": _agenda_kind(meeting.kind)},
        "post_by": weekday_date_time(meeting.post_by),
        "hearings": hearings,
        "other_business": business,
        "ratifications": orders,
    }


def _agenda_kind(kind: str) -> str:
    # The contract knows regular and special; a site walk is a special meeting.
    return "regular" if kind == "regular" else "special"


def common_context(session: Session, on: date, today: date) -> dict[str, Any]:
    """The COMMON part of every template's context, from the commission's settings and
    members in office on `on` (the meeting day)."""
    settings = session.scalars(select(CommissionSettings)).first()
    if settings is None:
        raise UserError("the commission's settings are not filled in yet (name, town, address)")
    members = members_in_office(session, on)
    chair = next((m.name for m in members if m.role == "chair"), "")
    names = [m.name for m in members]
    profiles = available_profiles()
    profile = profiles.get(settings.town)
    return {
        "commission": {
            "name": settings.name,
            "town": profile.name if profile else settings.town.title(),
            "address_lines": [line for line in settings.address.splitlines() if line.strip()],
            "phone": settings.phone,
            "email": settings.email,
            "chair": chair,
            "members_in_office": names,
            "signers_needed": majority_of(len(names)) if names else 0,
            "signature_lines": names,
            "clerk_initials": settings.clerk_initials,
        },
        "town": {
            "id": settings.town,
            "name": profile.name if profile else settings.town.title(),
            "bylaw": profile.source if profile else "",
            "appeal_rights": "",
            "recording_instructions": "",
        },
        "today": long_date(today),
    }


def _write(db: Database, meeting_id: int, template: str, title: str,
           build: Callable[[MeetingEntry, dict[str, Any]], dict[str, Any]],
           out: Path | None, form: Path | None, today: date) -> Path:
    snapshot = load_calendar(db)
    meeting = snapshot.meeting(meeting_id)
    if meeting is None:
        raise UserError(f"there is no meeting number {meeting_id}")
    with db.read_session() as session:
        common = common_context(session, meeting.day, today)
    context = build(meeting, common)
    folder = documents_dir(db.path) / "meetings"
    folder.mkdir(parents=True, exist_ok=True)
    target = out or folder / f"{template}-{meeting.day.isoformat()}.docx"
    written = render_document(form or template, context, target)
    digest = hashlib.sha256(written.read_bytes()).hexdigest()
    try:
        stored_path = str(written.resolve().relative_to(documents_dir(db.path).resolve()))
    except ValueError:  # saved outside the documents folder: keep the full path
        stored_path = str(written.resolve())
    with db.session() as session:
        session.add(GeneratedDocument(
            meeting_id=meeting.meeting_id, title=f"{title}, {long_date(meeting.day)}",
            template=template, path=stored_path, created_at=datetime.now(UTC).replace(tzinfo=None),
            created_by=db.initials, sha256=digest))
    return written


def write_legal_notice(db: Database, meeting_id: int, today: date, out: Path | None = None,
                       form: Path | None = None) -> Path:
    """The newspaper's legal notice for every advertised hearing of the meeting."""
    return _write(db, meeting_id, LEGAL_NOTICE_TEMPLATE, "Legal notice", legal_notice_context,
                  out, form, today)


def write_agenda(db: Database, meeting_id: int, today: date,
                 other_business: Sequence[str] = DEFAULT_OTHER_BUSINESS,
                 out: Path | None = None, form: Path | None = None) -> Path:
    """The meeting agenda, with its posting deadline and orders awaiting ratification."""
    snapshot_orders = load_calendar(db).ratifications

    def build(meeting: MeetingEntry, common: dict[str, Any]) -> dict[str, Any]:
        return agenda_context(meeting, common, other_business, snapshot_orders)

    return _write(db, meeting_id, AGENDA_TEMPLATE, "Agenda", build, out, form, today)
