"""Status corrections: why a filing's status was taken back or set right by hand
(a new table; existing rows are untouched). Its audit triggers are installed after
the upgrade like every table's.

Revision ID: 0007_status_corrections
Revises: 0006
Create Date: 2026-12-01 10:40:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0007_status_corrections'
down_revision: str | None = '0006'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('status_correction',
    sa.Column('filing_id', sa.Integer(), nullable=False),
    sa.Column('made_at', sa.DateTime(), nullable=False),
    sa.Column('from_status', sa.String(length=20), nullable=False),
    sa.Column('to_status', sa.String(length=20), nullable=False),
    sa.Column('undo', sa.Boolean(), server_default=sa.false(), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('audit_entry_id', sa.Integer(), nullable=True),
    sa.Column('undoes_entry_id', sa.Integer(), nullable=True),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint('length(trim(reason)) > 0', name=op.f('ck_status_correction_has_reason')),
    sa.ForeignKeyConstraint(['filing_id'], ['filing.id'],
                            name=op.f('fk_status_correction_filing_id_filing'),
                            ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_status_correction'))
    )
    with op.batch_alter_table('status_correction', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_status_correction_filing_id'), ['filing_id'],
                              unique=False)


def downgrade() -> None:
    with op.batch_alter_table('status_correction', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_status_correction_filing_id'))
    op.drop_table('status_correction')
