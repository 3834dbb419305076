"""The SQLAlchemy engine on a ConCom Desk server.

Who is acting: the login is the database role (`session_user`, which no one can change
inside a session), and the initials typed in the window go with every transaction as
the setting `concom.initials` (transaction-local, so a pooled connection never carries
one desk's initials into another's). The server's trail triggers read both.

Transactions: a save runs at READ COMMITTED, with the record versions refusing a save
over a change another desk made meanwhile; a read (`Database.read_session`) runs
REPEATABLE READ, READ ONLY, so what one read shows is one state of the records.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, create_engine, event

from concom_desk.store.audit import Actor
from concom_desk.store.server.address import ServerAddress

INITIALS_SETTING = "concom.initials"


def make_server_engine(address: ServerAddress, actor: Actor,
                       password: str | None = None) -> Engine:
    args = address.connect_args()
    if password:
        args["password"] = password
    engine = create_engine("postgresql+psycopg://", connect_args=args,
                           pool_pre_ping=True, pool_size=3, max_overflow=4)

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        if connection.get_execution_options().get("sqlite_begin") == "DEFERRED":
            connection.exec_driver_sql(
                "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        connection.exec_driver_sql("SELECT set_config(%s, %s, true)",
                                   (INITIALS_SETTING, actor.initials))

    return engine
