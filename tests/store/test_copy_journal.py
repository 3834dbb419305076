"""The journal a copy from a server leaves beside the file (store.copy_journal): one
that is not a journal is left alone and said, by `check` and at the opening, beside
the restore's own (the copies killed for real: tests/services/safekeeping/
test_copy_killed.py)."""

from __future__ import annotations

from pathlib import Path

from concom_desk.store import open_database
from concom_desk.store.copy_journal import copy_journal_path
from concom_desk.store.health import check


def test_a_copy_journal_that_is_not_one_is_left_alone_and_said(record_db: Path) -> None:
    journal = copy_journal_path(record_db)
    journal.write_text('{"kind": "pull"}', encoding="utf-8")
    report = check(record_db)
    assert not report.sound
    assert any(line.startswith(f"Copy: {journal.name} is not a copy's journal")
               for line in report.lines), report.lines
    with open_database(record_db, initials="CK") as database:
        assert database.state.settled_copy.startswith(
            f"A copy from the server left a journal: {journal.name} is not a copy's journal")
    assert journal.read_text(encoding="utf-8") == '{"kind": "pull"}'
