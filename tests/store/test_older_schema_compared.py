"""`check` on a file at an older revision (not yet opened by this program, so not yet
upgraded): it says the upgrade is pending, compares the file with what the migrations
make at its own revision, and names what was put in behind the program's back — as
it does at the program's own revision (tests/hostile/test_schema_tamper.py)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from concom_desk.cli import main
from tests.hostile.test_schema_tamper import _weaken_filing_check
from tests.store.test_upgrade_fixtures import unpack

SCHEMA_TAMPERED = "Schema: holds what ConCom Desk does not make"


def _check(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    code = main(["check", "--db", str(path)])
    return code, capsys.readouterr().out.splitlines()


@pytest.mark.parametrize(("fixture", "revision"), [
    ("09-3acefcc-schema-0009_minutes", "0009_minutes"),
    # stamped 0003 when 0003 was the audit history index: judged as today's 0005
    ("dev-b717883-schema-0003", "0003"),
])
def test_an_older_file_is_an_upgrade_pending_not_a_tamper(
        fixture: str, revision: str, tmp_path: Path, capsys) -> None:
    path = unpack(fixture, tmp_path)
    before = path.read_bytes()
    code, said = _check(path, capsys)
    assert (f"Schema: revision {revision}, upgrade pending (ConCom Desk upgrades the file "
            "when it opens it, keeping a copy first).") in said
    assert not any(line.startswith(SCHEMA_TAMPERED) for line in said), said
    assert (code, said[-1]) == (0, "The database is sound.")
    assert path.read_bytes() == before  # check upgrades nothing


def test_what_was_put_into_an_older_file_is_named(tmp_path: Path, capsys) -> None:
    path = unpack("09-3acefcc-schema-0009_minutes", tmp_path)
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("CREATE VIEW owners AS SELECT name FROM party")
        conn.execute("ALTER TABLE audit_entry ADD COLUMN note TEXT")
        conn.execute("CREATE UNIQUE INDEX ux_filing_kind ON filing (kind) WHERE id > 1000")
        _weaken_filing_check(conn)
    code, said = _check(path, capsys)
    assert code == 1 and said[-1] == "The database has problems."
    assert any(line.startswith(SCHEMA_TAMPERED) for line in said)
    named = [line for line in said if line.startswith("  ")]
    assert "  a column 'note' added to the table 'audit_entry'" in named
    assert ("  an index 'ux_filing_kind' that ConCom Desk does not make (CREATE UNIQUE "
            "INDEX ux_filing_kind ON filing (kind) WHERE id > 1000)") in named
    assert ("  a view 'owners' that ConCom Desk does not make (CREATE VIEW owners AS "
            "SELECT name FROM party)") in named
    assert any(line.startswith("  the table 'filing' defined otherwise than ConCom Desk "
                               "makes it at revision 0009_minutes (CONSTRAINT ck_filing_")
               and line.endswith(" CHECK (1))") for line in named), named


def test_a_backup_of_an_older_file_with_a_weakened_check_is_not_restored(tmp_path: Path) -> None:
    from concom_desk.errors import OperationFailed
    from concom_desk.store import open_database
    from concom_desk.store.backup import make_backup
    from concom_desk.store.restore import restore

    old = unpack("09-3acefcc-schema-0009_minutes", tmp_path)
    with closing(sqlite3.connect(old, isolation_level=None)) as conn:
        _weaken_filing_check(conn)
    backup = make_backup(old, tmp_path / "older.zip").path
    target = tmp_path / "laptop" / "concom-desk.sqlite"
    target.parent.mkdir()
    open_database(target, initials="JB").close()
    before = target.read_bytes()
    with pytest.raises(OperationFailed, match=r"older\.zip holds the table 'filing' defined "
                       r"otherwise than ConCom Desk makes it at revision 0009_minutes "
                       r"\(CONSTRAINT ck_filing_\w+ CHECK \(1\)\); it was not restored"):
        restore(backup, target)
    assert target.read_bytes() == before
