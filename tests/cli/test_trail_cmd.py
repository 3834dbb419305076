"""`concom-desk check --head` and `concom-desk repair-guards`: a tampered trail from the
command line, told in lines, and repaired on purpose with the gap recorded."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from concom_desk.cli import main
from concom_desk.store.anchor import chain_head
from tests.store.conftest import make_record


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return make_record(tmp_path / "concom-desk.sqlite")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def shell(db: Path, *statements: str) -> None:
    with closing(sqlite3.connect(db)) as conn:
        for statement in statements:
            conn.execute(statement)
        conn.commit()


def test_tamper_check_repair_check(db: Path, capsys) -> None:
    shell(db, "DROP TRIGGER audit_filing_update",
          "UPDATE filing SET fee_cents = 0 WHERE file_no = '2026-014'")
    code, said, err = run(capsys, "check", "--db", str(db))
    assert (code, err) == (1, "")
    assert "  trigger audit_filing_update is missing" in said.splitlines()
    assert any(line.startswith("  Filing 1 (2026-014) differs from its last audit entry")
               and line.endswith("fee_cents is 0, the trail says 12500")
               for line in said.splitlines())

    # A write through the program is refused with the reason, in one line.
    code, said, err = run(capsys, "ical", "--db", str(db), "--out", str(db.parent / "x.ics"))
    assert code == 1 and said == ""
    assert err.startswith("concom-desk: failed: the audit trail's guards were changed outside "
                          "ConCom Desk (trigger audit_filing_update is missing)")
    assert len(err.splitlines()) == 1

    code, said, err = run(capsys, "repair-guards", "--db", str(db), "--initials", "jb")
    assert (code, err) == (0, "")
    assert said == ("Guards repaired (2 problems recorded); 1 change made without a trace "
                    "recorded in the trail.\n")
    code, said, err = run(capsys, "check", "--db", str(db))
    assert (code, said.splitlines()[-1]) == (0, "The database is sound.")


def test_a_printed_head_is_compared(db: Path, capsys) -> None:
    with closing(sqlite3.connect(db)) as conn:
        printed = chain_head(conn).token()
    code, said, _ = run(capsys, "check", "--db", str(db), "--head", printed)
    assert code == 0
    assert "Trail head: ok, agrees with the head given." in said.splitlines()
    shell(db, "DROP TRIGGER guard_audit_entry_delete",
          "DELETE FROM audit_entry WHERE id = (SELECT max(id) FROM audit_entry)")
    code, said, _ = run(capsys, "check", "--db", str(db), "--head", printed)
    assert code == 1
    assert (f"  the trail has 12 entries but the head given ({printed}) recorded 13: 1 "
            "entries were removed") in said.splitlines()


def test_a_head_that_is_not_one_is_one_line(db: Path, capsys) -> None:
    code, said, err = run(capsys, "check", "--db", str(db), "--head", "lots:of-words")
    assert (code, said) == (2, "")
    assert err == ("concom-desk: error: --head 'lots:of-words' is not a trail head; give it "
                   "as printed, e.g. 12345:3f2a9c01d4e5b6a7\n")
