"""Alembic environment: always run by the program on a connection it already holds
(`config.attributes["connection"]`), inside the runner's transaction."""

from alembic import context

from concom_desk.store.models import Base

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=True,  # SQLite alters tables by copying them; batch mode does that
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
