"""Audit history index: a record's history (table + id) is found without reading the
whole trail. CREATE INDEX only; the audit table is not rebuilt.

Numbered 0005 on top of 0002: the enforcement (0003) and hearings (0004) branches
also build on 0002; the runner upgrades to every head, so the three apply side by
side whatever order they land in.

Revision ID: 0005
Revises: 0002
Create Date: 2026-11-29 22:32:59.740267
"""
from collections.abc import Sequence

from alembic import op

revision: str = '0005'
down_revision: str | None = '0002'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index('ix_audit_entry_table_name_record_id', 'audit_entry',
                    ['table_name', 'record_id'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_audit_entry_table_name_record_id', table_name='audit_entry')
