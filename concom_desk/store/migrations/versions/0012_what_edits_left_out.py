"""What two edited revisions left out. 0008_joined_again and 0010_joined_again were
given one more parent after they had run (0007_settings_logo, 0009_permit_life): a
file stamped by the first version of either is at the joined revision without that
parent's changes, and alembic, reading today's files, takes them as made. (Databases
from the dev commits 94a4f62 and a195f3f; the second failed on
`no such column: hearing_waiver.period`.) This adds each of them where it is missing,
and nothing where it is there: a file that took the right road is not touched.

Revision ID: 0012_what_edits_left_out
Revises: 0011_record_versions
Create Date: 2026-12-04 06:20:00
"""
from collections.abc import Sequence
from datetime import date

import sqlalchemy as sa
from alembic import op

# The acts' reading frozen as this revision had it (not the domain's, which changes).
from concom_desk.store.migrations.frozen_extension_acts import expiry_in_force, load_acts
from concom_desk.paths import data_dir, resources_dir

revision: str = '0012_what_edits_left_out'
down_revision: str | None = '0011_record_versions'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _columns(table: str) -> set[str]:
    return {column['name'] for column in sa.inspect(op.get_bind()).get_columns(table)}


def _acts():  # type: ignore[no-untyped-def]
    own = data_dir() / "extension_acts.toml"
    return load_acts(own if own.is_file() else resources_dir() / "extension_acts.toml")


def _settings_logo() -> None:
    # 0007_settings_logo's column, as a plain ADD COLUMN (no copy of the table).
    op.add_column('commission_settings', sa.Column('letterhead_logo', sa.Text(),
                                                   server_default='', nullable=False))


def _permit_life() -> None:
    # 0009_permit_life's columns, and its move of each issued approval's expiry by the
    # permit extension acts, which had not run on these files either.
    if 'acts_not_covered' not in _columns('filing'):
        op.add_column('filing', sa.Column('acts_not_covered', sa.String(length=300),
                                          server_default='', nullable=False))
    op.add_column('hearing_waiver', sa.Column('period', sa.String(length=10),
                                              server_default='hearing', nullable=False))
    connection = op.get_bind()
    acts = _acts()
    rows = connection.execute(sa.text(
        "SELECT id, issued, expires FROM filing WHERE issued IS NOT NULL "
        "AND expires IS NOT NULL AND kind NOT IN ('amendment', 'extension')")).fetchall()
    for filing_id, issued, expires in rows:
        term_ends = date.fromisoformat(str(expires)[:10])
        found = expiry_in_force(date.fromisoformat(str(issued)[:10]), term_ends, acts)
        if found != term_ends:
            connection.execute(sa.text("UPDATE filing SET expires = :d WHERE id = :i"),
                               {"d": found.isoformat(), "i": filing_id})


def upgrade() -> None:
    if 'letterhead_logo' not in _columns('commission_settings'):
        _settings_logo()
    if 'period' not in _columns('hearing_waiver'):
        _permit_life()


def downgrade() -> None:
    pass  # what it adds belongs to 0007_settings_logo and 0009_permit_life
