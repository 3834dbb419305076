"""Shared set-up of the enforcement tests (town rules from the shipped profiles in
resources/towns): a Sandwich commission with five
members and three meetings, in a fresh database; the enforcement templates
written into the clerk's templates folder (the user copy the renderer looks at
first)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from docx import Document

from concom_desk.domain.votes import VoteChoice
from concom_desk.store import Database, open_database
from concom_desk.store.models import CommissionSettings, Meeting, Member

MEETINGS = (date(2026, 11, 25), date(2026, 12, 9), date(2026, 12, 23))
MEMBERS = ("Ann Chase", "Bob Lee", "Cara Diaz", "Dan Eng", "Eve Fox")

# Enough of the enforcement fields of docs/templates.md to read every one back.
ORDER_TEMPLATE_LINES = (
    "{{ commission.name }} · {{ town.name }} · {{ today }}",
    "{{ order.order_no }} issued {{ order.issued }} for case {{ case.case_no }}",
    "Property: {{ case.address }} ({{ case.map_lot }}); violator {{ violator.name }}",
    "{% if order.emergency %}EMERGENCY ORDER, to be ratified by {{ order.ratify_by }}"
    "{% endif %}",
    "{% if order.stop_work %}Stop all work at once.{% endif %}",
    "Restore by {{ order.restore_by }}; file an NOI by {{ order.file_noi_by }}",
    "{% for v in violations %}Violation {{ v.number }}: {{ v.provision }} "
    "(observed {{ v.observed }}). {% endfor %}",
    "{% for r in order.requirements %}Requirement: {{ r }} {% endfor %}",
    "Fine up to {{ fines.per_offense }} per offense ({{ fines.citation }})"
    "{% if fines.noncriminal_ticket %}; ticket {{ fines.noncriminal_ticket }}{% endif %}",
    "Signed: {{ order.signed_by|join(', ') }}",
)


def write_templates(data_dir: Path) -> None:
    folder = data_dir / "templates"
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("violation-notice", "enforcement-order"):
        document = Document()
        for line in ORDER_TEMPLATE_LINES:
            document.add_paragraph(line)
        document.save(str(folder / f"{name}.docx"))


def sandwich_database(tmp_path: Path, data_dir: Path) -> Database:
    return set_up_sandwich(open_database(tmp_path / "commission.sqlite", initials="PL"),
                           data_dir)


def set_up_sandwich(database: Database, data_dir: Path) -> Database:
    """The Sandwich commission written into `database`, a fresh one on either engine."""
    write_templates(data_dir)
    with database.session() as session:
        session.add(CommissionSettings(name="Sandwich Conservation Commission",
                                       town="sandwich", address="100 Main Street\nSandwich, MA"))
        session.add_all(Member(name=name, term_start=date(2024, 7, 1)) for name in MEMBERS)
        session.add_all(Meeting(held_on=day) for day in MEETINGS)
    return database


def make_photo(tmp_path: Path) -> Path:
    path = tmp_path / "phone" / "IMG_0042.jpg"
    path.parent.mkdir()
    path.write_bytes(b"\xff\xd8\xff\xe0 fill in the wetland")
    return path


def docx_text(path: Path) -> str:
    document = Document(str(path))
    parts = [p.text for p in document.paragraphs]
    for table in document.tables:
        for row in table.rows:
            parts.append(" | ".join(cell.text for cell in row.cells))
    return "\n".join(parts)


def members_voting(db: Database, yes: int, no: int = 0) -> dict[int, VoteChoice]:
    """The first `yes` members vote yes, the next `no` no; the rest are absent."""
    from sqlalchemy import select

    with db.read_session() as session:
        ids = list(session.scalars(select(Member.id).order_by(Member.id)))
    return {member_id: VoteChoice.YES if at < yes else VoteChoice.NO
            for at, member_id in enumerate(ids[:yes + no])}
