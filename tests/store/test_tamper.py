"""Each attack on the audit trail from issue 15, done as an adversary would (with the
sqlite3 module standing in for the sqlite3 shell), and what `check` and the program
then say: the row or the entry is named, nothing is repaired behind the clerk's back."""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from concom_desk.errors import OperationFailed
from concom_desk.paths import backups_dir
from concom_desk.store import open_database
from concom_desk.store.anchor import anchor_path, chain_head
from concom_desk.store.audit import entry_hash
from concom_desk.store.backup import make_backup
from concom_desk.store.health import check
from concom_desk.store.opening_checks import GUARDS


@pytest.fixture
def anchored(record_db: Path) -> Path:
    """The small record, opened and closed once by the program (so anchored)."""
    with open_database(record_db, initials="TS") as db, db.session() as s:
        from concom_desk.store.models import Filing

        s.get(Filing, 1).notes = "Checked by the agent"  # one save through the program
    assert anchor_path(record_db).is_file()
    return record_db


def shell(db: Path, *statements: str) -> None:
    """What someone with the sqlite3 shell can do: no program functions, so the audit
    triggers must be out of the way first."""
    with closing(sqlite3.connect(db)) as conn:
        for statement in statements:
            conn.execute(statement)
        conn.commit()


def trigger_sql(db: Path, name: str) -> str:
    with closing(sqlite3.connect(db)) as conn:
        return conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", (name,)).fetchone()[0]


def recompute_chain(db: Path) -> None:
    """Re-seal every entry from the first: the chain has no key, so this is possible."""
    with closing(sqlite3.connect(db)) as conn:
        conn.execute("DROP TRIGGER IF EXISTS guard_audit_entry_update")
        previous = ""
        rows = conn.execute("SELECT id, at, os_user, initials, table_name, record_id, action, "
                            "old_values, new_values FROM audit_entry ORDER BY id").fetchall()
        for entry_id, *fields in rows:
            sealed = entry_hash(previous, *fields)
            conn.execute("UPDATE audit_entry SET prev_hash = ?, entry_hash = ? WHERE id = ?",
                         (previous, sealed, entry_id))
            previous = sealed
        conn.commit()
    shell(db, trigger_sql_of_guard())


def trigger_sql_of_guard() -> str:
    return ("CREATE TRIGGER guard_audit_entry_update BEFORE UPDATE ON audit_entry BEGIN SELECT "
            "RAISE(ABORT, 'the audit trail is append-only: entries cannot be changed'); END")


def problems(db: Path) -> list[str]:
    report = check(db)
    assert not report.sound
    return report.lines


# --- drop a trigger, change a permit, re-create the trigger -----------------------

def test_a_change_made_while_the_trigger_was_away_is_named(anchored: Path) -> None:
    original = trigger_sql(anchored, "audit_filing_update")
    shell(anchored, "DROP TRIGGER audit_filing_update",
          "UPDATE filing SET expires = '2031-06-30' WHERE file_no = '2026-014'", original)
    lines = problems(anchored)
    assert "Trail replay: 1 record does not match the audit trail (changed without a trace):" \
        in lines
    assert any(line.startswith("  Filing 1 (2026-014) differs from its last audit entry (")
               and line.endswith("expires is '2031-06-30', the trail says empty")
               for line in lines)


def test_a_row_added_and_one_deleted_without_a_trace_are_named(anchored: Path) -> None:
    shell(anchored, "DROP TRIGGER audit_party_insert", "DROP TRIGGER audit_abutter_delete",
          "INSERT INTO party (id, name, kind) VALUES (40, 'Shadow LLC', 'company')",
          "DELETE FROM abutter WHERE owner_name = 'Sam Adams'")
    lines = problems(anchored)
    assert "  Party 40 (Shadow LLC) has no audit entry: it was added without a trace" in lines
    assert any(line.startswith("  Abutter 3 (Sam Adams) is gone but its last audit entry")
               for line in lines)


# --- replace a trigger with a same-named one that does nothing ---------------------

def test_a_same_named_do_nothing_trigger_is_found_and_the_program_will_not_write(
        anchored: Path) -> None:
    shell(anchored, "DROP TRIGGER audit_filing_update",
          "CREATE TRIGGER audit_filing_update AFTER UPDATE ON filing BEGIN SELECT 1; END")
    assert "  trigger audit_filing_update was altered (its SQL is not the program's)" \
        in problems(anchored)
    with open_database(anchored, initials="JB") as db:
        assert db.state.why == GUARDS
        with pytest.raises(OperationFailed, match="audit_filing_update was altered"), db.session():
            pass
    assert trigger_sql(anchored, "audit_filing_update").endswith("SELECT 1; END")  # kept


def test_a_foreign_trigger_is_named(anchored: Path) -> None:
    shell(anchored, "CREATE TRIGGER rename_applicants AFTER UPDATE ON party BEGIN "
          "UPDATE party SET name = 'X' WHERE id = NEW.id; END")
    assert "  trigger rename_applicants on party is not the program's" in problems(anchored)


# --- a trigger reported missing stays missing (the evidence is kept) ---------------

def test_opening_does_not_reinstall_a_missing_trigger(anchored: Path) -> None:
    shell(anchored, "DROP TRIGGER audit_filing_update")
    open_database(anchored).close()
    assert "  trigger audit_filing_update is missing" in problems(anchored)


