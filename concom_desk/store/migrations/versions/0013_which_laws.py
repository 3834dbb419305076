"""Which laws each filing is under, said by the clerk: the Act, the bylaw, or both
(domain/laws.py). Before, "under the Act" was read from the presence of a DEP file
number, which MassDEP never gives an RDA or an emergency certification: every such
filing lost the Act's clocks and papers. A filing already kept is under both laws where
the commission's town has a bylaw of its own, and under the Act alone on the state
default, as a new one is by default; the clerk corrects any that differ on its form.
A plain ADD COLUMN, then the state default's rows; the audit triggers are rebuilt from
the live schema so the column is in every entry's row.

Revision ID: 0013_which_laws
Revises: 0012_what_edits_left_out
Create Date: 2026-12-04 06:30:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from concom_desk.store.audit import install_audit_triggers

revision: str = '0013_which_laws'
down_revision: str | None = '0012_what_edits_left_out'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('filing', sa.Column('laws', sa.String(length=5), server_default='both',
                                      nullable=False))
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        # The triggers list each column: made again with `laws` in them first, so the
        # state default's rows below are in the trail like any change. (A server's
        # trail is its own, kept by store.server.trail.)
        install_audit_triggers(bind)
    op.execute("UPDATE filing SET laws = 'act' WHERE town = 'massachusetts'")


def downgrade() -> None:
    with op.batch_alter_table('filing', schema=None) as batch_op:
        batch_op.drop_column('laws')
