"""The window's read of Today and Filings (`load_lists`) on the large demo town (20
years, about 10,000 filings, every one under both laws), against a floor measured in the
same run: the same read with each filing's own profile's clocks alone, as the lists
counted before the Act's clocks were shown beside the bylaw's. Runs are interleaved and
the medians compared; the ratio is the price of the Act's clocks on every row.

    python bench/both_laws_bench.py [--db PATH] [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.large_demo import large_demo_db  # noqa: E402
from bench.spread import RUNS, ms_spread  # noqa: E402
from concom_desk import clock  # noqa: E402
from concom_desk.services.filings import desk_lists, filing_clock  # noqa: E402
from concom_desk.services.filings.deadlines import every_clock, filing_deadlines  # noqa: E402
from concom_desk.store import open_database  # noqa: E402


def own_profile_only(filing, profiles=None, done=None, hearing_booked=None):  # noqa: ANN001, ANN201
    return filing_deadlines(filing, profiles, done=done, hearing_booked=hearing_booked)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="a database (default: the large demo, built once)")
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args()
    path = large_demo_db(args.db)
    today = clock.today()
    timings: dict[str, list[float]] = {"both laws": [], "floor": []}
    with open_database(path, lock=False) as db:
        for _ in range(args.runs):
            for name, clocks in (("both laws", every_clock), ("floor", own_profile_only)):
                filing_clock.every_clock = clocks
                began = time.perf_counter()
                desk_lists.load_lists(db, today)
                timings[name].append(time.perf_counter() - began)
    filing_clock.every_clock = every_clock
    ours, floor = (statistics.median(timings[n]) for n in ("both laws", "floor"))
    print(f"load_lists, both laws:     {ms_spread(timings['both laws'])}")
    print(f"own profile only (floor):    {ms_spread(timings['floor'])}")
    print(f"ours / floor (medians) = {ours / floor:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
