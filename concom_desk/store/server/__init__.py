"""The optional PostgreSQL server, for a town hall with several desks.

The SQLite file stays the default; a commission that outgrows one laptop points the
program at a server instead (`--db postgresql://…`, File → Connect to server…). The
same models, the same `Database.session()`; the audit trail is kept by the server
itself, in PL/pgSQL triggers with the same hash chain (see `trail`).

- `address`: what the clerk typed (host, port, database, user), TLS on by default;
- `engine`: the SQLAlchemy engine on it (psycopg), who is acting on each transaction;
- `schema`: `server init` — the tables, the revision stamp, the trail;
- `database`: `open_server_database`, a `Database` whose records live on the server.
"""
