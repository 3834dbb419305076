"""Fixtures for tests on a real PostgreSQL (a plugin of tests/conftest.py):

- `pg_cluster`: one throwaway cluster for the whole run (tests.helpers.pg_cluster);
- `server_address`: a fresh, empty database on it for one test, as a `ServerAddress`;
- `server_db`: that database set up with the records' schema and opened, initials JB.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from concom_desk.store.server.address import ServerAddress
from tests.helpers.pg_cluster import SUPERUSER, Cluster, required, start_cluster

_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    try:
        cluster = start_cluster()
    except RuntimeError as exc:
        if required():
            pytest.fail(f"the PostgreSQL tests must run here: {exc}", pytrace=False)
        pytest.skip(str(exc))
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def server_address(pg_cluster: Cluster) -> Iterator[ServerAddress]:
    name = f"concom_test_{next(_numbers)}"
    pg_cluster.psql(f"CREATE DATABASE {name}")
    yield ServerAddress(host=str(pg_cluster.socket_dir), port=pg_cluster.port,
                        database=name, user=SUPERUSER)
    pg_cluster.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def set_up_schema(address: ServerAddress) -> None:
    """What `server init` does to the tables: made and stamped."""
    from concom_desk.store.audit import Actor
    from concom_desk.store.server.engine import make_server_engine
    from concom_desk.store.server.schema import create_server_schema

    engine = make_server_engine(address, Actor(address.user))
    try:
        with engine.begin() as connection:
            create_server_schema(connection)
    finally:
        engine.dispose()


@pytest.fixture
def server_db(server_address: ServerAddress) -> Iterator[object]:
    from concom_desk.store.server.database import open_server_database

    set_up_schema(server_address)
    database = open_server_database(server_address, initials="JB")
    yield database
    database.close()
