"""The copy of each WPA form that goes to MassDEP: when it was sent, in the document
register, and the Today list's reminder while it is not recorded.

The Act asks for the copy at the same time the decision goes to the applicant
(mass.gov, "WPA Form 5: Order of Conditions": "A copy must also be mailed or
hand-delivered at the same time to the appropriate MassDEP Regional Office";
310 CMR 10.05(3)(b), 10.05(6), 10.05(8), 10.05(9), 10.06(4): the copy goes to the
Department when the decision issues), so the reminder is due the day the decision
was issued, not the day its form was printed: a 2021 Order printed again today
was owed in 2021, and is not a new "due today" (the filing's own dep_copy_by
deadline counts it, with the others too old to list). A form made before its
decision has an issue date is due the day it was made. A DRAFT is not issued: no
copy is chased for it.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.errors import UserError
from concom_desk.services.documents.drafts import DRAFT_PREFIX
from concom_desk.services.documents.wpa_fields import WPA_FORMS
from concom_desk.store import Database
from concom_desk.store.models import Filing, GeneratedDocument

if TYPE_CHECKING:
    from concom_desk.services.filings.rows import TodayItem

CITATION = ("MGL c.131 §40; 310 CMR 10.05(6); the WPA forms: a copy to the MassDEP Regional "
            "Office at the same time as the applicant's, when the decision issues")
_WPA_FILES = tuple(f"{name}.docx" for name in WPA_FORMS)


@dataclass(frozen=True)
class DepCopy:
    document_id: int
    title: str
    form: str  # "WPA Form 5 – Order of Conditions"
    made: date
    sent: date | None


def _form_of(template: str) -> str:
    return WPA_FORMS.get(template.removesuffix(".docx"), (template, "", ()))[0]


def _issued(row: GeneratedDocument) -> bool:
    return row.template in _WPA_FILES and not row.title.startswith(DRAFT_PREFIX)


def dep_copies_of(db: Database, filing_id: int) -> list[DepCopy]:
    """Every WPA form made for the filing (not the drafts), with the day its copy went."""
    with db.read_session() as session:
        rows = session.scalars(select(GeneratedDocument)
                               .where(GeneratedDocument.filing_id == filing_id)
                               .order_by(GeneratedDocument.created_at)).all()
        return [DepCopy(r.id, r.title, _form_of(r.template), r.created_at.date(),
                        r.dep_copy_sent_on) for r in rows if _issued(r)]


def record_dep_copy_sent(db: Database, document_id: int, sent: date | None) -> None:
    """Record (or, with None, clear) the day the copy went to MassDEP."""
    with db.session() as session:
        row = session.get(GeneratedDocument, document_id)
        if row is None:
            raise UserError(f"there is no generated document number {document_id}")
        if not _issued(row):
            raise UserError(f"document {document_id} ({row.title}) is not an issued WPA form; "
                            "only those are copied to MassDEP")
        if sent is not None and sent < row.created_at.date():
            raise UserError(f"the copy cannot have been sent ({sent}) before the form was "
                            f"made ({row.created_at.date()})")
        row.dep_copy_sent_on = sent


@dataclass(frozen=True)
class UnsentCopy:
    filing_id: int
    file_no: str
    kind: str
    address: str
    form: str
    made: date
    due: date  # the decision's issuance, when the copy was owed


def unsent_copies(session: Session, since: date,
                  filing_ids: Collection[int] | None = None) -> list[UnsentCopy]:
    """Issued WPA forms owed since `since` (their decision issued then or later) whose
    copy is not recorded as sent (of the filings `filing_ids` only, when given)."""
    statement = (
        select(GeneratedDocument, Filing).join(Filing, GeneratedDocument.filing_id == Filing.id)
        .where(GeneratedDocument.template.in_(_WPA_FILES),
               GeneratedDocument.dep_copy_sent_on.is_(None), Filing.status != "void")
        .order_by(GeneratedDocument.created_at))
    if filing_ids is not None:
        statement = statement.where(Filing.id.in_(filing_ids))
    rows = session.execute(statement).all()
    copies = [UnsentCopy(filing.id, filing.file_no, filing.kind,
                         filing.property.address if filing.property else "",
                         _form_of(row.template), row.created_at.date(),
                         filing.issued or row.created_at.date())
              for row, filing in rows if _issued(row)]
    return [copy for copy in copies if copy.due >= since]


def dep_copy_items(session: Session, since: date,
                   filing_ids: Collection[int] | None = None) -> list[TodayItem]:
    """Today's reminders: each issued WPA form whose copy to MassDEP is not recorded
    (of the filings `filing_ids` only, when given)."""
    from concom_desk.services.filings.rows import TodayItem

    return [TodayItem(filing_id=c.filing_id, file_no=c.file_no, kind=c.kind,
                      address=c.address, what=f"Send the copy of {c.form} to MassDEP",
                      due=c.due, citation=CITATION)
            for c in unsent_copies(session, since, filing_ids)]
