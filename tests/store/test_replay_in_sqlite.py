"""`check` compares the rows with their last entries in SQLite, beside the chain's walk
(`replay_in_sqlite`), hashes each entry in one expression (`_read_back_hash`), and
finds an anchor's entry by its id when no id is missing. Each must find exactly what
the Python replay, `entry_hash` and counting in order find: the same rows named, in
the same order, for each way a record can be changed without a trace; the same
digest for every entry, including text that is not ASCII and fields that are not
text at all; the same entry for a head, with or without a gap in the trail."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from concom_desk.store.anchor import ChainHead, disagreement
from concom_desk.store.audit import (
    Actor,
    _read_back_hash,
    entry_hash,
    register_audit_functions,
    verify_audit_chain,
)
from concom_desk.store.health import check
from concom_desk.store.trail_replay import replay, replay_in_sqlite
from tests.store.test_tamper import recompute_chain, shell, trigger_sql


def both_replays(db: Path) -> tuple[list[str], list[str]]:
    """(the replay compared in SQLite, the replay compared in Python)."""
    with closing(sqlite3.connect(db)) as conn:
        return ([d.describe() for d in replay_in_sqlite(conn)],
                [d.describe() for d in replay(conn)])


def unseen(db: Path, trigger: str, *statements: str) -> None:
    """`statements` run while the trigger is away, then the trigger put back."""
    original = trigger_sql(db, trigger)
    shell(db, f"DROP TRIGGER {trigger}", *statements, original)


def test_a_sound_record_has_nothing_to_name(record_db: Path) -> None:
    assert both_replays(record_db) == ([], [])


def test_columns_added_since_the_entries_are_not_a_change(record_db: Path) -> None:
    shell(record_db, "ALTER TABLE filing ADD COLUMN plan_sheet TEXT DEFAULT 'A-1'",
          "ALTER TABLE abutter ADD COLUMN mailed INTEGER")
    assert both_replays(record_db) == ([], [])
    assert "Trail replay: ok, every record holds what its last audit entry says." \
        in check(record_db).lines


@pytest.mark.parametrize(("statements", "named"), [
    # A change to a column the entry knows, though columns were added since.
    (("UPDATE filing SET work_description = 'Septic and pool' WHERE id = 1",
      "ALTER TABLE filing ADD COLUMN plan_sheet TEXT"),
     "Filing 1 (2026-014) differs from its last audit entry"),
    # Text that is not ASCII: SQLite compares bytes, Python characters.
    (("UPDATE filing SET work_description = 'Réparation — fossé' WHERE id = 1",),
     "work_description is 'Réparation — fossé', the trail says"),
    # A value shortened to the entry's text cut at a comma: not a column added.
    (("UPDATE filing SET work_description = '' WHERE id = 1",),
     "work_description is '', the trail says 'Septic repair in buffer zone'"),
    # A column emptied: NULL now, a date in the trail.
    (("UPDATE filing SET received = NULL WHERE id = 1",),
     "received is empty, the trail says '2026-03-02'"),
])
def test_a_change_is_named_alike(record_db: Path, statements: tuple[str, ...],
                                 named: str) -> None:
    unseen(record_db, "audit_filing_update", *statements)
    in_sqlite, in_python = both_replays(record_db)
    assert in_sqlite == in_python
    assert len(in_sqlite) == 1 and named in in_sqlite[0]


def test_rows_added_deleted_and_back_are_named_alike_in_order(record_db: Path) -> None:
    shell(record_db, "DROP TRIGGER audit_party_insert", "DROP TRIGGER audit_abutter_delete",
          "INSERT INTO party (id, name, kind) VALUES (40, 'Shadow LLC', 'company')",
          "INSERT INTO party (id, name, kind) VALUES (39, 'Ghost Trust', 'company')",
          "DELETE FROM abutter WHERE owner_name = 'Sam Adams'")
    in_sqlite, in_python = both_replays(record_db)
    assert in_sqlite == in_python
    assert [line.split(" (")[0] for line in in_sqlite] == ["Abutter 3", "Party 39", "Party 40"]
    assert in_sqlite[1] == "Party 39 (Ghost Trust) has no audit entry: it was added without " \
        "a trace"


def test_a_row_back_after_its_deletion_is_named_alike(record_db: Path) -> None:
    with closing(sqlite3.connect(record_db)) as conn:
        row = conn.execute("SELECT * FROM abutter WHERE id = 3").fetchone()
        columns = ", ".join(c[1] for c in conn.execute("PRAGMA table_info(abutter)"))
        # The deletion recorded in the trail, as the program's triggers record it.
        register_audit_functions(conn, Actor("clerk", "TS"))
        conn.execute("DELETE FROM abutter WHERE id = 3")
        conn.commit()
    unseen(record_db, "audit_abutter_insert",
           f"INSERT INTO abutter ({columns}) VALUES ({', '.join('?' * len(row))})"
           .replace("?", "{}").format(*(repr(v) if v is not None else "NULL" for v in row)))
    in_sqlite, in_python = both_replays(record_db)
    assert in_sqlite == in_python
    assert len(in_sqlite) == 1
    assert in_sqlite[0].startswith("Abutter 3 (Sam Adams) exists although its last audit "
                                   "entry")


def test_check_names_what_the_python_replay_names(record_db: Path) -> None:
    unseen(record_db, "audit_filing_update",
           "UPDATE filing SET fee_cents = 1 WHERE id = 1",
           "UPDATE filing SET fee_cents = 2 WHERE id = 2")
    lines = check(record_db).lines
    told = [line.strip() for line in lines if line.startswith("  Filing ")]
    assert told == both_replays(record_db)[1]
    assert len(told) == 2 and "fee_cents is 1" in told[0] and "fee_cents is 2" in told[1]


@pytest.mark.parametrize("fields", [
    ("", "2026-03-02T14:00:00.000Z", "clerk", "", "filing", 1, "insert", None, '{"a":1}'),
    ("f" * 64, "2026", "ü-user", "JD", "abutter", 123456, "update", '{"n":"Sé"}',
     '{"n":"Sè"}'),
    ("f" * 64, "2026", "clerk", "JD", "party", 7, "delete", '{"n":"' + "x" * 70_000 + '"}',
     None),
    ("p", "a", "u", "i", "t", "7", "update", "", ""),
])
def test_the_one_expression_hash_is_entry_hash(fields: tuple) -> None:
    assert _read_back_hash(*fields) == entry_hash(*fields)


def test_an_entry_holding_a_number_where_text_belongs_is_hashed_as_ever(record_db: Path
                                                                         ) -> None:
    # A REAL for the record and a BLOB in `initials`: entry_hash hashes their str();
    # so must the walk (the one-expression hash gives way to it).
    shell(record_db, "DROP TRIGGER guard_audit_entry_update",
          "UPDATE audit_entry SET record_id = 4.5, initials = x'4a44' WHERE id = 4")
    with closing(sqlite3.connect(record_db)) as conn:
        assert verify_audit_chain(conn).first_broken_id == 4
    recompute_chain(record_db)
    with closing(sqlite3.connect(record_db)) as conn:
        assert conn.execute("SELECT typeof(record_id), typeof(initials) FROM audit_entry "
                            "WHERE id = 4").fetchone() == ("real", "blob")
        assert verify_audit_chain(conn).ok


def nth_in_order(db: Path, n: int) -> tuple[int, str]:
    with closing(sqlite3.connect(db)) as conn:
        return conn.execute("SELECT id, entry_hash FROM audit_entry ORDER BY id "
                            "LIMIT 1 OFFSET ?", (n - 1,)).fetchone()


@pytest.mark.parametrize("gap", [False, True])
def test_a_head_is_found_by_its_place_in_the_trail_with_or_without_a_gap(
        record_db: Path, gap: bool) -> None:
    if gap:  # an entry cut out of the middle: the 8th entry is no longer entry 8
        shell(record_db, "DROP TRIGGER guard_audit_entry_delete",
              "DELETE FROM audit_entry WHERE id = 5")
    entry_id, sealed = nth_in_order(record_db, 8)
    assert entry_id == (9 if gap else 8)
    with closing(sqlite3.connect(record_db)) as conn:
        assert disagreement(conn, ChainHead(8, sealed), "the footer") is None
        assert disagreement(conn, ChainHead(8, sealed[:16]), "the footer") is None
        assert disagreement(conn, ChainHead(8, "0" * 16), "the footer") == (
            f"entry {entry_id} (the 8th) is not the one the footer recorded: the trail was "
            "rewritten")
        assert disagreement(conn, ChainHead(40, sealed), "the footer").startswith(
            f"the trail has {12 if gap else 13} entries but the footer recorded 40")
