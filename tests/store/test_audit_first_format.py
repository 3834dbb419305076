"""A trail begun by the programs of 29 Nov 2026, whose seal was a JSON list of the
fields (before c2e93e8), is sound when each of its entries is: the upgraded file goes
on in today's seal, and its first entries are not reported as tampered (issue 27)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from concom_desk.store.audit import entry_hash, first_format_hash, verify_audit_chain

Seal = Callable[..., str]
FIRST, NOW = first_format_hash, entry_hash


def trail(*seals: Seal, changed: int | None = None) -> sqlite3.Connection:
    """An audit_entry table of one entry per seal, each chained to the one before;
    `changed`: the entry (1-based) whose new_values are changed after it was sealed."""
    connection = sqlite3.connect(":memory:")
    connection.execute(
        "CREATE TABLE audit_entry (id INTEGER PRIMARY KEY, at TEXT, os_user TEXT, "
        "initials TEXT, table_name TEXT, record_id INTEGER, action TEXT, old_values TEXT, "
        "new_values TEXT, prev_hash TEXT, entry_hash TEXT)")
    previous = ""
    for number, seal in enumerate(seals, start=1):
        fields = (previous, f"2026-11-29T22:2{number}:00.000Z", "clerk", "JB", "filing",
                  number, "insert", None, f'{{"file_no": "2026-00{number}"}}')
        sealed = seal(*fields)
        new_values = '{"file_no": "CHANGED"}' if number == changed else fields[-1]
        connection.execute("INSERT INTO audit_entry VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                           (number, *fields[1:-1], new_values, previous, sealed))
        previous = sealed
    return connection


def test_a_trail_begun_in_the_first_seal_and_going_on_in_todays_is_sound() -> None:
    report = verify_audit_chain(trail(FIRST, FIRST, FIRST, NOW, NOW))
    assert report.ok
    assert (report.entries, report.first_format_entries) == (5, 3)


def test_a_trail_in_todays_seal_has_no_first_format_entries() -> None:
    report = verify_audit_chain(trail(NOW, NOW))
    assert report.ok and report.first_format_entries == 0


def test_an_entry_in_the_first_seal_after_one_in_todays_is_refused() -> None:
    # Only a trail's beginning can be old: one written later in the old seal was not
    # written by the program.
    report = verify_audit_chain(trail(FIRST, NOW, FIRST, NOW))
    assert report.first_broken_id == 3
    assert report.problem == "its contents were changed after it was written"


def test_a_changed_entry_in_the_first_seal_is_found() -> None:
    report = verify_audit_chain(trail(FIRST, FIRST, NOW, changed=2))
    assert report.first_broken_id == 2
