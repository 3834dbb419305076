"""Payments: the receipts, refunds and waivers of a filing's fees (a new table), and
the calendar export's reminder (a column of the settings, one day before by default).
The audit triggers are rebuilt from the live schema so both are in the trail.

Revision ID: 0016_payments
Revises: 0015_inspections_and_land
Create Date: 2026-12-04 13:00:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from concom_desk.store.audit import install_audit_triggers

revision: str = "0016_payments"
down_revision: str | None = "0015_inspections_and_land"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('payment',
    sa.Column('filing_id', sa.Integer(), nullable=False),
    sa.Column('entry', sa.String(length=10), server_default='payment', nullable=False),
    sa.Column('fee', sa.String(length=20), server_default='local_filing_fee', nullable=False),
    sa.Column('amount_cents', sa.Integer(), nullable=False),
    sa.Column('received_on', sa.Date(), nullable=False),
    sa.Column('receipt_no', sa.String(length=30), nullable=True),
    sa.Column('method', sa.String(length=10), server_default='check', nullable=False),
    sa.Column('check_no', sa.String(length=30), server_default='', nullable=False),
    sa.Column('received_by', sa.String(length=100), server_default='', nullable=False),
    sa.Column('reason', sa.String(length=200), server_default='', nullable=False),
    sa.Column('note', sa.String(length=200), server_default='', nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint("entry IN ('payment', 'refund', 'waiver')",
                       name=op.f('ck_payment_entry_allowed')),
    sa.CheckConstraint("fee IN ('local_filing_fee', 'wpa_town_share', 'consultant_fee', "
                       "'other')", name=op.f('ck_payment_fee_allowed')),
    sa.CheckConstraint("method IN ('cash', 'check', 'other', 'none')",
                       name=op.f('ck_payment_method_allowed')),
    sa.CheckConstraint('amount_cents > 0', name=op.f('ck_payment_amount_positive')),
    sa.CheckConstraint("entry <> 'payment' OR receipt_no IS NOT NULL",
                       name=op.f('ck_payment_payment_receipt')),
    sa.CheckConstraint("entry = 'payment' OR length(trim(reason)) > 0",
                       name=op.f('ck_payment_has_reason')),
    sa.ForeignKeyConstraint(['filing_id'], ['filing.id'],
                            name=op.f('fk_payment_filing_id_filing'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_payment')),
    sa.UniqueConstraint('receipt_no', name=op.f('uq_payment_receipt_no'))
    )
    with op.batch_alter_table('payment', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_payment_filing_id'), ['filing_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_payment_received_on'), ['received_on'],
                              unique=False)
    op.add_column('commission_settings', sa.Column('ical_reminder_minutes', sa.Integer(),
                                                   server_default='1440', nullable=False))
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        install_audit_triggers(bind)


def downgrade() -> None:
    with op.batch_alter_table('commission_settings', schema=None) as batch_op:
        batch_op.drop_column('ical_reminder_minutes')
    with op.batch_alter_table('payment', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_payment_received_on'))
        batch_op.drop_index(batch_op.f('ix_payment_filing_id'))
    op.drop_table('payment')
