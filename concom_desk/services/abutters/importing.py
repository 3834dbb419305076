"""Importing the assessor's certified abutter list into a filing.

One transaction, all or nothing: when a row is rejected nothing is stored
unless the clerk asked to skip the rejected rows; a filing that already has a
list keeps it unless she asked to replace it (and a list whose notices have
gone out is never replaced: their tracking would be lost). The property owner
gets a notice when the owner is not the applicant. The column mapping used is
remembered for the next list with the same header.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import delete, func, insert, select
from sqlalchemy.orm import Session

from concom_desk import clock
from concom_desk.domain.abutters.columns import ColumnMapping
from concom_desk.domain.abutters.mailing import first_method
from concom_desk.domain.abutters.notices import NoticeDraft, add_property_owner, group_notices
from concom_desk.domain.abutters.owner_names import natural_name
from concom_desk.domain.abutters.rows import AbutterListReading, RejectedRow, check_rows
from concom_desk.domain.abutters.sheet import AssessorSheet
from concom_desk.domain.abutters.tidy import match_key
from concom_desk.domain.file_numbers import shown_number
from concom_desk.domain.wording import counted
from concom_desk.errors import UserError
from concom_desk.services.abutters.assessor_files import read_assessor_sheet
from concom_desk.services.abutters.column_memory import mapping_for, remember_mapping
from concom_desk.services.abutters.rows import abutter_from_draft, draft_from_party
from concom_desk.store import Database
from concom_desk.store.models import Abutter, AbutterNotice, Filing, Hearing


@dataclass(frozen=True)
class AbutterListPreview:
    """What the import dialog shows before anything is stored."""

    sheet: AssessorSheet
    mapping: ColumnMapping
    mapping_remembered: bool
    reading: AbutterListReading
    notices: tuple[NoticeDraft, ...]


@dataclass(frozen=True)
class ImportSummary:
    rows: int
    notices: int
    rejected: tuple[RejectedRow, ...]
    imported: bool
    message: str
    replaced: int = 0
    flags: tuple[str, ...] = field(default=())

    def as_json(self) -> dict[str, object]:
        return {"rows": self.rows, "notices": self.notices,
                "rejected": [{"row": r.row, "reason": r.reason} for r in self.rejected],
                "imported": self.imported}


def find_filing(session: Session, file_no: str) -> Filing:
    filing = session.scalar(select(Filing).where(Filing.file_no == file_no.strip()))
    if filing is None:
        raise UserError(f"there is no filing numbered {shown_number(file_no)}")
    if filing.status == "void":
        raise UserError(f"filing {filing.file_no} is void: {filing.void_reason}")
    return filing


def preview_abutter_list(path: Path, mapping: ColumnMapping | None = None,
                         progress: Callable[[int, int], None] | None = None
                         ) -> AbutterListPreview:
    sheet = read_assessor_sheet(path)
    remembered = False
    if mapping is None:
        mapping, remembered = mapping_for(sheet.header)
    reading = check_rows(sheet, mapping, progress)
    return AbutterListPreview(sheet, mapping, remembered, reading,
                              tuple(group_notices(reading.records)))


def import_abutter_list(db: Database, filing_id: int, path: Path, *,
                        mapping: ColumnMapping | None = None, skip_bad_rows: bool = False,
                        replace: bool = False, remember: bool = True,
                        preview: AbutterListPreview | None = None,
                        source: str | None = None) -> ImportSummary:
    """Store the list as the filing's abutters, one notice per owner and address.
    `source` says where the list came from (default: the assessors' list and the day)."""
    preview = preview or preview_abutter_list(path, mapping)
    reading = preview.reading
    rejected = reading.rejected
    notices = list(preview.notices)

    def refused(message: str) -> ImportSummary:
        return ImportSummary(reading.row_count, len(notices), rejected, False, message)

    if rejected and not skip_bad_rows:
        rows = ", ".join(str(r.row) for r in rejected[:10]) + (" …" if len(rejected) > 10
                                                                 else "")
        return refused(f"nothing imported: {len(rejected)} row(s) of {reading.row_count} have "
                       f"problems (rows {rows}); fix the list, or import skipping those rows")
    if not reading.records:
        return refused("nothing imported: the list has no usable rows")

    source = source or f"assessors' list {path.name}, imported {clock.today().isoformat()}"
    with db.session() as session:
        filing = session.get(Filing, filing_id)
        if filing is None:
            raise UserError(f"there is no filing with id {filing_id}")
        existing = session.scalar(select(func.count()).select_from(Abutter)
                                  .where(Abutter.filing_id == filing_id)) or 0
        if existing and not replace:
            return refused(f"nothing imported: filing {filing.file_no} already has an abutter "
                           f"list ({existing} owners); import again choosing to replace it")
        if existing:
            sent = _notices_under_way(session, filing_id)
            if sent:
                return refused(f"nothing imported: {counted(sent, 'notice')} of filing "
                               f"{filing.file_no} are already mailed or tracked; "
                               "the list cannot be replaced")
            _delete_list(session, filing_id)
        notices = _with_property_owner(notices, filing)
        hearing_id = session.scalar(select(Hearing.id).where(Hearing.filing_id == filing_id)
                                    .order_by(Hearing.id.desc()).limit(1))
        rows = [abutter_from_draft(d, filing_id, source) for d in notices]
        ids = session.scalars(insert(Abutter).returning(Abutter.id, sort_by_parameter_order=True),
                              rows).all()
        session.execute(insert(AbutterNotice), [
            {"abutter_id": abutter_id, "hearing_id": hearing_id,
             "method": first_method(draft.foreign)}
            for abutter_id, draft in zip(ids, notices, strict=True)])
        file_no = filing.file_no
    if remember:
        remember_mapping(preview.sheet.header, preview.mapping)
    skipped = f", {counted(len(rejected), 'rejected row')} skipped" if rejected else ""
    if existing:
        skipped += f"; the earlier list of {counted(existing, 'owner')} was replaced"
    flags = tuple(f"{natural_name(n.owner_name)}: {flag}" for n in notices for flag in n.flags)
    return ImportSummary(
        reading.row_count, len(notices), rejected, True,
        f"imported {counted(len(notices), 'notice')} from "
        f"{counted(len(reading.records), 'row')} into filing "
        f"{file_no}{skipped}", replaced=existing, flags=flags)


def _with_property_owner(notices: list[NoticeDraft], filing: Filing) -> list[NoticeDraft]:
    """MGL c.131 §40 and the bylaws notify the owner when the owner is not the applicant."""
    owner, applicant = filing.owner, filing.applicant
    if owner is None or not owner.name.strip():
        return notices
    if applicant is not None and (owner.id == applicant.id
                                  or match_key(owner.name) == match_key(applicant.name)):
        return notices
    locus = filing.property
    parcel = (locus.map_lot or locus.address) if locus is not None else ""
    return add_property_owner(notices, draft_from_party(owner, (parcel,) if parcel else ()))


def _notices_under_way(session: Session, filing_id: int) -> int:
    return session.scalar(
        select(func.count()).select_from(AbutterNotice).join(Abutter)
        .where(Abutter.filing_id == filing_id)
        .where((AbutterNotice.mailed_on.is_not(None))
               | (AbutterNotice.green_card_returned_on.is_not(None))
               | (AbutterNotice.certified_article_no != ""))) or 0


def _delete_list(session: Session, filing_id: int) -> None:
    abutter_ids = select(Abutter.id).where(Abutter.filing_id == filing_id)
    session.execute(delete(AbutterNotice).where(AbutterNotice.abutter_id.in_(abutter_ids)))
    session.execute(delete(Abutter).where(Abutter.filing_id == filing_id))


def filing_number(db: Database, filing_id: int) -> str:
    with db.read_session() as session:
        filing = session.get(Filing, filing_id)
        if filing is None:
            raise UserError(f"there is no filing with id {filing_id}")
        return filing.file_no


def count_abutters(db: Database, filing_id: int) -> int:
    with db.read_session() as session:
        return session.scalar(select(func.count()).select_from(Abutter)
                              .where(Abutter.filing_id == filing_id)) or 0
