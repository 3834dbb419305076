"""Letterhead logo: the commission's PNG or JPEG, kept in its settings row (as
base64 text: the audit trail records rows as JSON, which cannot hold raw bytes).

Revision ID: 0007_settings_logo
Revises: 0006
Create Date: 2026-12-01 10:50:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0007_settings_logo'
down_revision: str | None = '0006'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('commission_settings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('letterhead_logo', sa.Text(), server_default='',
                                      nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('commission_settings', schema=None) as batch_op:
        batch_op.drop_column('letterhead_logo')
