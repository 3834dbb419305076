"""Alembic environment: always run by the program on a connection it already holds
(`config.attributes["connection"]`), inside the runner's transaction."""

import warnings

from alembic import context

from concom_desk.store.models import Base

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=True,  # SQLite alters tables by copying them; batch mode does that
    compare_type=True,
)
# Batch mode reflects the tables a rebuilt table's foreign keys point at; SQLAlchemy
# cannot reflect an expression index (0017's lower(name) indexes) and says so on
# stderr. Those indexes belong to the tables pointed at, which batch mode does not
# rebuild, so nothing is lost (`check` compares every index with the schema master);
# the clerk's console and the frozen smoke test must not show the warning.
with warnings.catch_warnings():
    warnings.filterwarnings(
        "ignore", message="Skipped unsupported reflection of expression-based index")
    with context.begin_transaction():
        context.run_migrations()
