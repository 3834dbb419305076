"""A desk that saves filings on a server and is then killed in the middle of a save
(tests/store/server/test_two_desks_trail.py): `python -m tests.store.server.trail_writer
URL COUNT` commits COUNT filings, one transaction each, then adds one more inside a
transaction that has written its trail entry (holding the chain's lock), says
"holding" and waits to be killed."""

from __future__ import annotations

import sys
from datetime import date

from concom_desk.store.models import Filing
from concom_desk.store.server.address import parse_address
from concom_desk.store.server.database import open_server_database


def main(url: str, count: int) -> None:
    db = open_server_database(parse_address(url), initials="KW")
    for number in range(1, count + 1):
        with db.session() as session:
            session.add(Filing(kind="noi", file_no=f"K-{number:03d}", town="upton",
                               received=date(2027, 5, 3)))
        print(f"committed {number}", flush=True)
    with db.session() as session:
        session.add(Filing(kind="noi", file_no="K-HELD", town="upton",
                           received=date(2027, 5, 3)))
        session.flush()  # the row and its trail entry are written, not committed
        print("holding", flush=True)
        sys.stdin.read()  # until killed


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
