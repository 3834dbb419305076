"""A filing's record, as the record window shows it: its row, its deadlines and
the permit's life, its history and documents, the form Edit opens with and the facts
the status rules are asked with, read in one session."""

from __future__ import annotations

from datetime import date

from sqlalchemy import Select, select
from sqlalchemy.orm import joinedload

from concom_desk.domain.deadline_engine import Deadline
from concom_desk.domain.flood_data import FloodData
from concom_desk.domain.regulations_in_force import in_force_words
from concom_desk.errors import UserError
from concom_desk.services.commission.town_profiles import available_profiles
from concom_desk.services.filings.editing import form_of, status_facts
from concom_desk.services.filings.filing_clock import FilingClock
from concom_desk.services.filings.history import documents_of, history_of
from concom_desk.services.filings.permit_life import revived_line
from concom_desk.services.filings.record_detail import FilingDetail
from concom_desk.services.filings.resource_areas import filing_areas
from concom_desk.services.filings.rows import FilingRow
from concom_desk.services.filings.status_corrections import undo_offer
from concom_desk.services.parcels.locus import filing_locus
from concom_desk.store import Database
from concom_desk.store.models import Filing
from concom_desk.store.regulations_table import regulations


def _with_people(statement: Select[tuple[Filing]]) -> Select[tuple[Filing]]:
    return statement.options(joinedload(Filing.applicant), joinedload(Filing.owner),
                             joinedload(Filing.representative), joinedload(Filing.property))


def _row(filing: Filing, next_up: list[Deadline]) -> FilingRow:
    applicant = filing.applicant.name if filing.applicant else ""
    owner = filing.owner.name if filing.owner else applicant
    first = next_up[0] if next_up else None
    return FilingRow(
        id=filing.id, kind=filing.kind, file_no=filing.file_no, dep_file_no=filing.dep_file_no,
        address=filing.property.address if filing.property else "",
        map_lot=filing.property.map_lot if filing.property else "",
        applicant=applicant, owner=owner, status=filing.status, received=filing.received,
        next_deadline=first.date if first else None,
        next_deadline_label=first.label if first else "",
        next_deadline_citation=first.citation if first else "",
    )


def flood_words(filing: Filing) -> str:
    """'FEMA zone VE (elevation 14 ft) · in LSCSF · in a V-zone · coastal', '' if none."""
    data = FloodData(filing.flood_zone or "", filing.flood_elevation or "",
                     bool(filing.in_lscsf), bool(filing.in_v_zone), bool(filing.in_riverfront),
                     filing.setting or "")
    parts = [f"FEMA zone {data.zone_text()}" if data.zone else "",
             "in land subject to coastal storm flowage" if data.lscsf else "",
             "in a velocity zone" if data.v_zone else "",
             "in the riverfront area" if data.riverfront else "",
             {"both": "coastal and inland"}.get(data.setting, data.setting)]
    return " · ".join(part for part in parts if part)


def filing_detail(db: Database, filing_id: int, today: date) -> FilingDetail:
    profiles = available_profiles()
    with db.read_session() as session:
        filing = session.scalars(_with_people(select(Filing)).where(Filing.id == filing_id)
                                 .options(joinedload(Filing.original))).unique().one_or_none()
        if filing is None:
            raise UserError(f"there is no filing number {filing_id} in this database")
        clock = FilingClock.read(session, [filing.id], profiles)
        facts = filing.facts()  # what its clocks count from, as every list reads it
        pending = clock.open_deadlines(facts, today) if clock.counts(facts) else []
        profile = clock.profile(facts)
        return FilingDetail(
            row=_row(filing, pending), form=form_of(filing),
            facts=status_facts(filing, clock.profiles),
            town_name=profile.name if profile else f"{filing.town} (no profile)",
            deadlines=clock.deadline_lines(facts),
            life=clock.life_lines(facts)
            + [line for line in (revived_line(facts, today),) if line],
            history=history_of(session, filing),
            documents=documents_of(session, filing, db.path),
            undo=undo_offer(session, filing),
            locus=str(filing_locus(session, filing) or ""),
            regulations=in_force_words(regulations(), filing.received, filing.town,
                                       filing.laws),
            areas=[area.line() for area in filing_areas(session, filing)],
            flood=flood_words(filing),
        )

