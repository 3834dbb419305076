"""Resource areas as codes with amounts (a new table, `filing_resource_area`) and the
site's flood data on the filing (six plain ADD COLUMNs).

Each filing's free-text `resource_areas` is carried over: the words that name one of
the Act's areas (or a bylaw's isolated wetland, vernal pool, no-disturb zone) become
its code, the rest is kept as "other" with its words. The audit triggers are rebuilt
first, so every carried-over row is in the trail. The text column stays: the legal
notice, the abutter letter and the permit's sentences print it as a phrase.

Revision ID: 0019_resource_area_codes
Revises: 0018_executive_minutes
Create Date: 2026-12-04 17:00:00
"""
import re
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from concom_desk.store.audit import install_audit_triggers
from concom_desk.store.migrations.frozen_area_reading import areas_in_text

revision: str = "0019_resource_area_codes"
down_revision: str | None = "0018_executive_minutes"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_FLOOD = (("flood_zone", sa.String(length=3), ""), ("flood_elevation", sa.String(length=10), ""),
          ("setting", sa.String(length=7), ""))
_FLAGS = ("in_lscsf", "in_v_zone", "in_riverfront")


# The reading of free text is frozen in migrations/frozen_area_reading.py.


def upgrade() -> None:
    op.create_table(
        'filing_resource_area',
        sa.Column('filing_id', sa.Integer(), nullable=False),
        sa.Column('code', sa.String(length=40), nullable=False),
        sa.Column('amount', sa.Float(), nullable=True),
        sa.Column('unit', sa.String(length=12), server_default='', nullable=False),
        sa.Column('text', sa.String(length=200), server_default='', nullable=False),
        sa.Column('id', sa.Integer(), nullable=False),
        sa.CheckConstraint("unit IN ('', 'sq_ft', 'linear_ft', 'cubic_yards')",
                           name=op.f('ck_filing_resource_area_unit_allowed')),
        sa.CheckConstraint('amount IS NULL OR amount >= 0',
                           name=op.f('ck_filing_resource_area_amount_not_negative')),
        sa.CheckConstraint("code <> 'other' OR length(trim(text)) > 0",
                           name=op.f('ck_filing_resource_area_other_has_text')),
        sa.ForeignKeyConstraint(['filing_id'], ['filing.id'],
                                name=op.f('fk_filing_resource_area_filing_id_filing'),
                                ondelete='RESTRICT'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_filing_resource_area')))
    with op.batch_alter_table('filing_resource_area', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_filing_resource_area_filing_id'), ['filing_id'],
                              unique=False)
    for name, kind, default in _FLOOD:
        op.add_column('filing', sa.Column(name, kind, server_default=default, nullable=False))
    for name in _FLAGS:
        op.add_column('filing', sa.Column(name, sa.Boolean(), server_default=sa.false(),
                                          nullable=False))
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        install_audit_triggers(bind)
    rows = bind.execute(sa.text("SELECT id, resource_areas FROM filing "
                                "WHERE trim(coalesce(resource_areas, '')) <> '' ORDER BY id"))
    insert = sa.text("INSERT INTO filing_resource_area (filing_id, code, amount, unit, text) "
                     "VALUES (:filing_id, :code, NULL, :unit, :text)")
    for filing_id, text in rows.all():
        for code, unit, words in areas_in_text(text):
            bind.execute(insert, {"filing_id": filing_id, "code": code, "unit": unit,
                                  "text": words[:200]})


def downgrade() -> None:
    with op.batch_alter_table('filing', schema=None) as batch_op:
        for name in (*(n for n, _k, _d in _FLOOD), *_FLAGS):
            batch_op.drop_column(name)
    with op.batch_alter_table('filing_resource_area', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_filing_resource_area_filing_id'))
    op.drop_table('filing_resource_area')
