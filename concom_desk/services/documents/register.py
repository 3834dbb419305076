"""The register of documents the program generated.

Each document is rendered straight into the documents folder beside the
database (under a folder per filing or case), with a safe Windows file name
that never replaces an earlier document, and recorded — template, time, who,
sha256 — in the same step. If the record cannot be written, the file is
removed again: a document and its register entry exist together or not at all.
"""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import Any

from sqlalchemy import select

from concom_desk import clock
from concom_desk.domain.safe_filename import clean_stem, safe_path
from concom_desk.errors import OperationFailed, UserError
from concom_desk.paths import documents_dir
from concom_desk.services.documents.context import filing_by_number, filing_context
from concom_desk.services.documents.context_extras import DraftChoices
from concom_desk.services.documents.drafts import DRAFT_PREFIX, mark_draft, missing_for
from concom_desk.services.documents.rendering import render_template
from concom_desk.services.documents.template_library import template_name
from concom_desk.store import Database
from concom_desk.store.models import GeneratedDocument

# The words a clerk would file each document under.
TITLES: dict[str, str] = {
    "legal-notice": "Legal notice",
    "abutter-letter": "Abutter letters",
    "board-notice": "Notice to boards",
    "agenda": "Agenda",
    "permit": "Permit",
    "determination-negative": "Negative determination",
    "determination-positive": "Positive determination",
    "resource-area-delineation": "Order of resource area delineation",
    "denial": "Denial",
    "extension-permit": "Extension permit",
    "amended-permit": "Amended permit",
    "certificate-of-compliance": "Certificate of compliance",
    "emergency-certification": "Emergency certification",
    "violation-notice": "Violation notice",
    "enforcement-order": "Enforcement order",
    "waiver-21-day": "21-day waiver",
    "minutes": "Minutes",
    "annual-report": "Annual report",
    "form-2-determination-of-applicability": "WPA Form 2 Determination of Applicability",
    "form-4b-order-of-resource-area-delineation": "WPA Form 4B Order of Resource Area "
                                                  "Delineation",
    "form-5-order-of-conditions": "WPA Form 5 Order of Conditions",
    "form-7-extension-permit": "WPA Form 7 Extension Permit",
    "form-8b-certificate-of-compliance": "WPA Form 8B Certificate of Compliance",
    "emergency-certification-wpa": "WPA Emergency Certification",
    "enforcement-order-wpa": "WPA Enforcement Order",
    "expiry-reminder": "Expiry reminder",
    "inspection-report": "Inspection report",
    "monitoring-report": "Monitoring report",
}


@dataclass(frozen=True)
class RegisteredDocument:
    id: int
    path: Path
    title: str
    template: str
    sha256: str
    draft: tuple[str, ...] = ()  # the facts a DRAFT lacks; empty for a document to issue
    blanks: tuple[str, ...] = ()  # a WPA form's fields the record lacks, printed as lines


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


def save_document(db: Database, template: str, context: Mapping[str, Any], title: str,
                  folder: str, *, filing_id: int | None = None,
                  enforcement_case_id: int | None = None,
                  meeting_id: int | None = None,
                  draft: Sequence[str] = ()) -> RegisteredDocument:
    """Render `template` into the documents folder and record it in the register.
    `draft`: the facts the record lacks; the document is then marked DRAFT."""
    root = documents_dir(db.path)
    target_dir = root / clean_stem(folder)
    target_dir.mkdir(parents=True, exist_ok=True)
    try:
        target = safe_path(target_dir, title)
    except ValueError as exc:  # the data folder itself is nested too deep for Windows
        raise OperationFailed(str(exc)) from None
    render_template(template, context, target)
    if draft:
        try:
            mark_draft(target, draft)
        except BaseException:
            target.unlink(missing_ok=True)  # never an unmarked draft under its name
            raise
    digest = sha256_of(target)
    label = template_name(template)
    try:
        with db.session() as session:
            row = GeneratedDocument(
                filing_id=filing_id, enforcement_case_id=enforcement_case_id,
                meeting_id=meeting_id, title=title,
                template=label if label.endswith(".docx") else f"{label}.docx",
                path=target.relative_to(root).as_posix(),
                created_at=clock.now().replace(tzinfo=None),
                created_by=db.initials or "", sha256=digest,
            )
            session.add(row)
            session.flush()
            document_id = row.id
    except Exception:
        target.unlink(missing_ok=True)
        raise
    return RegisteredDocument(document_id, target, title, label, digest, tuple(draft))


def save_filing_document(db: Database, file_no: str, template: str,
                         today: date | None = None, draft: DraftChoices | None = None
                         ) -> RegisteredDocument:
    """Build the context from the stored filing, render and register the document."""
    today = today or clock.today()
    with db.read_session() as session:
        filing = filing_by_number(session, file_no)
        context = filing_context(session, filing, template, today, draft)
        filing_id = filing.id
        # A permit before the hearing closed and the vote is made only as a DRAFT.
        missing = missing_for(session, filing, template)
        blanks = tuple(context.get("wpa", {}).get("missing", ())) if "wpa" in context else ()
    title = f"{TITLES.get(template, template)} {file_no} {today.isoformat()}"
    if missing:
        title = f"{DRAFT_PREFIX} {title}"
    saved = save_document(db, template, context, title, folder=file_no, filing_id=filing_id,
                          draft=missing)
    return replace(saved, blanks=blanks)


def copy_out(document: RegisteredDocument, out: Path) -> Path:
    """A copy for the clerk where she asked (the register keeps its own)."""
    out = Path(out)
    if out.suffix.lower() != ".docx":
        raise UserError(f"{out.name}: the copy must be a .docx file")
    out.parent.mkdir(parents=True, exist_ok=True)
    temp = out.with_name(f".{out.name}.partial")
    try:
        shutil.copyfile(document.path, temp)
        temp.replace(out)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise OperationFailed(f"could not write {out}: {exc.strerror or exc}") from None
    return out


def documents_of_filing(db: Database, file_no: str) -> list[dict[str, str]]:
    root = documents_dir(db.path)
    with db.read_session() as session:
        filing = filing_by_number(session, file_no)
        rows = session.scalars(select(GeneratedDocument)
                               .where(GeneratedDocument.filing_id == filing.id)
                               .order_by(GeneratedDocument.created_at)).all()
        return [{"title": r.title, "template": r.template, "path": str(root / r.path),
                 "created_at": r.created_at.isoformat(timespec="seconds") + "Z",
                 "created_by": r.created_by, "sha256": r.sha256} for r in rows]


def verify_document(db: Database, document_id: int) -> bool:
    """Whether the file is still exactly the one the register recorded."""
    with db.read_session() as session:
        row = session.get(GeneratedDocument, document_id)
        if row is None:
            raise UserError(f"there is no generated document number {document_id}")
        path = documents_dir(db.path) / row.path
        return path.is_file() and sha256_of(path) == row.sha256
