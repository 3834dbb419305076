"""Entries dated before entries written ahead of them (the computer's clock set back
to make a change look older) are flagged by `check`, even when each is sealed to the
one before it."""

from __future__ import annotations

import re
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


# -- the head printed where the town keeps it -----------------------------------

HEAD_LINE = re.compile(r"Audit trail: [\d,]+ entries, head [0-9a-f]{16} \(compare: "
                       r"concom-desk check --head (\d+:[0-9a-f]{16})\)")


def test_the_annual_report_carries_the_head_that_check_accepts(town: Path, tmp_path: Path,
                                                                run) -> None:
    from tests.helpers.clock import TEST_TODAY
    from tests.helpers.docx_reading import full_text

    out = tmp_path / "report.docx"
    made = run("report", "--db", town, "--year", str(TEST_TODAY.year), "--calendar",
               "--out", out)
    assert made.code == 0, made.err
    found = HEAD_LINE.search(full_text(out))
    assert found, full_text(out)[-400:]
    checked = run("check", "--db", town, "--head", found.group(1))
    assert checked.code == 0, checked.out
    entries, digest = found.group(1).split(":")
    wrong = f"{entries}:{'0' * 16 if digest != '0' * 16 else '1' * 16}"
    assert run("check", "--db", town, "--head", wrong).code == 1


def test_approved_minutes_carry_the_head_and_drafts_do_not(tmp_path: Path) -> None:
    from concom_desk.services.minutes.meeting_record import export_meeting_record
    from concom_desk.services.minutes.sets import approve_minutes, open_minutes
    from concom_desk.store import open_database
    from tests.helpers.calendar_db import build_commission
    from tests.helpers.docx_reading import full_text
    from tests.helpers.minutes_meeting import MAR3, MAR17, hold_march_3, vote_approval_on_march_17

    with open_database(tmp_path / "commission.sqlite", initials="JB") as db:
        c = build_commission(db)
        hold_march_3(c)
        minutes = open_minutes(c.db, c.meetings[MAR3], today=MAR3)
        draft = export_meeting_record(c.db, c.meetings[MAR3], tmp_path / "draft", today=MAR3)
        approve_minutes(c.db, minutes.minutes_id, vote_approval_on_march_17(c))
        approved = export_meeting_record(c.db, c.meetings[MAR3], tmp_path / "out",
                                         today=MAR17)
    drafted = next(n for n in draft.files if n.startswith("Minutes (draft"))
    assert not HEAD_LINE.search(full_text(draft.path / drafted))
    printed = next(n for n in approved.files if n.startswith("Minutes (approved"))
    assert HEAD_LINE.search(full_text(approved.path / printed))
