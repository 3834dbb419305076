"""A fresh records Database on either engine, so the store's and the services' tests run
once on the SQLite file and once on a PostgreSQL server (a plugin of tests/conftest.py).

- `engine`: "sqlite" or "postgresql"; a test (or fixture) that asks for it runs twice
  (a test marked `sqlite_only("why")` is about the file itself: its server run skips).
- `new_records`: opens a fresh, empty records Database on the test's engine —
  `new_records(initials="JB")`; every one it opened is closed (and, on the server,
  dropped) when the test ends.
- `any_db`: one such Database, initials JB;
- `fresh_records(engine, folder, request)`: the same as a context manager, for a fixture
  of a wider scope (parametrized over `ENGINES` itself).

On the server a test's database is `CREATE DATABASE … TEMPLATE` of one made once per run
with the schema (`create_server_schema`: the tables, the stamp and the trail), each made
while the test before it runs, not a schema build per test.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from concom_desk.store import Database, open_database
from concom_desk.store.server.address import ServerAddress
from tests.helpers.pg_cluster import SUPERUSER, Cluster

ENGINES = ("sqlite", "postgresql")
TEMPLATE = "concom_template"

_numbers = itertools.count(1)

if TYPE_CHECKING:
    import psycopg


class ServerTemplate:
    """The run's template database; copies of it made one ahead, and dropped."""

    def __init__(self, cluster: Cluster) -> None:
        from tests.helpers.pg_fixtures import set_up_schema

        self.cluster = cluster
        self._admin = self._connect()
        self._admin.execute(f"DROP DATABASE IF EXISTS {TEMPLATE} WITH (FORCE)")
        self._admin.execute(f"CREATE DATABASE {TEMPLATE}")
        set_up_schema(self.address(TEMPLATE))
        # The next test's copy is made while this test runs (the server copies on the
        # other core): a copy of the ~40 tables with their triggers takes about as long
        # as opening a fresh SQLite file, and would otherwise double every test's set-up.
        self._maker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pg-template")
        self._next: Future[str] = self._maker.submit(self._make)

    def _connect(self) -> psycopg.Connection:
        import psycopg

        return psycopg.connect(host=str(self.cluster.socket_dir), port=self.cluster.port,
                               dbname="postgres", user=SUPERUSER, autocommit=True)

    def _make(self) -> str:
        name = f"concom_records_{next(_numbers)}"
        with self._connect() as connection:
            connection.execute(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}")
        return name

    def address(self, name: str) -> ServerAddress:
        return ServerAddress(host=str(self.cluster.socket_dir), port=self.cluster.port,
                             database=name, user=SUPERUSER)

    def copy(self) -> ServerAddress:
        """A fresh database holding the schema (and the trail), for one test."""
        name = self._next.result()
        self._next = self._maker.submit(self._make)
        return self.address(name)

    def drop(self, address: ServerAddress) -> None:
        self._admin.execute(f"DROP DATABASE IF EXISTS {address.database} WITH (FORCE)")

    def close(self) -> None:
        self.drop(self.address(self._next.result()))
        self._maker.shutdown()
        self._admin.execute(f"DROP DATABASE IF EXISTS {TEMPLATE} WITH (FORCE)")
        self._admin.close()


@pytest.fixture(scope="session")
def pg_template(pg_cluster: Cluster) -> Iterator[ServerTemplate]:
    template = ServerTemplate(pg_cluster)
    try:
        yield template
    finally:
        template.close()


@contextmanager
def fresh_records(engine: str, folder: Path, request: pytest.FixtureRequest, *,
                  initials: str = "JB", name: str = "commission.sqlite") -> Iterator[Database]:
    """A fresh, empty records Database on `engine`, closed (on the server, dropped) after.
    For fixtures of any scope; function-scoped ones use `new_records`."""
    if engine == "sqlite":
        with open_database(folder / name, initials=initials) as database:
            yield database
        return
    from concom_desk.store.server.database import open_server_database

    template: ServerTemplate = request.getfixturevalue("pg_template")
    address = template.copy()
    try:
        with open_server_database(address, initials=initials, password="") as database:
            yield database
    finally:
        template.drop(address)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite_only(why): a test about the SQLite file "
                            "itself, not the records; its server run is skipped, saying why")


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    only = request.node.get_closest_marker("sqlite_only")
    if request.param == "postgresql" and only is not None:
        pytest.skip(f"about the SQLite file only: {only.args[0]}")
    return request.param


@pytest.fixture
def new_records(engine: str, tmp_path: Path,
                request: pytest.FixtureRequest) -> Iterator[Callable[..., Database]]:
    with ExitStack() as opened:
        def open_new(initials: str = "JB", name: str = "commission.sqlite") -> Database:
            return opened.enter_context(fresh_records(engine, tmp_path, request,
                                                      initials=initials, name=name))

        yield open_new


@pytest.fixture
def any_db(new_records: Callable[..., Database]) -> Database:
    return new_records(initials="JB")


def db_argument(database: Database) -> str:
    """What a command is given after `--db` for `database`: its file, or its server's
    address (cli.common.open_and_back_up reads either)."""
    if not getattr(database, "is_server", False):
        return str(database.path)
    return database.address.url()  # type: ignore[attr-defined]


@contextmanager
def reopened(database: Database) -> Iterator[Database]:
    """The same records opened again, as a later run of the program (or another desk)
    opens them: the file at its path, or the server at its address."""
    if getattr(database, "is_server", False):
        from concom_desk.store.server.database import open_server_database

        again: Database = open_server_database(database.address,  # type: ignore[attr-defined]
                                               initials=database.initials, password="")
    else:
        again = open_database(database.path, initials=database.initials)
    with again:
        yield again
