"""The Filings tab on a PostgreSQL server against the same records in the SQLite file.

    python bench/server_bench.py [--db large.sqlite] [--server postgresql://…] [--rounds 5]

The large demo town (10,000 filings, 290,000 audit entries; built once, see
large_demo.py) is copied to a server with `copy_records`, verified as `concom-desk copy`
verifies it. Without --server a throwaway cluster is started on a local socket (as the
tests start theirs) and removed after. Then, interleaved round by round on the file and
on the server:

- the Filings list: `load_lists`, the service the Filings tab loads its rows with
  (every filing, its next deadline, the week's items);
- type-ahead: the form's name completer (`party_choices`, every party in name order),
  and the search the Filings tab's box makes, as one query per keystroke (file numbers,
  address, map-lot, applicant, owner; lower(...) LIKE on both engines, so the same rows
  match). The tab itself filters the rows it has loaded, in memory, whichever engine
  they came from (bench/search_bench.py measures that).

Medians per engine; the ratio is server / SQLite (the file is the floor). A local socket
leaves the network out: a town hall's network adds its round trips on top.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

from large_demo import large_demo_db  # noqa: E402
from sqlalchemy import text  # noqa: E402

QUERIES = ("pond", "smith", "14-2", "se 0", "main st")

SEARCH = """
SELECT f.id FROM filing f
LEFT JOIN party a ON a.id = f.applicant_id
LEFT JOIN party o ON o.id = f.owner_id
LEFT JOIN property p ON p.id = f.property_id
WHERE f.status != 'void' AND (
      lower(f.file_no) LIKE :q OR lower(f.dep_file_no) LIKE :q OR lower(p.address) LIKE :q
   OR lower(p.map || '-' || p.lot) LIKE :q OR lower(a.name) LIKE :q
   OR lower(o.name) LIKE :q)
"""


def timed(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def search_all(db: object, prefixes: list[str]) -> Callable[[], object]:
    def run() -> None:
        with db.read_session() as session:  # type: ignore[attr-defined]
            for prefix in prefixes:
                session.execute(text(SEARCH), {"q": f"%{prefix}%"}).all()
    return run


def private_copy(source: Path, folder: Path) -> Path:
    """The large demo as a file of this run's own (the cached one stays untouched)."""
    from concom_desk.store.backup import snapshot_database

    copy = folder / "large-demo.sqlite"
    snapshot_database(source, copy)
    return copy


def main() -> int:
    parser = argparse.ArgumentParser(description="Filings list and search, server vs file")
    parser.add_argument("--db", help="database (default: the large demo town)")
    parser.add_argument("--server", help="an EMPTY server database to copy into "
                                         "(default: a throwaway local cluster)")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    from concom_desk.services.filings.desk_lists import load_lists
    from concom_desk.services.filings.editing import party_choices
    from concom_desk.services.safekeeping.copy_places import copy_between
    from concom_desk.store import open_database
    from concom_desk.store.server.address import parse_address
    from concom_desk.store.server.database import open_server_database

    folder = Path(tempfile.mkdtemp(prefix="concom-server-bench-"))
    os.environ["CONCOM_DESK_DATA"] = str(folder / "data")  # the desk folder goes here too
    cluster = None
    if args.server:
        address = parse_address(args.server)
    else:
        from concom_desk.store.server.address import ServerAddress
        from tests.helpers.pg_cluster import SUPERUSER, start_cluster

        cluster = start_cluster(port=54377)
        cluster.psql("CREATE DATABASE bench")
        address = ServerAddress(host=str(cluster.socket_dir), port=cluster.port,
                                database="bench", user=SUPERUSER)
    try:
        file_path = private_copy(large_demo_db(args.db), folder)
        print(f"copying {file_path.name} to {address.display()} …", flush=True)
        copied = copy_between(str(file_path), address.url())
        report = copied.report
        print(f"  {report.total_rows:,} rows ({report.rows['filing']:,} filings, "
              f"{report.audit_entries:,} audit entries) copied and verified in "
              f"{report.seconds:.1f} s", flush=True)
        if cluster is not None:  # fresh statistics for the planner, as autovacuum would
            cluster.psql("VACUUM ANALYZE", "bench")

        today = date.today()
        prefixes = [query[:n] for query in QUERIES for n in range(1, len(query) + 1)]
        engines = {"SQLite file": open_database(file_path, lock=False),
                   "server": open_server_database(address)}
        measures: dict[str, Callable[[object], Callable[[], object]]] = {
            "Filings list (load_lists)": lambda db: lambda: load_lists(db, today),
            "name type-ahead (party_choices)": lambda db: lambda: party_choices(db),
            f"search, {len(prefixes)} keystrokes": lambda db: search_all(db, prefixes),
        }
        times = {(m, e): [] for m in measures for e in engines}
        try:
            for db in engines.values():  # warm: first reads fill the caches on both
                for make in measures.values():
                    make(db)()
            for _ in range(args.rounds):
                for measure, make in measures.items():
                    for engine, db in engines.items():
                        times[(measure, engine)].append(timed(make(db)))
        finally:
            for db in engines.values():
                db.close()
        print(f"{args.rounds} rounds, interleaved; medians")
        for measure in measures:
            floor = statistics.median(times[(measure, "SQLite file")]) * 1000
            ours = statistics.median(times[(measure, "server")]) * 1000
            print(f"  {measure:34}: SQLite {floor:8.1f} ms   server {ours:8.1f} ms   "
                  f"ratio server/SQLite {ours / floor:5.2f}")
    finally:
        if cluster is not None:
            cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
