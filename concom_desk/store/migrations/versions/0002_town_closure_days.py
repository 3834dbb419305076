"""Town closure days: the office closures a town adds to the legal holidays (a new
table for dates, a new settings column for named rules such as the day after
Thanksgiving). Also the first upgrade that existing databases go through.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29 22:20:43.671588
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0002'
down_revision: str | None = '0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('town_closure_day',
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('reason', sa.String(length=200), server_default='', nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_town_closure_day')),
    sa.UniqueConstraint('day', name=op.f('uq_town_closure_day_day'))
    )
    with op.batch_alter_table('commission_settings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('closure_rules', sa.Text(), server_default='',
                                      nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('commission_settings', schema=None) as batch_op:
        batch_op.drop_column('closure_rules')
    op.drop_table('town_closure_day')
