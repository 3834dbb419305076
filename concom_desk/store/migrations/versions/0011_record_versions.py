"""Two desks editing the same record: every record a person edits gets a `version`
that counts its saves, so a save made from an older read is refused instead of
overwriting the other desk's change (concom_desk.store.record_versions). Minutes
already number their amendments in `version`; their counter is `edit_version`.
Plain ADD COLUMNs with a default: existing rows are at version 1, nothing is
copied. The audit triggers are rebuilt from the live schema at the end, so the new
column is in every entry's row like the rest (and `changes()` leaves it out).

Revision ID: 0011_record_versions
Revises: 0010_joined_again
Create Date: 2026-12-01 16:30:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from concom_desk.store.audit import install_audit_triggers

revision: str = '0011_record_versions'
down_revision: str | None = '0010_joined_again'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The tables of store.models whose classes are Versioned, and the column's name.
VERSIONED = {
    'abutter': 'version', 'abutter_notice': 'version', 'case_note': 'version',
    'commission_settings': 'version', 'condition': 'version', 'continuance': 'version',
    'decision': 'version', 'enforcement_case': 'version', 'enforcement_order': 'version',
    'filing': 'version', 'fine': 'version', 'generated_document': 'version',
    'hearing': 'version', 'hearing_notice': 'version', 'hearing_waiver': 'version',
    'inspection': 'version', 'meeting': 'version', 'meeting_schedule': 'version',
    'member': 'version', 'minutes': 'edit_version', 'minutes_item': 'version',
    'party': 'version', 'property': 'version', 'records_request': 'version',
    'standard_condition': 'version', 'violation': 'version', 'vote': 'version',
}


def upgrade() -> None:
    for table, column in VERSIONED.items():
        op.add_column(table, sa.Column(column, sa.Integer(), server_default='1',
                                       nullable=False))
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        # The file's triggers list each column: made again with `version` in them. (A
        # server's trail is its own, kept by store.server.trail.)
        install_audit_triggers(bind)


def downgrade() -> None:
    for table, column in VERSIONED.items():
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column(column)
