"""Fields for the whole record: the representative's firm (a party's company, printed
under the engineer's name) and a Land Court document number for a permit recorded
on registered land (instead of a Registry book and page). Every other field the
filing form now shows was already a column. The audit triggers are rebuilt from
the live schema after every upgrade, so the new columns are audited with the rest.

Revision ID: 0007_record_fields
Revises: 0006
Create Date: 2026-12-01 10:30:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0007_record_fields'
down_revision: str | None = '0006'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A plain ADD COLUMN (SQLite does it in place): no copy of the filing table, whose
    # rows other tables point at.
    op.add_column('party', sa.Column('company', sa.String(length=200), server_default='',
                                     nullable=False))
    op.add_column('filing', sa.Column('recorded_document', sa.String(length=30),
                                      server_default='', nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('filing', schema=None) as batch_op:
        batch_op.drop_column('recorded_document')
    with op.batch_alter_table('party', schema=None) as batch_op:
        batch_op.drop_column('company')
