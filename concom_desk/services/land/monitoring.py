"""Monitoring visits of conservation land and restrictions: yearly at least, with
findings and photos, kept as inspections of the land (the same table, photo store and
dialog as a filing's inspections); reminders of visits due on Today; the monitoring
report printed from the Word template `monitoring-report`."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.plain_dates import long_date
from concom_desk.errors import UserError
from concom_desk.services.database import Database
from concom_desk.services.documents.context import Context, common_context
from concom_desk.services.documents.register import save_document
from concom_desk.services.filings.rows import WEEK_AHEAD_DAYS, TodayItem
from concom_desk.services.inspections.filing_inspections import (
    FilingInspection,
    FilingInspectionDraft,
    keep_photos,
    read_visits,
    write_visit,
)
from concom_desk.services.inspections.photos import AttachmentCopier
from concom_desk.services.inspections.report import photo_picture
from concom_desk.services.land.conservation_land import land_rows
from concom_desk.store.models import LAND_KINDS, ConservationLand, Inspection

TEMPLATE = "monitoring-report"
CITATION = "MGL c.184 §§31–33: the holder monitors the restriction (yearly)"


def save_visit(db: Database, land_id: int, draft: FilingInspectionDraft,
               inspection_id: int | None = None) -> int:
    """Plan or record a monitoring visit of the land (a planned one now made: its id)."""
    problems = draft.problems()
    if problems:
        raise UserError(" ".join(problems))
    with AttachmentCopier(db.path) as copier, db.session() as session:
        if session.get(ConservationLand, land_id) is None:
            raise UserError("that land is no longer in the database")
        if inspection_id is None:
            visit = Inspection(land_id=land_id)
            session.add(visit)
        else:
            found = session.get(Inspection, inspection_id)
            if found is None or found.land_id != land_id:
                raise UserError("that visit is no longer on this land's record")
            visit = found
        write_visit(session, visit, draft)
        keep_photos(session, copier, visit, draft)
        return visit.id


def visits_of(db: Database, land_id: int) -> list[FilingInspection]:
    with db.read_session() as session:
        rows = session.scalars(select(Inspection).where(Inspection.land_id == land_id)
                               .order_by(Inspection.inspected_on, Inspection.id)).all()
        return read_visits(session, rows, db.path)


def visit_items(session: Session, today: date) -> list[TodayItem]:
    """Today's reminders: each parcel or restriction whose yearly visit falls due within
    the week ahead (or is past), opening the conservation land list."""
    ahead = today + timedelta(days=WEEK_AHEAD_DAYS)
    return [TodayItem(land.id, land.name, "conservation_land", land.address or land.map_lot,
                      "Monitoring visit due", land.visit_due(today), CITATION,
                      record="conservation_land")
            for land in land_rows(session) if land.visit_due(today) <= ahead]


def _land_context(session: Session, land: ConservationLand) -> Context:
    recording = (f"Book {land.recorded_book}, Page {land.recorded_page}"
                 + (f", recorded {long_date(land.recorded_on)}" if land.recorded_on else "")
                 if land.recorded_book else "")
    return {"name": land.name, "kind": LAND_KINDS[land.kind], "address": land.address,
            "map_lot": land.map_lot, "acres": land.acres, "holder": land.holder,
            "grantor": land.grantor, "recording": recording, "terms": land.terms}


def print_monitoring_report(db: Database, land_id: int, visit_id: int) -> Path:
    visit = next((v for v in visits_of(db, land_id) if v.id == visit_id), None)
    if visit is None or not visit.done:
        raise UserError("choose a visit made (a planned one has nothing to report yet)")
    with db.read_session() as session:
        land = session.get(ConservationLand, land_id)
        if land is None:
            raise UserError("that land is no longer in the database")
        context = common_context(session)
        context["land"] = _land_context(session, land)
        name = land.name
    context["visit"] = {"date": long_date(visit.inspected_on), "by": visit.inspector,
                        "purpose": visit.purpose, "findings": visit.findings,
                        "follow_up": long_date(visit.follow_up_by) if visit.follow_up_by
                        else ""}
    context["photos"] = [{"number": str(n), "image": photo_picture(p.path),
                          "name": p.original_name}
                         for n, p in enumerate(visit.photos, start=1)]
    title = f"Monitoring report {name} {visit.inspected_on.isoformat()}"
    return Path(save_document(db, TEMPLATE, context, title, folder="Conservation land").path)
