"""Each violation names the notice or order that found it (`violation.order_id`), so a
paper made again lists what it cited, not what a later order found on the same case.

Violations already recorded belong to their case's first paper (the notice or order
recorded first); a case with no paper yet keeps them unassigned, for the next paper to
cite. The audit triggers are rebuilt first (the table is rebuilt on SQLite), so every
row carried over is in the trail.

Revision ID: 0020_violation_paper
Revises: 0019_resource_area_codes
Create Date: 2026-12-04 21:45:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from concom_desk.store.audit import install_audit_triggers

revision: str = "0020_violation_paper"
down_revision: str | None = "0019_resource_area_codes"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('violation', schema=None) as batch_op:
        batch_op.add_column(sa.Column('order_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_violation_order_id'), ['order_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_violation_order_id_enforcement_order'),
                                    'enforcement_order', ['order_id'], ['id'],
                                    ondelete='RESTRICT')
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        install_audit_triggers(bind)
    first_paper = ("SELECT min(o.id) FROM enforcement_order o "
                   "WHERE o.case_id = violation.case_id")
    bind.execute(sa.text(f"UPDATE violation SET order_id = ({first_paper}) "
                         f"WHERE order_id IS NULL AND ({first_paper}) IS NOT NULL"))


def downgrade() -> None:
    with op.batch_alter_table('violation', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_violation_order_id_enforcement_order'),
                                 type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_violation_order_id'))
        batch_op.drop_column('order_id')
