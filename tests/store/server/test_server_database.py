"""A commission's records on a PostgreSQL server: the same sessions and models as on
the SQLite file, a clear line for a wrong address or a server with no records."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import select

from concom_desk.errors import UserError
from concom_desk.store.models import Filing
from concom_desk.store.server.address import ServerAddress, is_server_address, parse_address
from concom_desk.store.server.database import open_server_database


@pytest.mark.parametrize(("typed", "display", "sslmode"), [
    ("postgresql://clerk@townhall:5432/concom", "clerk@townhall:5432/concom", "require"),
    ("postgresql://clerk@townhall/concom", "clerk@townhall:5432/concom", "require"),
    ("postgres://agent@10.0.0.5:6543/upton?sslmode=disable", "agent@10.0.0.5:6543/upton",
     "disable"),
    ("postgresql://clerk@/concom?host=/run/postgresql", "clerk@/run/postgresql/concom",
     "require"),
])
def test_an_address_is_read_as_typed_with_tls_asked_for(typed: str, display: str,
                                                        sslmode: str) -> None:
    assert is_server_address(typed)
    address = parse_address(typed)
    assert address.display() == display
    assert address.sslmode == sslmode
    assert parse_address(address.url()) == address  # written back, read the same


@pytest.mark.parametrize(("typed", "told"), [
    ("postgresql://clerk:secret@townhall/concom", "must not hold the password"),
    ("postgresql://townhall/concom", "names no user"),
    ("postgresql://clerk@townhall/", "names no database"),
    ("postgresql://clerk@townhall:99999/concom", "port"),
    ("postgresql://clerk@townhall/concom?sslmode=sometimes", "sslmode 'sometimes'"),
    ("postgresql://clerk@townhall/con;com", "may hold only"),
])
def test_a_wrong_address_is_one_clear_line(typed: str, told: str) -> None:
    with pytest.raises(UserError, match=told):
        parse_address(typed)
    assert not is_server_address("C:/Users/clerk/concom-desk.sqlite")


def test_records_saved_on_the_server_are_read_back(server_db) -> None:
    with server_db.session() as session:
        session.add(Filing(kind="noi", file_no="2027-001", town="upton",
                           received=date(2027, 1, 4)))
    with server_db.read_session() as session:
        rows = session.execute(select(Filing.file_no, Filing.received)).all()
    assert rows == [("2027-001", date(2027, 1, 4))]
    assert server_db.path.parent.is_dir()  # this desk's own folder for its papers


def test_a_server_with_no_records_is_refused_in_words(server_address: ServerAddress) -> None:
    with pytest.raises(UserError, match="holds no ConCom Desk records yet.*server init"):
        open_server_database(server_address)


def test_a_database_that_is_not_there_is_named(server_address: ServerAddress) -> None:
    missing = ServerAddress(host=server_address.host, port=server_address.port,
                            database="no_such_town", user=server_address.user)
    with pytest.raises(UserError, match="no database 'no_such_town'"):
        open_server_database(missing)
