"""Desk logins on the test server: the grants of `server init` on a test database and
one login in each group, named after the database (roles belong to the whole cluster,
which every test shares), dropped again afterwards."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager

from concom_desk.store.audit import Actor
from concom_desk.store.server.address import ServerAddress
from concom_desk.store.server.engine import make_server_engine
from concom_desk.store.server.roles import add_desk_user, grant_roles
from tests.helpers.pg_cluster import Cluster

PASSWORD = "marsh-hawk-42"


def as_login(address: ServerAddress, name: str) -> ServerAddress:
    return dataclasses.replace(address, user=name)


@contextmanager
def desk_logins(address: ServerAddress, cluster: Cluster) -> Iterator[dict[str, ServerAddress]]:
    """{"clerk": …, "commissioner": …, "read-only": …}: an address of each login, on a
    database whose tables are already made."""
    tag = address.database.rsplit("_", 1)[-1]
    names = {"clerk": f"agent{tag}", "commissioner": f"chair{tag}", "read-only": f"kiosk{tag}"}
    engine = make_server_engine(address, Actor(address.user))
    try:
        with engine.begin() as connection:
            grant_roles(connection)
            for role, name in names.items():
                add_desk_user(connection, name, role, PASSWORD)
    finally:
        engine.dispose()
    try:
        yield {role: as_login(address, name) for role, name in names.items()}
    finally:
        for name in names.values():
            cluster.psql(f'DROP ROLE IF EXISTS "{name}"')
