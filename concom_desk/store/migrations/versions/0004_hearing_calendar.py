"""Hearing calendar: the regular meeting schedule, the legal notice owed for each
session of a hearing (hearing_notice), and the identity of the calendar feed used in
iCalendar UIDs (calendar_feed). New tables only; existing rows are untouched.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29 22:35:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0004'
down_revision: str | None = '0003'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('calendar_feed',
    sa.Column('uuid', sa.String(length=36), nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_calendar_feed')),
    sa.UniqueConstraint('uuid', name=op.f('uq_calendar_feed_uuid'))
    )
    op.create_table('meeting_schedule',
    sa.Column('weekday', sa.Integer(), nullable=False),
    sa.Column('weeks_of_month', sa.String(length=20), server_default='', nullable=False),
    sa.Column('every_weeks', sa.Integer(), server_default='0', nullable=False),
    sa.Column('first_meeting', sa.Date(), nullable=True),
    sa.Column('start_time', sa.String(length=5), server_default='19:00', nullable=False),
    sa.Column('place', sa.String(length=200), server_default='', nullable=False),
    sa.Column('active', sa.Boolean(), server_default=sa.text('1'), nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_meeting_schedule'))
    )
    op.create_table('hearing_notice',
    sa.Column('hearing_id', sa.Integer(), nullable=False),
    sa.Column('meeting_id', sa.Integer(), nullable=False),
    sa.Column('reason', sa.String(length=20), server_default='new', nullable=False),
    sa.Column('publish_by', sa.Date(), nullable=True),
    sa.Column('published_on', sa.Date(), nullable=True),
    sa.Column('newspaper', sa.String(length=200), server_default='', nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint("reason IN ('new', 'not_announced', 'town_rule', 'meeting_moved')",
                       name=op.f('ck_hearing_notice_reason_allowed')),
    sa.ForeignKeyConstraint(['hearing_id'], ['hearing.id'],
                            name=op.f('fk_hearing_notice_hearing_id_hearing'),
                            ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['meeting_id'], ['meeting.id'],
                            name=op.f('fk_hearing_notice_meeting_id_meeting'),
                            ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_hearing_notice')),
    sa.UniqueConstraint('hearing_id', 'meeting_id',
                        name=op.f('uq_hearing_notice_hearing_id_meeting_id'))
    )
    with op.batch_alter_table('hearing_notice', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_hearing_notice_hearing_id'), ['hearing_id'],
                              unique=False)
        batch_op.create_index(batch_op.f('ix_hearing_notice_meeting_id'), ['meeting_id'],
                              unique=False)


def downgrade() -> None:
    with op.batch_alter_table('hearing_notice', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_hearing_notice_meeting_id'))
        batch_op.drop_index(batch_op.f('ix_hearing_notice_hearing_id'))
    op.drop_table('hearing_notice')
    op.drop_table('meeting_schedule')
    op.drop_table('calendar_feed')
