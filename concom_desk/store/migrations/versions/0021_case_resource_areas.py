"""An enforcement case's resource areas as codes with amounts (a new table,
`case_resource_area`), as a filing's are (0019).

Each case's free-text `resource_areas` is carried over: the words that name one of the
Act's areas (or a bylaw's isolated wetland, vernal pool, no-disturb zone) become its
code, the rest is kept as "other" with its words. The audit triggers are rebuilt first,
so every carried-over row is in the trail. The text column stays: the notices and the
orders print it as a phrase.

Revision ID: 0021_case_resource_areas
Revises: 0020_violation_paper
Create Date: 2026-12-04 21:30:00
"""
import re
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from concom_desk.store.audit import install_audit_triggers
from concom_desk.store.migrations.frozen_area_reading import areas_in_text

revision: str = "0021_case_resource_areas"
down_revision: str | None = "0020_violation_paper"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# The reading of free text is frozen in migrations/frozen_area_reading.py.


def upgrade() -> None:
    op.create_table(
        'case_resource_area',
        sa.Column('case_id', sa.Integer(), nullable=False),
        sa.Column('code', sa.String(length=40), nullable=False),
        sa.Column('amount', sa.Float(), nullable=True),
        sa.Column('unit', sa.String(length=12), server_default='', nullable=False),
        sa.Column('text', sa.String(length=200), server_default='', nullable=False),
        sa.Column('id', sa.Integer(), nullable=False),
        sa.CheckConstraint("unit IN ('', 'sq_ft', 'linear_ft', 'cubic_yards')",
                           name=op.f('ck_case_resource_area_unit_allowed')),
        sa.CheckConstraint('amount IS NULL OR amount >= 0',
                           name=op.f('ck_case_resource_area_amount_not_negative')),
        sa.CheckConstraint("code <> 'other' OR length(trim(text)) > 0",
                           name=op.f('ck_case_resource_area_other_has_text')),
        sa.ForeignKeyConstraint(['case_id'], ['enforcement_case.id'],
                                name=op.f('fk_case_resource_area_case_id_enforcement_case'),
                                ondelete='RESTRICT'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_case_resource_area')))
    with op.batch_alter_table('case_resource_area', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_case_resource_area_case_id'), ['case_id'],
                              unique=False)
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        install_audit_triggers(bind)
    rows = bind.execute(sa.text(
        "SELECT id, resource_areas FROM enforcement_case "
        "WHERE trim(coalesce(resource_areas, '')) <> '' ORDER BY id"))
    insert = sa.text("INSERT INTO case_resource_area (case_id, code, amount, unit, text) "
                     "VALUES (:case_id, :code, NULL, :unit, :text)")
    for case_id, text in rows.all():
        for code, unit, words in areas_in_text(text):
            bind.execute(insert, {"case_id": case_id, "code": code, "unit": unit,
                                  "text": words[:200]})


def downgrade() -> None:
    with op.batch_alter_table('case_resource_area', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_case_resource_area_case_id'))
    op.drop_table('case_resource_area')
