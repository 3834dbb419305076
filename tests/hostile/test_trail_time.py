"""Entries dated before entries written ahead of them (the computer's clock set back
to make a change look older) are flagged by `check`, even when each is sealed to the
one before it."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

from concom_desk.store.audit import entry_hash


def _add_entry_dated_back(town: Path, days: int) -> int:
    """A sealed entry restating the last change, dated `days` before it; its id."""
    with sqlite3.connect(town) as conn:
        last = conn.execute(
            "SELECT id, at, os_user, initials, table_name, record_id, new_values, entry_hash "
            "FROM audit_entry WHERE action != 'delete' ORDER BY id DESC LIMIT 1").fetchone()
        head = conn.execute("SELECT entry_hash FROM audit_entry ORDER BY id DESC LIMIT 1"
                            ).fetchone()[0]
        _id, at, user, initials, table, record, values, _hash = last
        earlier = (datetime.fromisoformat(at.replace("Z", "+00:00")) - timedelta(days=days))
        stamp = earlier.strftime("%Y-%m-%dT%H:%M:%S.") + f"{earlier.microsecond // 1000:03d}Z"
        sealed = entry_hash(head, stamp, user, initials, table, record, "update", values,
                            values)
        cursor = conn.execute(
            "INSERT INTO audit_entry (at, os_user, initials, table_name, record_id, action, "
            "old_values, new_values, prev_hash, entry_hash) VALUES (?, ?, ?, ?, ?, 'update', "
            "?, ?, ?, ?)", (stamp, user, initials, table, record, values, values, head,
                            sealed))
        added = cursor.lastrowid
    conn.close()
    return int(added or 0)


def test_an_entry_dated_back_is_flagged(town: Path, run) -> None:
    added = _add_entry_dated_back(town, days=30)
    ran = run("check", "--db", town)
    assert ran.code == 1
    flagged = [line for line in ran.out.splitlines() if "dated before entries" in line]
    assert len(flagged) == 1, ran.out
    assert flagged[0].startswith(f"Audit trail: 1 entry is dated before entries written "
                                 f"ahead of them (the first, entry {added:,}, at ")
    assert flagged[0].endswith("the computer's clock was set back, so the trail's dates "
                               "from there cannot be trusted.")


def test_a_sound_trail_is_not_flagged(town: Path, run) -> None:
    ran = run("check", "--db", town)
    assert "dated before entries" not in ran.out
