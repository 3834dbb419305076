"""Schema objects put into the file behind the program's back: `check` names each
(exit 1), the window opens the file read-only saying what it found, and a backup
holding one is not restored."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from concom_desk.store import open_database


def _weaken_filing_check(conn: sqlite3.Connection) -> None:
    """A CHECK of the filing table rewritten to CHECK (1) through writable_schema."""
    sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'filing'").fetchone()[0]
    weakened = re.sub(r"CONSTRAINT (ck_filing_\w+) CHECK \((?:[^()]|\([^()]*\))*\)",
                      r"CONSTRAINT \1 CHECK (1)", sql, count=1)
    assert weakened != sql
    version = conn.execute("PRAGMA schema_version").fetchone()[0]
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute("UPDATE sqlite_master SET sql = ? WHERE name = 'filing'", (weakened,))
    conn.execute(f"PRAGMA schema_version = {version + 1}")
    conn.execute("PRAGMA writable_schema = OFF")


# (how the file is changed, what check names)
TAMPERS: dict[str, tuple[Callable[[sqlite3.Connection], object], str]] = {
    "a view": (lambda c: c.execute("CREATE VIEW owners AS SELECT name FROM party"),
               "a view 'owners' that ConCom Desk does not make"),
    "an index on lower(name)": (
        lambda c: c.execute("CREATE INDEX ix_party_lower ON party (lower(name))"),
        "an index 'ix_party_lower' that ConCom Desk does not make"),
    "a column added to the audit trail": (
        lambda c: c.execute("ALTER TABLE audit_entry ADD COLUMN note TEXT"),
        "a column 'note' added to the table 'audit_entry'"),
    "a filing CHECK weakened": (_weaken_filing_check,
                                "the table 'filing' defined otherwise than ConCom Desk"),
    "a partial unique index": (
        # holds today; the next two filings of one kind are refused by it
        lambda c: c.execute("CREATE UNIQUE INDEX ux_filing_kind ON filing (kind) WHERE id > "
                            f"{c.execute('SELECT max(id) FROM filing').fetchone()[0]}"),
        "an index 'ux_filing_kind' that ConCom Desk does not make"),
}


def tamper(town: Path, name: str) -> str:
    change, named = TAMPERS[name]
    with sqlite3.connect(town, isolation_level=None) as connection:
        change(connection)
    connection.close()
    return named


@pytest.mark.parametrize("name", sorted(TAMPERS))
def test_check_names_the_object(name: str, town: Path, run) -> None:
    named = tamper(town, name)
    ran = run("check", "--db", town)
    assert ran.code == 1
    assert "Schema: holds what ConCom Desk does not make" in ran.out
    assert f"  {named}" in ran.out, ran.out
    assert ran.out.rstrip().endswith("The database has problems.")


@pytest.mark.parametrize("name", sorted(TAMPERS))
def test_the_window_opens_it_read_only_saying_what(name: str, town: Path) -> None:
    named = tamper(town, name)
    with open_database(town) as db:
        assert db.state.why == "schema"
        assert db.state.refusal.startswith("the database holds what ConCom Desk does not "
                                           f"make ({named}")
        assert db.state.refusal.endswith("it is open read-only; restore the last good "
                                         "backup (File → Restore from backup…)")
        assert not db.writable


def test_the_programs_schema_list_is_what_the_migrations_make(demo_master: Path) -> None:
    from concom_desk.store.db_identity import known_heads
    from concom_desk.store.schema_master import EXPECTED, EXPECTED_REVISION, schema_of

    remake = "make it again: python -m concom_desk.store.schema_master"
    assert known_heads() == EXPECTED_REVISION, remake
    with sqlite3.connect(demo_master) as connection:
        assert schema_of(connection) == EXPECTED, remake
    connection.close()


def test_a_sound_town_opens_writable_and_checks_sound(town: Path, run) -> None:
    with open_database(town) as db:
        assert db.state.refusal == "" and db.writable
    assert run("check", "--db", town).code == 0


def test_restore_refuses_a_backup_with_a_weakened_check(town: Path, tmp_path: Path) -> None:
    from concom_desk.errors import OperationFailed
    from concom_desk.store import restore as restore_module
    from concom_desk.store.archive import write_archive  # noqa: F401  (the real writer)
    from concom_desk.store.backup import make_backup

    sound = make_backup(town, tmp_path / "sound.zip").path
    copy = tmp_path / "copy" / "town.sqlite"
    copy.parent.mkdir()
    copy.write_bytes(town.read_bytes())
    tamper(copy, "a filing CHECK weakened")
    forged = _backup_holding(sound, copy, tmp_path / "forged.zip")
    before = town.read_bytes()
    with pytest.raises(OperationFailed, match="the table 'filing' defined otherwise"):
        restore_module.restore(forged, town)
    assert town.read_bytes() == before


def _backup_holding(genuine: Path, database: Path, out: Path) -> Path:
    """The genuine backup with its database swapped for `database`, manifest re-signed
    to match (as an attacker with the file in hand can)."""
    import hashlib
    import json
    import zipfile

    with zipfile.ZipFile(genuine) as source:
        members = {name: source.read(name) for name in source.namelist()}
    manifest_name = next(n for n in members if n.endswith("manifest.json"))
    manifest = json.loads(members[manifest_name])
    db_name = manifest["database"]
    data = database.read_bytes()
    members[db_name] = data
    entry = manifest["members"][db_name]
    entry.update(sha256=hashlib.sha256(data).hexdigest(), size=len(data))
    members[manifest_name] = json.dumps(manifest).encode()
    with zipfile.ZipFile(out, "w") as target:
        for name, content in members.items():
            target.writestr(name, content)
    return out
