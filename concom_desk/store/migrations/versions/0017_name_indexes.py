"""Name indexes: a party's name, a property's address and a filing's number are found
ignoring case (`lower(...) = ?`) through an index rather than by reading the whole
table, on every save of a filing (bench/save_bench.py: the window froze ~90 ms at 4x).
CREATE INDEX only; no table is rebuilt and no row changes, so the trail is untouched.

Revision ID: 0017_name_indexes
Revises: 0016_payments
Create Date: 2026-12-04 16:40:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017_name_indexes"
down_revision: str | None = "0016_payments"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# (table, column): the index is named as the models name it (models/base.lowered_index).
LOWERED = (("party", "name"), ("property", "address"), ("filing", "file_no"))


def upgrade() -> None:
    for table, column in LOWERED:
        op.create_index(f"ix_{table}_{column}_lower", table, [sa.text(f"lower({column})")],
                        unique=False)


def downgrade() -> None:
    for table, column in LOWERED:
        op.drop_index(f"ix_{table}_{column}_lower", table_name=table)
