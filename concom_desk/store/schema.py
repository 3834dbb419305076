"""Creating the schema of a new database (step 1: from the models; migrations next)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine, event

from concom_desk.store.audit import Actor, install_audit_triggers, register_audit_functions
from concom_desk.store.file_identity import APPLICATION_ID, is_new_database
from concom_desk.store.models import Base


def bring_schema_up_to_date(path: Path, actor: Actor) -> None:
    if not is_new_database(path):
        return
    engine = create_engine(f"sqlite:///{path}")

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):  # type: ignore[no-untyped-def]
        register_audit_functions(dbapi_connection, actor)

    try:
        with engine.begin() as connection:
            connection.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")
            Base.metadata.create_all(connection)
            install_audit_triggers(connection)
        with engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA journal_mode = WAL")
    finally:
        engine.dispose()
