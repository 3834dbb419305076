"""A permit's whole life: the reason a filing is not covered by the permit extension
acts (the holder waived them), and a waiver that is of the decision period rather
than the hearing's (Garrity v. Hingham, 2012). The expiry stored for each issued
approval is moved as the acts move it (St. 2010 c.240 §173; St. 2020 c.53 §17;
St. 2024 c.238 §280): until now it was the bare term, two or more years short for
every permit in effect in 2023–2024. The audit triggers are rebuilt from the live
schema after every upgrade, so the new columns are audited with the rest.

Revision ID: 0009_permit_life
Revises: 0008_joined_again
Create Date: 2026-12-01 13:40:00
"""
from collections.abc import Sequence
from datetime import date

import sqlalchemy as sa
from alembic import op

# The acts' reading frozen as this revision had it (not the domain's, which changes).
from concom_desk.store.migrations.frozen_extension_acts import expiry_in_force, load_acts
from concom_desk.paths import data_dir, resources_dir

revision: str = '0009_permit_life'
down_revision: str | None = '0008_joined_again'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _acts():  # type: ignore[no-untyped-def]
    own = data_dir() / "extension_acts.toml"
    return load_acts(own if own.is_file() else resources_dir() / "extension_acts.toml")


def upgrade() -> None:
    # Plain ADD COLUMNs (SQLite does them in place): no copy of tables others point at.
    op.add_column('filing', sa.Column('acts_not_covered', sa.String(length=300),
                                      server_default='', nullable=False))
    op.add_column('hearing_waiver', sa.Column('period', sa.String(length=10),
                                              server_default='hearing', nullable=False))
    connection = op.get_bind()
    acts = _acts()
    rows = connection.execute(sa.text(
        "SELECT id, issued, expires FROM filing WHERE issued IS NOT NULL "
        "AND expires IS NOT NULL AND kind NOT IN ('amendment', 'extension')")).fetchall()
    # (An extension permit's expiry runs on from its permit's; the record and the expiry
    # watch count it afresh, and it is stored again at its next save.)
    for filing_id, issued, expires in rows:
        term_ends = date.fromisoformat(str(expires)[:10])
        found = expiry_in_force(date.fromisoformat(str(issued)[:10]), term_ends, acts)
        if found != term_ends:
            connection.execute(sa.text("UPDATE filing SET expires = :d WHERE id = :i"),
                               {"d": found.isoformat(), "i": filing_id})


def downgrade() -> None:
    with op.batch_alter_table('hearing_waiver', schema=None) as batch_op:
        batch_op.drop_column('period')
    with op.batch_alter_table('filing', schema=None) as batch_op:
        batch_op.drop_column('acts_not_covered')
