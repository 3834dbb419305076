"""The enforcement tab's case list (`list_cases`: every case with its property,
violator, next deadline and ratification state) on the large demo town (about
1,500 cases), against a floor measured in the same run: one plain query reading
the same cases with their property address and violator name. The ratio is the
price of the deadlines and ratification states the tab shows. Runs interleaved
(floor, ours, floor, ...); prints the medians and the ratio ours / floor.

    python bench/enforcement_list.py [--size large|small] [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import select  # noqa: E402

from bench.spread import RUNS, ms_spread  # noqa: E402
from concom_desk.services.demo.town import load_demo  # noqa: E402
from concom_desk.services.enforcement.queries import list_cases  # noqa: E402
from concom_desk.store import open_database  # noqa: E402
from concom_desk.store.models import EnforcementCase, Party, Property  # noqa: E402


def seconds(work) -> float:  # type: ignore[no-untyped-def]
    began = time.perf_counter()
    work()
    return time.perf_counter() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", default="large", choices=("small", "large"))
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CONCOM_DESK_DATA"] = folder
        path = Path(folder) / "demo.sqlite"
        load_demo(path, size=args.size)
        with open_database(path) as db:
            today = date.today()

            def floor() -> None:
                with db.read_session() as session:
                    session.execute(
                        select(EnforcementCase.case_no, EnforcementCase.opened_on,
                               EnforcementCase.status, Property.address, Party.name)
                        .outerjoin(Property, EnforcementCase.property_id == Property.id)
                        .outerjoin(Party, EnforcementCase.violator_id == Party.id)).all()

            def listing() -> None:
                with db.read_session() as session:
                    list_cases(session, today)

            listing()  # mapper configuration happens once per program run
            floors, lists = [], []
            for _ in range(args.runs):  # interleaved: a busy moment falls on both
                floors.append(seconds(floor))
                lists.append(seconds(listing))
            floor_s, list_s = statistics.median(floors), statistics.median(lists)
            with db.read_session() as session:
                count = len(list_cases(session, today, include_void=True))
    print(f"cases: {count}")
    print(f"floor (plain query): {ms_spread(floors)} ({len(floors)} runs)")
    print(f"list_cases:          {ms_spread(lists)} ({len(lists)} runs)")
    print(f"ratio ours / floor (medians): {list_s / floor_s:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
