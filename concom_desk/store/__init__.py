"""The records store: the SQLite database, its schema, migrations and audit trail.

Free of Qt. Start at `open_database` (concom_desk.store.database); the models are in
`concom_desk.store.models`; docs/store-api.md explains the use.
"""

from concom_desk.store.audit import ChainReport, verify_audit_chain
from concom_desk.store.database import Database, open_database
from concom_desk.store.voiding import void_case, void_filing

__all__ = ["ChainReport", "Database", "open_database", "verify_audit_chain", "void_case",
           "void_filing"]
