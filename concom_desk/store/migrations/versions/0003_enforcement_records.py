"""Enforcement records: the full case lifecycle (inspected, notice sent, in
compliance, referred to Town Counsel or to the police), how a case came in
(complaint or observation, and who complained), fine waivers, and two new tables
for a case's photos and papers and its dated notes.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29 22:30:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0003'
down_revision: str | None = '0002'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OLD_STATUSES = ('open', 'order_issued', 'restoration', 'referred', 'closed', 'void')
NEW_STATUSES = ('open', 'inspected', 'notice_sent', 'order_issued', 'in_compliance',
                'restoration', 'referred_counsel', 'referred_police', 'referred', 'closed',
                'void')


def _in(column: str, words: Sequence[str]) -> str:
    return f"{column} IN ({', '.join(repr(w) for w in words)})"


def upgrade() -> None:
    with op.batch_alter_table('enforcement_case', schema=None, recreate='always') as batch_op:
        batch_op.add_column(sa.Column('source', sa.String(length=20),
                                      server_default='complaint', nullable=False))
        batch_op.add_column(sa.Column('complainant', sa.String(length=200), server_default='',
                                      nullable=False))
        batch_op.add_column(sa.Column('complainant_contact', sa.String(length=200),
                                      server_default='', nullable=False))
        batch_op.drop_constraint(op.f('ck_enforcement_case_status_allowed'), type_='check')
        batch_op.create_check_constraint(op.f('ck_enforcement_case_status_allowed'),
                                         sa.text(_in('status', NEW_STATUSES)))
        batch_op.create_check_constraint(op.f('ck_enforcement_case_source_allowed'),
                                         sa.text(_in('source', ('complaint', 'observation'))))
    with op.batch_alter_table('fine', schema=None, recreate='always') as batch_op:
        batch_op.add_column(sa.Column('waived_cents', sa.Integer(), server_default='0',
                                      nullable=False))
        batch_op.add_column(sa.Column('waived_on', sa.Date(), nullable=True))
        batch_op.add_column(sa.Column('waiver_reason', sa.Text(), server_default='',
                                      nullable=False))
        batch_op.create_check_constraint(
            'ck_fine_waiver_within_amount',
            sa.text('waived_cents >= 0 AND waived_cents <= amount_cents'))
    op.create_table('case_attachment',
    sa.Column('case_id', sa.Integer(), nullable=False),
    sa.Column('inspection_id', sa.Integer(), nullable=True),
    sa.Column('kind', sa.String(length=20), server_default='photo', nullable=False),
    sa.Column('path', sa.Text(), nullable=False),
    sa.Column('original_name', sa.String(length=260), server_default='', nullable=False),
    sa.Column('caption', sa.Text(), server_default='', nullable=False),
    sa.Column('added_on', sa.Date(), nullable=False),
    sa.Column('sha256', sa.String(length=64), nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.CheckConstraint("kind IN ('photo', 'document')", name=op.f('ck_case_attachment_kind_allowed')),
    sa.ForeignKeyConstraint(['case_id'], ['enforcement_case.id'], name=op.f('fk_case_attachment_case_id_enforcement_case'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['inspection_id'], ['inspection.id'], name=op.f('fk_case_attachment_inspection_id_inspection'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_case_attachment'))
    )
    with op.batch_alter_table('case_attachment', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_case_attachment_case_id'), ['case_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_case_attachment_inspection_id'), ['inspection_id'], unique=False)
    op.create_table('case_note',
    sa.Column('case_id', sa.Integer(), nullable=False),
    sa.Column('noted_on', sa.Date(), nullable=False),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['case_id'], ['enforcement_case.id'], name=op.f('fk_case_note_case_id_enforcement_case'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_case_note'))
    )
    with op.batch_alter_table('case_note', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_case_note_case_id'), ['case_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_case_note_noted_on'), ['noted_on'], unique=False)


def downgrade() -> None:
    op.drop_table('case_note')
    op.drop_table('case_attachment')
    with op.batch_alter_table('fine', schema=None, recreate='always') as batch_op:
        batch_op.drop_constraint(op.f('ck_fine_waiver_within_amount'), type_='check')
        batch_op.drop_column('waiver_reason')
        batch_op.drop_column('waived_on')
        batch_op.drop_column('waived_cents')
    with op.batch_alter_table('enforcement_case', schema=None, recreate='always') as batch_op:
        batch_op.drop_constraint(op.f('ck_enforcement_case_source_allowed'), type_='check')
        batch_op.drop_constraint(op.f('ck_enforcement_case_status_allowed'), type_='check')
        batch_op.create_check_constraint(op.f('ck_enforcement_case_status_allowed'),
                                         sa.text(_in('status', OLD_STATUSES)))
        batch_op.drop_column('complainant_contact')
        batch_op.drop_column('complainant')
        batch_op.drop_column('source')
