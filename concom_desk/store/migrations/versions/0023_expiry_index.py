"""An index on a permit's expiry (`filing.expires`): the Hearing calendar finds the
extension requests that may have a deadline in the month shown by the expiry of the
permit each extends, a read over every filing without it (at 4x the large demo
town, 100-150 ms of the month's read; with it, about 50). CREATE INDEX only; no table
is rebuilt and no row changes, so the trail is untouched.

Revision ID: 0023_expiry_index
Revises: 0022_changed_fields_only
Create Date: 2026-12-05 11:30:00
"""
from collections.abc import Sequence

from alembic import op

revision: str = "0023_expiry_index"
down_revision: str | None = "0022_changed_fields_only"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("ix_filing_expires", "filing", ["expires"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_filing_expires", table_name="filing")
