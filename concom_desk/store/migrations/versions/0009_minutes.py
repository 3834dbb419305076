"""Minutes of meetings (a draft per meeting, approved by a later meeting's vote and
then locked; a correction is an amendment), the public-records request log, the
members who took part remotely, and whether the annual report follows the
calendar or the fiscal year. New tables and plain ADD COLUMNs: existing rows are
untouched. The audit triggers are rebuilt after the upgrade as for every table;
the lock on approved minutes is a trigger of its own (concom_desk.store.record_locks),
made by that rebuild and checked with the audit triggers.

Revision ID: 0009_minutes
Revises: 0008_joined_again
Create Date: 2026-12-01 13:30:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0009_minutes'
down_revision: str | None = '0008_joined_again'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('attendance', sa.Column('remote', sa.Boolean(), server_default=sa.false(),
                                          nullable=False))
    op.add_column('commission_settings', sa.Column('report_year', sa.String(length=10),
                                                   server_default='calendar',
                                                   nullable=False))
    op.create_table('minutes',
    sa.Column('meeting_id', sa.Integer(), nullable=False),
    sa.Column('version', sa.Integer(), server_default='1', nullable=False),
    sa.Column('state', sa.String(length=10), server_default='draft', nullable=False),
    sa.Column('amends_id', sa.Integer(), nullable=True),
    sa.Column('amendment_reason', sa.Text(), server_default='', nullable=False),
    sa.Column('called_to_order', sa.String(length=5), server_default='', nullable=False),
    sa.Column('adjourned_at', sa.String(length=5), server_default='', nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('approved_on', sa.Date(), nullable=True),
    sa.Column('approved_meeting_id', sa.Integer(), nullable=True),
    sa.Column('approved_vote_id', sa.Integer(), nullable=True),
    sa.Column('approved_text', sa.Text(), server_default='', nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint("(state = 'approved') = (approved_on IS NOT NULL AND "
                       "approved_vote_id IS NOT NULL AND length(approved_text) > 0)",
                       name=op.f('ck_minutes_approval_complete')),
    sa.CheckConstraint("amends_id IS NULL OR length(trim(amendment_reason)) > 0",
                       name=op.f('ck_minutes_amendment_has_reason')),
    sa.CheckConstraint("state IN ('draft', 'approved')", name=op.f('ck_minutes_state_allowed')),
    sa.ForeignKeyConstraint(['amends_id'], ['minutes.id'],
                            name=op.f('fk_minutes_amends_id_minutes'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['approved_meeting_id'], ['meeting.id'],
                            name=op.f('fk_minutes_approved_meeting_id_meeting'),
                            ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['approved_vote_id'], ['vote.id'],
                            name=op.f('fk_minutes_approved_vote_id_vote'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['meeting_id'], ['meeting.id'],
                            name=op.f('fk_minutes_meeting_id_meeting'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_minutes'))
    )
    with op.batch_alter_table('minutes', schema=None) as batch_op:
        for column in ('amends_id', 'approved_meeting_id', 'approved_vote_id', 'meeting_id'):
            batch_op.create_index(batch_op.f(f'ix_minutes_{column}'), [column], unique=False)
    op.create_table('minutes_item',
    sa.Column('minutes_id', sa.Integer(), nullable=False),
    sa.Column('item_key', sa.String(length=40), nullable=False),
    sa.Column('summary', sa.Text(), server_default='', nullable=False),
    sa.Column('exhibits', sa.Text(), server_default='', nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['minutes_id'], ['minutes.id'],
                            name=op.f('fk_minutes_item_minutes_id_minutes'),
                            ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_minutes_item')),
    sa.UniqueConstraint('minutes_id', 'item_key', name=op.f('uq_minutes_item_minutes_id_item_key'))
    )
    with op.batch_alter_table('minutes_item', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_minutes_item_minutes_id'), ['minutes_id'],
                              unique=False)
    op.create_table('records_request',
    sa.Column('received_on', sa.Date(), nullable=False),
    sa.Column('requester', sa.String(length=200), nullable=False),
    sa.Column('description', sa.Text(), nullable=False),
    sa.Column('meeting_id', sa.Integer(), nullable=True),
    sa.Column('due_on', sa.Date(), nullable=False),
    sa.Column('answered_on', sa.Date(), nullable=True),
    sa.Column('response', sa.Text(), server_default='', nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['meeting_id'], ['meeting.id'],
                            name=op.f('fk_records_request_meeting_id_meeting'),
                            ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_records_request'))
    )
    with op.batch_alter_table('records_request', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_records_request_meeting_id'), ['meeting_id'],
                              unique=False)
        batch_op.create_index(batch_op.f('ix_records_request_received_on'), ['received_on'],
                              unique=False)
    # The lock triggers (concom_desk.store.record_locks) are made with the audit
    # triggers, which the upgrade rebuilds at its end.


def downgrade() -> None:
    for name in ('lock_minutes_update', 'lock_minutes_delete', 'lock_minutes_item_insert',
                 'lock_minutes_item_update', 'lock_minutes_item_delete'):
        op.execute(f"DROP TRIGGER IF EXISTS {name}")
    op.drop_table('records_request')
    op.drop_table('minutes_item')
    op.drop_table('minutes')
    with op.batch_alter_table('commission_settings', schema=None) as batch_op:
        batch_op.drop_column('report_year')
    with op.batch_alter_table('attendance', schema=None) as batch_op:
        batch_op.drop_column('remote')
