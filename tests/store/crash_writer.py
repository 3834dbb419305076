"""The child of the crash test: writes filings through the store, forever, until killed.

    python -m tests.store.crash_writer DB SEED

Each transaction adds one filing and a random number (1 to 40) of abutters, and
writes that number into the filing's notes, so the checker can tell a whole
transaction from half of one. The filing's id is printed only after the commit
returned: every id on stdout is a record the program told its user was saved.
"""

from __future__ import annotations

import random
import sys
import uuid
from datetime import date
from pathlib import Path

from concom_desk.store import open_database
from concom_desk.store.models import Abutter, Filing


def main(db_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    print("opening", flush=True)
    database = open_database(db_path, initials="CR")
    print("ready", flush=True)
    while True:
        count = rng.randint(1, 40)
        with database.session() as session:
            filing = Filing(file_no=f"crash-{uuid.uuid4().hex[:16]}", kind="noi", town="upton",
                            received=date(2026, 1, 1), notes=f"abutters={count}",
                            work_description="x" * rng.randint(0, 3000))
            session.add(filing)
            session.flush()
            session.add_all(Abutter(filing_id=filing.id, owner_name=f"Owner {i}")
                            for i in range(count))
        print(filing.id, flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
