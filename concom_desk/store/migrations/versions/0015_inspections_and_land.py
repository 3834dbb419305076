"""Site inspections on any filing (issue 35, item 1): an inspection may be planned
before it is made (`done`), says what it was for (`purpose`), and checks off the
permit's conditions one by one (`inspection_check`). Its photos are kept as an
enforcement case's are, in `case_attachment`, which now holds the photos of an
inspection that belongs to no case: `case_id` may be empty (a table rebuilt on
SQLite). Conservation land and restrictions (MGL c.184 §§31–33, item 3) get their
table; a monitoring visit is an inspection of the land (`inspection.land_id`). The
audit triggers are rebuilt from the live schema so the new tables and columns are in
the trail.

Revision ID: 0015_inspections_and_land
Revises: 0014_names_as_written
Create Date: 2026-12-04 12:55:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from concom_desk.store.audit import install_audit_triggers

revision: str = '0015_inspections_and_land'
down_revision: str | None = '0014_names_as_written'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'conservation_land',
        sa.Column('name', sa.String(length=200), nullable=False),
        sa.Column('kind', sa.String(length=20), server_default='town_land', nullable=False),
        sa.Column('address', sa.String(length=200), server_default='', nullable=False),
        sa.Column('map_lot', sa.String(length=60), server_default='', nullable=False),
        sa.Column('acres', sa.String(length=20), server_default='', nullable=False),
        sa.Column('holder', sa.String(length=200), server_default='', nullable=False),
        sa.Column('grantor', sa.String(length=200), server_default='', nullable=False),
        sa.Column('recorded_on', sa.Date(), nullable=True),
        sa.Column('recorded_book', sa.String(length=20), server_default='', nullable=False),
        sa.Column('recorded_page', sa.String(length=20), server_default='', nullable=False),
        sa.Column('terms', sa.Text(), server_default='', nullable=False),
        sa.Column('version', sa.Integer(), server_default='1', nullable=False),
        sa.Column('id', sa.Integer(), nullable=False),
        sa.CheckConstraint("kind IN ('town_land', 'restriction')",
                           name=op.f('ck_conservation_land_kind_allowed')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_conservation_land')),
    )
    op.add_column('inspection', sa.Column('purpose', sa.String(length=60), server_default='',
                                          nullable=False))
    op.add_column('inspection', sa.Column('done', sa.Boolean(), server_default=sa.true(),
                                          nullable=False))
    with op.batch_alter_table('inspection', schema=None) as batch_op:
        batch_op.add_column(sa.Column('land_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_inspection_land_id'), ['land_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_inspection_land_id_conservation_land'),
                                    'conservation_land', ['land_id'], ['id'],
                                    ondelete='RESTRICT')
    with op.batch_alter_table('case_attachment', schema=None) as batch_op:
        batch_op.alter_column('case_id', existing_type=sa.Integer(), nullable=True)
    op.create_table(
        'inspection_check',
        sa.Column('inspection_id', sa.Integer(), nullable=False),
        sa.Column('condition_id', sa.Integer(), nullable=False),
        sa.Column('result', sa.String(length=20), server_default='met', nullable=False),
        sa.Column('note', sa.Text(), server_default='', nullable=False),
        sa.Column('id', sa.Integer(), nullable=False),
        sa.CheckConstraint("result IN ('met', 'not_met', 'not_yet')",
                           name=op.f('ck_inspection_check_result_allowed')),
        sa.ForeignKeyConstraint(['condition_id'], ['condition.id'],
                                name=op.f('fk_inspection_check_condition_id_condition'),
                                ondelete='RESTRICT'),
        sa.ForeignKeyConstraint(['inspection_id'], ['inspection.id'],
                                name=op.f('fk_inspection_check_inspection_id_inspection'),
                                ondelete='RESTRICT'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_inspection_check')),
        sa.UniqueConstraint('inspection_id', 'condition_id',
                            name=op.f('uq_inspection_check_inspection_id_condition_id')),
    )
    with op.batch_alter_table('inspection_check', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_inspection_check_condition_id'), ['condition_id'],
                              unique=False)
        batch_op.create_index(batch_op.f('ix_inspection_check_inspection_id'),
                              ['inspection_id'], unique=False)
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        install_audit_triggers(bind)


def downgrade() -> None:
    op.drop_table('inspection_check')
    with op.batch_alter_table('case_attachment', schema=None) as batch_op:
        batch_op.alter_column('case_id', existing_type=sa.Integer(), nullable=False)
    with op.batch_alter_table('inspection', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_inspection_land_id'))
        batch_op.drop_column('land_id')
        batch_op.drop_column('done')
        batch_op.drop_column('purpose')
    op.drop_table('conservation_land')
