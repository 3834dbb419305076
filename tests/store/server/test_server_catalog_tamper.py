"""Schema objects put on the server behind the program's back (as its superuser could,
with psql): `check` names each (exit 1) and a desk opens the records without writing,
saying what it found — as for a SQLite file (tests/hostile/test_schema_tamper.py)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest
from sqlalchemy import select

from concom_desk.cli import main
from concom_desk.errors import OperationFailed
from concom_desk.store.models import Filing
from concom_desk.store.opening_checks import SCHEMA
from concom_desk.store.schema import head_revision, script_directory
from concom_desk.store.server.address import ServerAddress
from concom_desk.store.server.database import open_server_database
from concom_desk.store.server.health import CATALOG_TAMPERED

WEAKEN_CHECK = ("ALTER TABLE filing DROP CONSTRAINT ck_filing_kind_allowed; ALTER TABLE "
                "filing ADD CONSTRAINT ck_filing_kind_allowed CHECK (true)")

# (what is done on the server, what check and the opening desk name)
TAMPERS = {
    "a view": ("CREATE VIEW owners AS SELECT name FROM party",
               "a view 'owners' that ConCom Desk does not make (SELECT party.name"),
    "an index on lower(name)": (
        "CREATE INDEX ix_party_lower ON party (lower(name))",
        "an index 'ix_party_lower' that ConCom Desk does not make (CREATE INDEX"),
    "a column added to the audit trail": ("ALTER TABLE audit_entry ADD COLUMN note text",
                                          "a column 'note' added to the table 'audit_entry'"),
    "a filing CHECK weakened": (
        WEAKEN_CHECK, "the table 'filing' defined otherwise than ConCom Desk makes it (its "
                      "CHECK 'ck_filing_kind_allowed' is CHECK (true))"),
    "a partial unique index": (
        # holds today; the next two filings of one kind would be refused by it
        "CREATE UNIQUE INDEX ux_filing_kind ON filing (kind) WHERE id > 1",
        "an index 'ux_filing_kind' that ConCom Desk does not make (CREATE UNIQUE INDEX "
        "ux_filing_kind ON public.filing USING btree (kind) WHERE (id > 1))"),
    "a column's type changed": (
        "ALTER TABLE party ALTER COLUMN name TYPE text",
        "the table 'party' defined otherwise than ConCom Desk makes it (the column 'name' "
        "is text, ConCom Desk makes it character varying(200))"),
    "a foreign key dropped": (
        "ALTER TABLE hearing DROP CONSTRAINT fk_hearing_filing_id_filing",
        "the table 'hearing' defined otherwise than ConCom Desk makes it (its foreign key "
        "'fk_hearing_filing_id_filing' is missing)"),
    "a foreign key made to cascade": (
        "ALTER TABLE payment DROP CONSTRAINT fk_payment_filing_id_filing; ALTER TABLE "
        "payment ADD CONSTRAINT fk_payment_filing_id_filing FOREIGN KEY (filing_id) "
        "REFERENCES filing(id) ON DELETE CASCADE",
        "the table 'payment' defined otherwise than ConCom Desk makes it (its foreign key "
        "'fk_payment_filing_id_filing' is FOREIGN KEY (filing_id) REFERENCES filing(id) ON "
        "DELETE CASCADE)"),
    "a NOT NULL dropped": (
        "ALTER TABLE filing ALTER COLUMN kind DROP NOT NULL",
        "the table 'filing' defined otherwise than ConCom Desk makes it (its column 'kind' "
        "may be left empty; ConCom Desk makes it NOT NULL)"),
    "a default changed": (
        "ALTER TABLE abutter_notice ALTER COLUMN method SET DEFAULT 'hand'",
        "the table 'abutter_notice' defined otherwise than ConCom Desk makes it (its column "
        "'method' has the default 'hand'::character varying)"),
    "a default dropped": (
        "ALTER TABLE filing ALTER COLUMN version DROP DEFAULT",
        "the table 'filing' defined otherwise than ConCom Desk makes it (its column "
        "'version' has no default; ConCom Desk gives it '1')"),
    "a function of someone else's": (
        "CREATE FUNCTION helper() RETURNS int LANGUAGE sql AS 'SELECT 1'",
        "a function 'helper' that ConCom Desk does not make (helper())"),
}


@pytest.fixture
def server(pg_template) -> Iterator[ServerAddress]:
    """A fresh server database holding one filing saved by a desk."""
    address = pg_template.copy()
    with open_server_database(address, initials="JB", password="") as desk, \
            desk.session() as session:
        session.add(Filing(kind="noi", file_no="2027-001", town="upton",
                           received=date(2027, 1, 4)))
    yield address
    pg_template.drop(address)


def _psql(pg_template, address: ServerAddress, sql: str) -> None:
    pg_template.cluster.psql(sql, address.database)


@pytest.mark.parametrize("name", sorted(TAMPERS))
def test_check_names_the_object_and_the_desk_opens_without_writing(
        name: str, server: ServerAddress, pg_template, capsys) -> None:
    attack, named = TAMPERS[name]
    _psql(pg_template, server, attack)

    assert main(["check", "--db", server.url()]) == 1
    said = capsys.readouterr().out.splitlines()
    assert CATALOG_TAMPERED in said
    assert any(line.startswith(f"  {named}") for line in said), said
    assert said[-1] == "The database has problems."

    desk = open_server_database(server, initials="JMK", password="")
    try:
        assert desk.state.why == SCHEMA and not desk.writable
        assert desk.state.refusal.startswith("the server's records hold what ConCom Desk "
                                             f"does not make ({named}")
        with pytest.raises(OperationFailed, match="hold what ConCom Desk does not make"), \
                desk.session() as session:
            session.add(Filing(kind="noi", file_no="2027-002", town="upton",
                               received=date(2027, 1, 8)))
        with desk.read_session() as session:  # the records can still be read
            assert session.scalars(select(Filing.file_no)).all() == ["2027-001"]
    finally:
        desk.close()


def test_a_fresh_server_is_sound_and_writable(server: ServerAddress, capsys) -> None:
    assert main(["check", "--db", server.url()]) == 0
    said = capsys.readouterr().out.splitlines()
    assert not any(line.startswith("Schema:") for line in said), said
    assert said[-1] == "The database is sound."
    with open_server_database(server, password="") as desk:
        assert desk.writable and desk.state.refusal == ""


def test_a_server_at_an_older_revision_is_an_upgrade_pending_not_a_tamper(
        server: ServerAddress, pg_template, capsys) -> None:
    older = script_directory().get_revision(head_revision()).down_revision
    _psql(pg_template, server, f"UPDATE alembic_version SET version_num = '{older}'")
    assert main(["check", "--db", server.url()]) == 0
    said = capsys.readouterr().out.splitlines()
    assert (f"Schema: revision {older}, upgrade pending (this program's is "
            f"{head_revision()}; whoever set the server up runs `concom-desk server init` "
            "with this program); its tables are compared after the upgrade.") in said
    assert said[-1] == "The database is sound."
    # a view is never the program's, at any revision
    _psql(pg_template, server, TAMPERS["a view"][0])
    assert main(["check", "--db", server.url()]) == 1
    said = capsys.readouterr().out.splitlines()
    assert any(line.startswith(f"  {TAMPERS['a view'][1]}") for line in said), said
