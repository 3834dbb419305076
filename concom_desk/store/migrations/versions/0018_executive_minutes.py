"""Executive-session minutes (issue 35, item 4): a table of their own, apart from the
open minutes, withheld until a later meeting's vote releases them (MGL c.30A §22(f)),
and locked once released. The audit and lock triggers are rebuilt from the live
schema so the new table is in the trail.

Revision ID: 0018_executive_minutes
Revises: 0017_name_indexes
Create Date: 2026-12-04 17:00:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from concom_desk.store.audit import install_audit_triggers

revision: str = "0018_executive_minutes"
down_revision: str | None = "0017_name_indexes"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "executive_minutes",
        sa.Column("meeting_id", sa.Integer(), nullable=False),
        sa.Column("entry_vote_id", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), server_default="", nullable=False),
        sa.Column("kept_by", sa.String(length=100), server_default="", nullable=False),
        sa.Column("released_vote_id", sa.Integer(), nullable=True),
        sa.Column("released_on", sa.Date(), nullable=True),
        sa.Column("reviewed_on", sa.Date(), nullable=True),
        sa.Column("version", sa.Integer(), server_default="1", nullable=False),
        sa.Column("id", sa.Integer(), nullable=False),
        sa.CheckConstraint("(released_on IS NULL) = (released_vote_id IS NULL)",
                           name=op.f("ck_executive_minutes_release_complete")),
        sa.ForeignKeyConstraint(["meeting_id"], ["meeting.id"],
                                name=op.f("fk_executive_minutes_meeting_id_meeting"),
                                ondelete="RESTRICT"),
        sa.ForeignKeyConstraint(["entry_vote_id"], ["vote.id"],
                                name=op.f("fk_executive_minutes_entry_vote_id_vote"),
                                ondelete="RESTRICT"),
        sa.ForeignKeyConstraint(["released_vote_id"], ["vote.id"],
                                name=op.f("fk_executive_minutes_released_vote_id_vote"),
                                ondelete="RESTRICT"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_executive_minutes")),
        sa.UniqueConstraint("entry_vote_id", name=op.f("uq_executive_minutes_entry_vote_id")),
    )
    with op.batch_alter_table("executive_minutes", schema=None) as batch_op:
        for column in ("meeting_id", "entry_vote_id", "released_vote_id"):
            batch_op.create_index(batch_op.f(f"ix_executive_minutes_{column}"), [column],
                                  unique=False)
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        install_audit_triggers(bind)


def downgrade() -> None:
    with op.batch_alter_table("executive_minutes", schema=None) as batch_op:
        for column in ("meeting_id", "entry_vote_id", "released_vote_id"):
            batch_op.drop_index(batch_op.f(f"ix_executive_minutes_{column}"))
    op.drop_table("executive_minutes")
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        install_audit_triggers(bind)
