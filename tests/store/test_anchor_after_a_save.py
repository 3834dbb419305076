"""The anchor after each save counts only the entries that save added (a 4x town's
whole trail counted after every save was 35 ms of the window's thread): its head is
still the one a count of the whole trail gives."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from concom_desk.store import Database
from concom_desk.store.anchor import chain_head, read_anchor
from concom_desk.store.models import Party


def whole_count(path: Path) -> tuple[int, str]:
    conn = sqlite3.connect(path)
    try:
        head = chain_head(conn)
    finally:
        conn.close()
    return head.entries, head.hash


def test_each_save_s_anchor_is_the_whole_trail_s_head(db: Database, db_path: Path) -> None:
    for n in range(3):
        with db.session() as session:
            session.add(Party(name=f"Owner {n}", address_line1=f"{n} Mill St"))
            if n == 1:  # a save of two rows: two entries
                session.add(Party(name="Second owner", address_line1="9 Mill St"))
        anchor = read_anchor(db_path)
        assert not isinstance(anchor, str) and anchor is not None
        assert (anchor.head.entries, anchor.head.hash) == whole_count(db_path)
    assert whole_count(db_path)[0] >= 4
