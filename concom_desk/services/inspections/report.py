"""The inspection report: one visit of a filing printed for the file and the applicant,
with the conditions checked and the photos (forms/inspection-report.docx, which the
clerk may replace like any template; made through the one renderer, so the document
safety checks apply to it as to a permit)."""

from __future__ import annotations

from pathlib import Path

from concom_desk.domain.filing_kinds import KINDS
from concom_desk.domain.plain_dates import long_date
from concom_desk.errors import UserError
from concom_desk.services.database import Database
from concom_desk.services.documents.context import Context, common_context
from concom_desk.services.documents.register import save_document
from concom_desk.services.documents.rendering import Picture
from concom_desk.services.inspections.filing_inspections import FilingInspection, inspection_of
from concom_desk.store.models import Filing

TEMPLATE = "inspection-report"
# Two photos a page: a landscape one most of the text's width, a portrait one as tall.
PHOTO_WIDTH_MM = 130
PHOTO_HEIGHT_MM = 95


def photo_picture(path: Path) -> Picture | str:
    """Page-wide when landscape; a portrait photo is held to PHOTO_HEIGHT_MM, so two
    fit a page instead of one filling it."""
    from docx.image.image import Image

    try:
        data = path.read_bytes()
        shape = Image.from_blob(data)
    except OSError:
        return "(photo missing from the documents folder)"
    except Exception:  # noqa: BLE001  (a photo the reader cannot size is still printed)
        return Picture(data, width_mm=PHOTO_WIDTH_MM)
    if shape.px_height * PHOTO_WIDTH_MM > shape.px_width * PHOTO_HEIGHT_MM:
        return Picture(data, height_mm=PHOTO_HEIGHT_MM)
    return Picture(data, width_mm=PHOTO_WIDTH_MM)


def report_context(db: Database, inspection: FilingInspection, filing_id: int) -> Context:
    with db.read_session() as session:
        context = common_context(session)
        filing = session.get(Filing, filing_id)
        if filing is None:
            raise UserError("this filing is no longer in the database")
        prop = filing.property
        kind = KINDS.get(filing.kind)
        context["inspection"] = {
            "file_no": filing.file_no, "dep_file_no": filing.dep_file_no or "",
            "kind": kind.name if kind else filing.kind,
            "applicant": filing.applicant.name if filing.applicant else "",
            "address": prop.address if prop else "",
            "map_lot": prop.map_lot if prop else "",
            "work": filing.work_description or "",
            "purpose": inspection.purpose, "date": long_date(inspection.inspected_on),
            "by": inspection.inspector, "findings": inspection.findings,
            "follow_up": long_date(inspection.follow_up_by) if inspection.follow_up_by else "",
        }
    context["checks"] = [{"number": str(c.number), "result": c.result_words.capitalize(),
                          "note": c.note, "text": c.text} for c in inspection.checks]
    context["photos"] = [{"number": str(n), "image": photo_picture(p.path), "name": p.original_name}
                         for n, p in enumerate(inspection.photos, start=1)]
    return context


def print_inspection_report(db: Database, inspection_id: int) -> Path:
    """Make the report in the filing's documents folder and list it on its record."""
    inspection, filing_id = inspection_of(db, inspection_id)
    if not inspection.done:
        raise UserError("this inspection is only planned; record what was found first")
    context = report_context(db, inspection, filing_id)
    file_no = context["inspection"]["file_no"]
    title = f"Inspection report {file_no} {inspection.inspected_on.isoformat()}"
    return Path(save_document(db, TEMPLATE, context, title, folder=file_no,
                              filing_id=filing_id).path)