# --- delete the last 20 entries: a valid, shorter chain ----------------------------

def test_cutting_the_newest_entries_is_seen_against_the_anchor(anchored: Path) -> None:
    with closing(sqlite3.connect(anchored)) as conn:
        total = conn.execute("SELECT count(*) FROM audit_entry").fetchone()[0]
    shell(anchored, "DROP TRIGGER guard_audit_entry_delete",
          "DELETE FROM audit_entry WHERE id > (SELECT max(id) - 3 FROM audit_entry)")
    lines = problems(anchored)
    assert f"Audit trail: ok, {total - 3} entries, each sealed to the one before it." in lines
    assert any(line.startswith(f"  the trail has {total - 3} entries but the anchor file of ") and
               line.endswith(f"recorded {total}: 3 entries were removed") for line in lines)


def test_cutting_is_seen_against_a_backup_when_the_anchor_file_is_gone(anchored: Path) -> None:
    folder = backups_dir(anchored)
    folder.mkdir()
    make_backup(anchored, folder / f"{anchored.stem}-auto-20261130T120000Z.zip")
    anchor_path(anchored).unlink()
    shell(anchored, "DROP TRIGGER guard_audit_entry_delete",
          "DELETE FROM audit_entry WHERE id > (SELECT max(id) - 2 FROM audit_entry)")
    assert any("the backup concom-desk-auto-20261130T120000Z.zip recorded" in line and
               "2 entries were removed" in line for line in problems(anchored))



def test_a_backup_of_another_database_in_the_folder_is_not_taken_for_this_ones(
        anchored: Path) -> None:
    # Last year's records kept beside this year's: "concom-desk-2025.sqlite" backs up as
    # concom-desk-2025-auto-….zip, a name that begins as this database's backups do. Its
    # longer trail is not this one's cut short.
    other = anchored.with_name(f"{anchored.stem}-2025.sqlite")
    shutil.copy(anchored, other)
    with open_database(other, initials="TS") as db, db.session() as s:
        from concom_desk.store.models import Filing

        s.get(Filing, 1).notes = "Last year's note"
    folder = backups_dir(anchored)
    folder.mkdir()
    make_backup(other, folder / f"{other.stem}-auto-20261130T120000Z.zip")
    anchor_path(anchored).unlink()  # so that only the backups are left to compare with
    report = check(anchored)
    assert report.sound, report.lines
    assert not any("entries were removed" in line for line in report.lines)

def test_cutting_is_seen_against_a_printed_footer(record_db: Path) -> None:
    with closing(sqlite3.connect(record_db)) as conn:
        printed = chain_head(conn)  # as a register printed it: "13:<16 hex>"
    shell(record_db, "DROP TRIGGER guard_audit_entry_delete",
          "DELETE FROM audit_entry WHERE id = (SELECT max(id) FROM audit_entry)")
    from concom_desk.store.anchor import parse_head

    assert not any("head given" in line for line in check(record_db).lines)
    head = parse_head(printed.token())
    assert head is not None
    report = check(record_db, heads=(head,))
    assert not report.sound
    assert f"  the trail has 12 entries but the head given ({printed.token()}) recorded 13: " \
           "1 entries were removed" in report.lines


# --- rewrite an entry and recompute the chain (it has no key) ----------------------

def test_a_recomputed_chain_diverges_from_the_anchor(anchored: Path) -> None:
    shell(anchored, "DROP TRIGGER guard_audit_entry_update",
          "UPDATE audit_entry SET os_user = 'nobody', initials = 'XX' WHERE id = 5")
    recompute_chain(anchored)
    lines = problems(anchored)
    assert any(line.startswith("Audit trail: ok,") for line in lines)  # the chain itself
    assert any(line.startswith("  entry ") and "is not the one the anchor file of" in line
               and line.endswith("the trail was rewritten") for line in lines)


def test_the_program_will_not_write_after_the_trail_was_cut(anchored: Path) -> None:
    shell(anchored, "DROP TRIGGER guard_audit_entry_delete",
          "DELETE FROM audit_entry WHERE id = (SELECT max(id) FROM audit_entry)",
          trigger_sql_guard_delete())
    before = anchor_path(anchored).read_bytes()
    with open_database(anchored) as db:
        assert db.state.why == GUARDS
        assert "entries were removed" in db.state.refusal
    assert anchor_path(anchored).read_bytes() == before  # the evidence is not overwritten


def trigger_sql_guard_delete() -> str:
    return ("CREATE TRIGGER guard_audit_entry_delete BEFORE DELETE ON audit_entry BEGIN SELECT "
            "RAISE(ABORT, 'the audit trail is append-only: entries cannot be deleted'); END")


# --- "who" is the OS account, not an environment variable -------------------------

def test_the_actor_is_not_taken_from_the_environment(db_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import pwd

    for name in ("LOGNAME", "USER", "LNAME", "USERNAME"):
        monkeypatch.setenv(name, "mallory")
    with open_database(db_path, initials="JB") as db:
        from concom_desk.store.models import Party

        with db.session() as s:
            s.add(Party(name="Jane Doe"))
    with closing(sqlite3.connect(db_path)) as conn:
        who = conn.execute("SELECT os_user, initials FROM audit_entry ORDER BY id DESC LIMIT 1"
                           ).fetchone()
    assert who == (pwd.getpwuid(__import__("os").getuid()).pw_name, "JB")
    assert who[0] != "mallory"
