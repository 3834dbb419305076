"""Settling a copy onto the server that was stopped half-way (store.copy_journal): the
server says whether the copy's transaction committed — it holds the copied trail's
last entry, with its hash, exactly when it did — and the papers staged on this desk
are then moved in, or thrown away with the rest of the working folder."""

from __future__ import annotations

from sqlalchemy import Connection, text

from concom_desk.store.audit import AUDIT_TABLE
from concom_desk.store.copy_journal import CopyJournal, settle_interrupted_copy
from concom_desk.store.restore_journal import UnreadableJournal
from concom_desk.store.server.address import ServerAddress
from concom_desk.store.server.schema import server_revision


def push_committed(connection: Connection, journal: CopyJournal) -> bool:
    """Did the push `journal` describes commit on the server `connection` reaches?"""
    if server_revision(connection) is None:
        return False  # its tables went in with the rows: no tables, no copy
    if journal.last_entry is None:
        return True  # a source with no trail at all: the tables are all there is to see
    entry_id, entry_hash = journal.last_entry
    found = connection.execute(
        text(f"SELECT entry_hash FROM {AUDIT_TABLE} WHERE id = :id"), {"id": entry_id}).scalar()
    return found == entry_hash


def settle_copy_to_server(connection: Connection, address: ServerAddress) -> str:
    """Finish or undo a push to `address` this desk left half-way; what was done, in a
    sentence for the clerk ('' when there was nothing to settle)."""
    from concom_desk.store.server.database import DESK_FILE, desk_folder

    try:
        return settle_interrupted_copy(desk_folder(address) / DESK_FILE,
                                       lambda journal: push_committed(connection, journal))
    except UnreadableJournal as exc:
        return (f"A copy to the server left a journal: {exc}; it was left alone. Copy the "
                "printed papers into this desk's documents folder by hand if any are missing.")


__all__ = ["push_committed", "settle_copy_to_server"]
