"""The price of the server's audit trail: saves on a PostgreSQL database with the
trail's triggers against the same saves on the same schema without them, measured
interleaved in the same run on a throwaway cluster (tests/helpers/pg_cluster).

    python bench/server_trail_bench.py [--rounds 7] [--saves 200] [--bulk 2000]

Each round times, on each database in turn: `--saves` desk saves of one filing each
(one transaction apiece, as the window saves), one transaction adding `--bulk`
filings at once (an import), then `check`'s trail parts on the trail's database
(chain walk, functions and triggers by full definition, replay). Prints medians and
each ratio to its floor.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import Engine  # noqa: E402
from sqlalchemy.orm import Session  # noqa: E402

from concom_desk.store.audit import Actor, verify_audit_chain  # noqa: E402
from concom_desk.store.models import Base, Filing  # noqa: E402
from concom_desk.store.server.address import ServerAddress  # noqa: E402
from concom_desk.store.server.engine import make_server_engine  # noqa: E402
from concom_desk.store.server.replay import server_replay  # noqa: E402
from concom_desk.store.server.schema import create_server_schema  # noqa: E402
from concom_desk.store.server.trail import server_trail_problems  # noqa: E402
from tests.helpers.pg_cluster import SUPERUSER, start_cluster  # noqa: E402


def timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


class Writer:
    def __init__(self, engine: Engine, prefix: str) -> None:
        self.engine, self.prefix, self.count = engine, prefix, 0

    def _filing(self) -> Filing:
        self.count += 1
        return Filing(kind="noi", file_no=f"{self.prefix}-{self.count:06d}", town="upton",
                      received=date(2027, 5, 3), notes="Benchmark filing")

    def saves(self, count: int) -> None:
        for _ in range(count):
            with Session(self.engine) as session, session.begin():
                session.add(self._filing())

    def bulk(self, count: int) -> None:
        with Session(self.engine) as session, session.begin():
            session.add_all([self._filing() for _ in range(count)])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--saves", type=int, default=200)
    parser.add_argument("--bulk", type=int, default=2000)
    args = parser.parse_args()
    cluster = start_cluster(port=54391)
    try:
        engines = {}
        for name, trail in (("trail", True), ("floor", False)):
            cluster.psql(f"CREATE DATABASE bench_{name}")
            address = ServerAddress(host=str(cluster.socket_dir), port=cluster.port,
                                    database=f"bench_{name}", user=SUPERUSER)
            engine = make_server_engine(address, Actor(SUPERUSER, "BN"))
            with engine.begin() as connection:
                if trail:
                    create_server_schema(connection)
                else:
                    Base.metadata.create_all(connection)
            engines[name] = engine
        writers = {name: Writer(engine, name) for name, engine in engines.items()}
        times: dict[str, list[float]] = {key: [] for key in (
            "saves trail", "saves floor", "bulk trail", "bulk floor", "chain walk",
            "triggers by definition", "replay")}
        for _ in range(args.rounds):
            for name in ("trail", "floor"):
                times[f"saves {name}"].append(timed(lambda n=name: writers[n].saves(args.saves)))
                times[f"bulk {name}"].append(timed(lambda n=name: writers[n].bulk(args.bulk)))
            with engines["trail"].connect() as connection:
                times["chain walk"].append(timed(lambda c=connection: verify_audit_chain(c)))
                times["triggers by definition"].append(
                    timed(lambda c=connection: server_trail_problems(c)))
                times["replay"].append(timed(lambda c=connection: server_replay(c, "public")))
        rows = writers["trail"].count
        median = {key: statistics.median(samples) for key, samples in times.items()}
        print(f"{args.rounds} interleaved rounds; medians (the trail's database ends with "
              f"{rows:,} filings and as many entries):")
        for kind, count in (("saves", args.saves), ("bulk", args.bulk)):
            trail, floor = median[f"{kind} trail"], median[f"{kind} floor"]
            print(f"  {count:,} {'one-filing saves' if kind == 'saves' else 'filings in one save'}:"
                  f" {trail * 1000:7.0f} ms with the trail, {floor * 1000:7.0f} ms without"
                  f" = {trail / floor:4.2f} × floor")
        for key in ("chain walk", "triggers by definition", "replay"):
            print(f"  check, {key}: {median[key] * 1000:7.0f} ms (median; the trail grew to "
                  f"{rows:,} entries)")
        for engine in engines.values():
            engine.dispose()
    finally:
        cluster.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
