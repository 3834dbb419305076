"""`server init` on the store's side: an empty database made ready in one transaction,
a set-up one refused untouched, an older one upgraded."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from alembic import command
from sqlalchemy import Engine, inspect, text

from concom_desk.errors import UserError
from concom_desk.store.audit import Actor
from concom_desk.store.schema import (
    alembic_config,
    current_revision,
    head_revision,
    head_revisions,
    script_directory,
)
from concom_desk.store.server.address import ServerAddress
from concom_desk.store.server.engine import make_server_engine
from concom_desk.store.server.roles import GROUPS, record_tables
from concom_desk.store.server.set_up import set_up_server
from concom_desk.store.server.trail import server_trail_problems


@pytest.fixture
def admin(server_address: ServerAddress) -> Iterator[Engine]:
    engine = make_server_engine(server_address, Actor(server_address.user))
    yield engine
    engine.dispose()


def _tables(engine: Engine) -> set[str]:
    with engine.connect() as connection:
        return set(inspect(connection).get_table_names(schema="public"))


def test_init_makes_the_tables_the_roles_and_the_grants(admin: Engine) -> None:
    with admin.begin() as connection:
        done = set_up_server(connection, "the test server")
    assert (done.revision, done.upgraded_from) == (head_revision(), None)
    assert _tables(admin) == {*record_tables(), "audit_entry", "alembic_version"}
    with admin.connect() as connection:
        assert current_revision(connection) == head_revision()
        groups = set(connection.execute(text(
            "SELECT rolname FROM pg_roles WHERE NOT rolcanlogin AND rolname LIKE 'concom_%'")
        ).scalars())
        assert groups >= set(GROUPS.values())
        # Only the three groups may connect; nobody may make tables in public.
        database = connection.execute(text("SELECT current_database()")).scalar_one()
        assert not connection.execute(text(
            "SELECT has_database_privilege('public', :d, 'CONNECT')"), {"d": database}).scalar()
        assert not connection.execute(text(
            "SELECT has_schema_privilege('public', 'public', 'CREATE')")).scalar()
        assert server_trail_problems(connection) == []  # the grants add no trigger


def test_init_refuses_a_database_already_set_up_and_changes_nothing(admin: Engine) -> None:
    with admin.begin() as connection:
        set_up_server(connection, "the test server")
    before = _tables(admin)
    with pytest.raises(UserError, match=r"^the test server is already set up for ConCom Desk "
                                        rf"\(schema {head_revision()}\); nothing was changed"), \
            admin.begin() as connection:
        set_up_server(connection, "the test server")
    assert _tables(admin) == before


def test_init_refuses_a_database_holding_another_programs_tables(admin: Engine) -> None:
    with admin.begin() as connection:
        connection.execute(text("CREATE TABLE invoices (id integer)"))
    with pytest.raises(UserError, match=r"already holds tables that are not ConCom Desk's "
                                        r"\(invoices\); .* nothing was changed"), \
            admin.begin() as connection:
        set_up_server(connection, "the test server")
    assert _tables(admin) == {"invoices"}


def test_init_upgrades_a_database_set_up_by_an_older_program(admin: Engine) -> None:
    with admin.begin() as connection:
        set_up_server(connection, "the test server")
    head = script_directory().get_revision(head_revisions()[0])
    parents = head.down_revision
    parent = parents[0] if isinstance(parents, tuple) else parents
    with admin.begin() as connection:  # as a server an older program set up
        command.downgrade(alembic_config(connection), parent)
        older = current_revision(connection)
    assert older != head_revision()
    with admin.begin() as connection:
        done = set_up_server(connection, "the test server")
    assert (done.upgraded_from, done.revision) == (older, head_revision())
    with admin.connect() as connection:
        assert current_revision(connection) == head_revision()
        assert server_trail_problems(connection) == []
        # the migration made on the server what the models say (what check expects)
        from concom_desk.store.server.catalog import catalog_differences

        assert catalog_differences(connection, "public") == []


def test_init_refuses_a_database_from_a_newer_program(admin: Engine) -> None:
    with admin.begin() as connection:
        set_up_server(connection, "the test server")
        connection.execute(text("UPDATE alembic_version SET version_num = '0099_from_2030'"))
    with pytest.raises(UserError, match=r"set up by a newer version of ConCom Desk \(schema "
                                        r"0099_from_2030\); nothing was changed"), \
            admin.begin() as connection:
        set_up_server(connection, "the test server")
