"""A decision document made before the record holds what it states is made as a
DRAFT: "DRAFT — not for issue" at the top of its first page and in the page header,
the missing facts listed under it, and "DRAFT" at the front of its file name.

Marked after rendering, on the finished .docx, so the templates (the clerk's to edit)
need no DRAFT field of their own and no template can forget it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Pt, RGBColor
from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.document_needs import RecordFacts, missing_facts
from concom_desk.services.documents.rendering import save_atomically
from concom_desk.store import Database
from concom_desk.store.models import Decision, Filing, Inspection, Meeting, Vote

DRAFT_MARK = "DRAFT — not for issue"
DRAFT_PREFIX = "DRAFT"
_RED = RGBColor(0xB0, 0x00, 0x00)


def _vote_recorded(session: Session, filing: Filing) -> bool:
    """A carried vote on the filing, taken at or after the hearing closed (a vote to
    continue, before the close, is not the decision); or a decision recorded with its
    vote or the day it was voted. (Not the filing's `decided` date alone: a status
    change fills that in, vote or no vote.)"""
    votes = (select(Vote.id).join(Meeting, Vote.meeting_id == Meeting.id)
             .where(Vote.filing_id == filing.id, Vote.result == "carried"))
    if filing.closed is not None:
        votes = votes.where(Meeting.held_on >= filing.closed)
    if session.scalars(votes).first() is not None:
        return True
    return session.scalars(select(Decision.id).where(
        Decision.filing_id == filing.id,
        Decision.vote_id.is_not(None) | Decision.decided_on.is_not(None))).first() is not None


def record_facts(session: Session, filing: Filing, template: str = "") -> RecordFacts:
    """What the record holds; a certificate's facts are its own (on its request, or on the
    permit itself), and a permit is the permit its own certificate names."""
    from concom_desk.services.documents.context_extras import (
        certificate_day,
        certificate_of,
        latest_decision,
    )
    from concom_desk.services.documents.wpa_context import act_work_by, decided_box

    decision = latest_decision(session, filing)
    # The emergency: as the emergency certification prints it (the decision's findings,
    # else what the filing's notes say of it).
    reason = bool((decision.findings if decision else "").strip() or (filing.notes or "")
                  .strip())
    certified, inspected, permit_named = None, False, filing.original_id is not None
    if template == "certificate-of-compliance":
        cert = certificate_of(session, filing)
        permit_named = cert.permit is not None
        certified = certificate_day(session, filing)
        holders = [f.id for f in (cert.holder, cert.permit) if f is not None]
        inspected = session.scalars(select(Inspection.id).where(
            Inspection.filing_id.in_(holders), Inspection.done.is_(True))).first() is not None
    return RecordFacts(kind=filing.kind, hearing=filing.hearing, closed=filing.closed,
                       vote_recorded=_vote_recorded(session, filing), decided=filing.decided,
                       issued=filing.issued, expires=filing.expires,
                       permit_named=permit_named,
                       reason_recorded=reason,
                       work_by=act_work_by(session, filing),
                       form_box=decided_box(decision),
                       findings_recorded=bool(decision is not None and decision.findings
                                              .strip()),
                       certified=certified, inspected=inspected)


def missing_for(session: Session, filing: Filing, template: str) -> list[str]:
    """What the document would state that the record does not hold yet (a WPA form
    states what its bylaw counterpart does, as decided: a Form 5 before the vote is a
    DRAFT too; a Form 5 denying the project asks no expiry, as a denial has none)."""
    from concom_desk.services.documents.context_extras import latest_decision
    from concom_desk.services.documents.wpa_context import decided_counterpart

    counterpart = decided_counterpart(template, latest_decision(session, filing))
    return missing_facts(counterpart, record_facts(session, filing, counterpart),
                         form=template)


def document_gaps(db: Database, file_no: str, template: str) -> list[str]:
    """The same, for the window to say before the document is made."""
    from concom_desk.services.documents.context import filing_by_number

    with db.read_session() as session:
        return missing_for(session, filing_by_number(session, file_no), template)


def draft_line(missing: Sequence[str]) -> str:
    """The one line that says so, in the document and on the command line."""
    return f"{DRAFT_MARK} ({'; '.join(missing)})"


def _mark(paragraph: Any, text: str, size: int, bold: bool) -> None:
    paragraph.alignment = WD_ALIGN_PARAGRAPH.CENTER
    run = paragraph.add_run(text)
    run.bold = bold
    run.font.size = Pt(size)
    run.font.color.rgb = _RED


def mark_draft(path: Path, missing: Sequence[str]) -> None:
    """Put the DRAFT mark and the missing facts at the top of the document and in
    each page header, in place (written under a temporary name, then moved)."""
    document = Document(str(path))
    heading, listing = document.add_paragraph(), document.add_paragraph()
    _mark(heading, DRAFT_MARK, 16, bold=True)
    _mark(listing, f"Why it is a draft: {'; '.join(missing)}.", 11, bold=False)
    body = document.element.body
    body.insert(0, listing._p)  # added at the end; moved to the top of the first page
    body.insert(0, heading._p)
    for number, section in enumerate(document.sections):
        headers = [section.header]
        if section.different_first_page_header_footer:
            headers.append(section.first_page_header)
        for header in headers:
            if number and header.is_linked_to_previous:
                continue  # shows the previous section's header, already marked
            first = header.paragraphs[0] if header.paragraphs else header.add_paragraph()
            _mark(first.insert_paragraph_before(), DRAFT_MARK, 10, bold=True)
    save_atomically(document, path)  # type: ignore[arg-type]
