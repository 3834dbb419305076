"""Revision 0020_violation_paper on a database written before it: each violation already
recorded belongs to its case's first notice or order, a case with no paper keeps its
violations for the next one, and every row carried over is in the audit trail."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from sqlalchemy import select

from concom_desk.store import open_database
from concom_desk.store import schema as schema_module
from concom_desk.store.models import AuditEntry, EnforcementCase, EnforcementOrder, Violation

DAY = date(2026, 11, 20)  # a fixed record: nothing here is compared with today


def _case(session, case_no: str, papers: int) -> None:
    case = EnforcementCase(case_no=case_no, town="sandwich", opened_on=DAY,
                           status="order_issued" if papers else "open", source="observation")
    session.add(case)
    session.flush()
    for n in range(1, papers + 1):
        session.add(EnforcementOrder(case_id=case.id, order_no=f"{case_no}-O{n}",
                                     issued_on=DAY, signed_by="Ann Chase"))
    session.flush()
    for n in (1, 2):
        session.add(Violation(case_id=case.id, number=n, provision=f"§7.10 item {n}"))


def _back_to_0019(path: Path) -> None:
    from alembic import command

    from concom_desk.store.audit import Actor

    engine = schema_module._migration_engine(path, Actor("clerk", "UPGRADE"))
    try:
        with engine.begin() as connection:
            command.downgrade(schema_module.alembic_config(connection),
                              "0019_resource_area_codes")
    finally:
        engine.dispose()


def test_violations_recorded_before_belong_to_their_case_s_first_paper(
        tmp_path: Path) -> None:
    path = tmp_path / "commission.sqlite"
    with open_database(path, initials="JB") as db, db.session() as s:
        _case(s, "EC-2026-001", papers=2)
        _case(s, "EC-2026-002", papers=0)
    _back_to_0019(path)
    with open_database(path, initials="JB") as db, db.read_session() as s:
        found = {(case_no, number): order_no for case_no, number, order_no in s.execute(
            select(EnforcementCase.case_no, Violation.number, EnforcementOrder.order_no)
            .join(Violation, Violation.case_id == EnforcementCase.id)
            .outerjoin(EnforcementOrder, EnforcementOrder.id == Violation.order_id))}
        trail = s.scalars(select(AuditEntry.record_id).where(
            AuditEntry.table_name == "violation", AuditEntry.action == "update")).all()
        first_case_ids = s.scalars(select(Violation.id).join(EnforcementCase).where(
            EnforcementCase.case_no == "EC-2026-001")).all()
    assert found == {("EC-2026-001", 1): "EC-2026-001-O1", ("EC-2026-001", 2): "EC-2026-001-O1",
                     ("EC-2026-002", 1): None, ("EC-2026-002", 2): None}
    assert sorted(trail) == sorted(first_case_ids)  # each row carried over, audited
