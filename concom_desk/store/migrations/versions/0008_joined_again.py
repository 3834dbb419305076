"""One line again: the status corrections (0007_status_corrections), the record's
fields (0007_record_fields) and the letterhead logo (0007_settings_logo) were
written side by side on 0006; this joins them, so a database carries one schema
revision and the next revision has one parent. Nothing in the file changes.

Revision ID: 0008_joined_again
Revises: 0007_status_corrections, 0007_record_fields, 0007_settings_logo
Create Date: 2026-12-01 11:30:00
"""
from collections.abc import Sequence

revision: str = '0008_joined_again'
down_revision: tuple[str, ...] = ('0007_status_corrections', '0007_record_fields',
                                   '0007_settings_logo')
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
