"""An abutter's name as the clerk corrected it for the letters. The assessor's
spelling stays in `owner_name` (a re-import matches on it); the letters, labels, the
certified-mail list and the affidavit print `name_as_written` when the clerk has set
one, and otherwise the assessor's name turned to natural order where its pattern is
certain (domain/abutters/owner_names.py). A plain ADD COLUMN; the audit triggers are
rebuilt from the live schema so the column is in every entry's row.

Revision ID: 0014_names_as_written
Revises: 0013_which_laws
Create Date: 2026-12-04 09:20:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from concom_desk.store.audit import install_audit_triggers

revision: str = '0014_names_as_written'
down_revision: str | None = '0013_which_laws'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('abutter', sa.Column('name_as_written', sa.String(length=200),
                                       server_default='', nullable=False))
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        install_audit_triggers(bind)


def downgrade() -> None:
    with op.batch_alter_table('abutter', schema=None) as batch_op:
        batch_op.drop_column('name_as_written')
