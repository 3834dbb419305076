"""One line again: the revisions written side by side on 0008 this session join
here, so a database carries one schema revision and the next revision has one
parent. Nothing in the file changes.

Revision ID: 0010_joined_again
Revises: 0009_minutes, 0009_wpa_fields, 0009_permit_life
Create Date: 2026-12-01 15:00:00
"""
from collections.abc import Sequence

revision: str = '0010_joined_again'
down_revision: tuple[str, ...] = ('0009_minutes', '0009_wpa_fields',
                                   '0009_permit_life')
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
