"""The state's forms from the record: the final plans a WPA decision names (title,
preparer, stamp, dates, scale), the fee under the Act (whose state and town shares
are worked out, not stored), and the day the copy of a WPA form went to MassDEP
in the document register (its template indexed for Today's look-up). Plain ADD
COLUMNs; the audit triggers are rebuilt from the live schema after every upgrade,
so the new columns are audited with the rest.

Revision ID: 0009_wpa_fields
Revises: 0008_joined_again
Create Date: 2026-12-01 13:40:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0009_wpa_fields'
down_revision: str | None = '0008_joined_again'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_TEXT = (('plan_title', 300), ('plan_prepared_by', 200), ('plan_stamped_by', 200),
         ('plan_scale', 40))
_DATES = ('plan_dated', 'plan_revised')


def upgrade() -> None:
    op.add_column('filing', sa.Column('wpa_fee_cents', sa.Integer(), server_default='0',
                                      nullable=False))
    for name, length in _TEXT:
        op.add_column('filing', sa.Column(name, sa.String(length=length), server_default='',
                                          nullable=False))
    for name in _DATES:
        op.add_column('filing', sa.Column(name, sa.Date(), nullable=True))
    op.add_column('generated_document', sa.Column('dep_copy_sent_on', sa.Date(),
                                                  nullable=True))
    # Today looks the WPA forms up by template on every load of the records.
    op.create_index('ix_generated_document_template', 'generated_document', ['template'])


def downgrade() -> None:
    op.drop_index('ix_generated_document_template', table_name='generated_document')
    with op.batch_alter_table('generated_document', schema=None) as batch_op:
        batch_op.drop_column('dep_copy_sent_on')
    with op.batch_alter_table('filing', schema=None) as batch_op:
        for name in ('wpa_fee_cents', *(n for n, _ in _TEXT), *_DATES):
            batch_op.drop_column(name)
