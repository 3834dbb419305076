"""`check` reads the audit trail once: the hash chain's walk notes each record's last
entry, and the replay compares every row with it. What it finds must be what a replay
that reads the trail for itself finds, in a record whose tables gained columns after
their entries were written (as every migration that adds a column leaves them), and
when the chain is broken before its end."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from concom_desk.store.audit import verify_audit_chain
from concom_desk.store.db_identity import is_newer_than_program, known_revisions
from concom_desk.store.health import check
from concom_desk.store.schema import script_directory
from concom_desk.store.trail_replay import replay
from tests.store.test_tamper import shell, trigger_sql


def replays(db: Path) -> tuple[list[str], list[str]]:
    """(the replay from the chain's walk, the replay reading the trail itself)."""
    with closing(sqlite3.connect(db)) as conn:
        last: dict = {}
        assert verify_audit_chain(conn, last).ok
        return ([d.describe() for d in replay(conn, last)],
                [d.describe() for d in replay(conn)])


def test_a_column_added_after_the_entries_is_not_a_change(record_db: Path) -> None:
    shell(record_db, "ALTER TABLE filing ADD COLUMN plan_sheet TEXT DEFAULT 'A-1'")
    assert replays(record_db) == ([], [])
    assert "Trail replay: ok, every record holds what its last audit entry says." \
        in check(record_db).lines


def test_a_change_is_named_though_a_column_was_added_since(record_db: Path) -> None:
    original = trigger_sql(record_db, "audit_filing_update")
    shell(record_db, "DROP TRIGGER audit_filing_update",
          "UPDATE filing SET work_description = 'Septic and pool' WHERE file_no = '2026-014'",
          original, "ALTER TABLE filing ADD COLUMN plan_sheet TEXT")
    from_walk, by_itself = replays(record_db)
    assert from_walk == by_itself
    assert len(from_walk) == 1
    assert from_walk[0].startswith("Filing 1 (2026-014) differs from its last audit entry")
    assert from_walk[0].endswith("work_description is 'Septic and pool', the trail says "
                                 "'Septic repair in buffer zone'")


def test_rows_added_and_deleted_without_a_trace_are_found_from_the_walk(record_db: Path
                                                                        ) -> None:
    shell(record_db, "DROP TRIGGER audit_party_insert", "DROP TRIGGER audit_abutter_delete",
          "INSERT INTO party (id, name, kind) VALUES (40, 'Shadow LLC', 'company')",
          "DELETE FROM abutter WHERE owner_name = 'Sam Adams'")
    from_walk, by_itself = replays(record_db)
    assert from_walk == by_itself
    assert "Party 40 (Shadow LLC) has no audit entry: it was added without a trace" in from_walk
    assert any(line.startswith("Abutter 3 (Sam Adams) is gone") for line in from_walk)


def test_a_broken_chain_still_has_every_row_replayed(record_db: Path) -> None:
    # The first entry rewritten (the chain breaks there) and a filing changed unseen:
    # the replay cannot rely on the walk, which stopped at the first entry.
    shell(record_db, "DROP TRIGGER guard_audit_entry_update",
          "UPDATE audit_entry SET initials = 'XX' WHERE id = 1",
          "DROP TRIGGER audit_filing_update",
          "UPDATE filing SET fee_cents = 1 WHERE file_no = '2026-014'")
    lines = check(record_db).lines
    assert any(line.startswith("Audit trail: BROKEN at entry 1:") for line in lines)
    assert any(line.startswith("  Filing 1 (2026-014) differs from its last audit entry")
               and "fee_cents is 1, the trail says 12500" in line for line in lines)


def test_the_known_revisions_are_alembic_s(record_db: Path) -> None:
    # Read from the migration scripts without Alembic: the same set Alembic reads.
    assert known_revisions() == {script.revision for script in
                                 script_directory().walk_revisions()}
    assert not is_newer_than_program("+".join(sorted(script_directory().get_heads())))
    assert is_newer_than_program("0010_joined_again+9999_from_the_future")
