"""The records store: the SQLite database, its schema, migrations and audit trail.

Free of Qt. Start at `open_database` (concom_desk.store.database); the models are in
`concom_desk.store.models`; docs/store-api.md explains the use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from concom_desk.store.audit import ChainReport, verify_audit_chain
    from concom_desk.store.database import Database, open_database
    from concom_desk.store.voiding import void_case, void_filing

__all__ = ["ChainReport", "Database", "open_database", "verify_audit_chain", "void_case",
           "void_filing"]

# Imported when first asked for, not with the package: the backup, `check` and the
# opening window use only sqlite3 and must not wait for SQLAlchemy to load.
_FROM = {"ChainReport": "audit", "verify_audit_chain": "audit", "Database": "database",
         "open_database": "database", "void_case": "voiding", "void_filing": "voiding"}


def __getattr__(name: str) -> Any:
    if name not in _FROM:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_FROM[name]}"), name)
