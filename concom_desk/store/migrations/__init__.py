"""Alembic migrations of the ConCom Desk schema, run by concom_desk.store.schema when a
database is opened (no alembic.ini is needed: the runner builds the configuration)."""
