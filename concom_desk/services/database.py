"""The records a service is handed, by the type the window knows them by.

The window holds one `Database` (a file on the laptop, or the town-hall server's, a
subclass) and hands it to the services, which open their own sessions; it never opens
one itself (docs/architecture.md). So the window needs the type and nothing else of
the store, and takes it from here: the ui imports no store module
(tests/test_layering.py)."""

from __future__ import annotations

from concom_desk.store import Database

__all__ = ["Database"]
