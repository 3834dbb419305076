"""An update's audit entry keeps only the columns it changed, before and after, not the
two whole rows (store.audit._changed_json): a filing saved twenty times over its life
wrote forty copies of its row into the trail. The triggers are made again; no row and
no entry changes, and the entries written before keep their whole rows and verify as
written (the replay folds a record's entries in order either way).

Revision ID: 0022_changed_fields_only
Revises: 0021_case_resource_areas
Create Date: 2026-12-05 11:00:00
"""
from collections.abc import Sequence

from alembic import op

from concom_desk.store.audit import install_audit_triggers

revision: str = "0022_changed_fields_only"
down_revision: str | None = "0021_case_resource_areas"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    bind = op.get_bind()
    # On a server the trail function is made again after every upgrade (server init).
    if bind.dialect.name == "sqlite":
        install_audit_triggers(bind)


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        install_audit_triggers(bind, whole_updates=True)
