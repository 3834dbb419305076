"""One line again: the hearings (0004, on 0003) and audit-index (0005, on 0002)
revisions were written side by side; this joins them, so a database carries one
schema revision and the next revision has one parent. Nothing in the file changes.

Revision ID: 0006
Revises: 0004, 0005
Create Date: 2026-11-29 23:30:00
"""
from collections.abc import Sequence

revision: str = '0006'
down_revision: tuple[str, ...] = ('0004', '0005')
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
