"""How the figures a clerk waits for grow with the town: the large demo town (10,000
filings, 1,500 cases over twenty years) and towns 2x and 4x its size, built once each
into the temp folder and kept.

    python bench/scale.py [--factors 1 2 4] [--runs 3] [--folder DIR]

`--folder`: read the towns from copies in DIR (large-demo.sqlite,
large-demo-x2.sqlite, large-demo-x4.sqlite, as in the temp folder) instead of the
shared ones: a town opened in a window elsewhere is locked.

For each town, medians of interleaved runs of: the Hearing calendar's read of one
month (what the tab reads now) against the whole calendar (what it read before); the
Enforcement tab's case list; the Today and Filings lists; a search typed key by key
into the Filings tab's filter (with its search index). Then each figure's growth
against the 1x town: linear growth reads 2.0 and 4.0, better than linear less.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FOLDER = Path(tempfile.gettempdir()) / "concom-desk-bench"
TYPED = ("pond", "smith", "14-2")


def town(factor: int, folder: Path | None = None) -> Path:
    """The demo town `factor` times the large one, built if it is not there yet
    (`folder`: the copy there, which must exist)."""
    if folder is not None:
        copy = folder / ("large-demo.sqlite" if factor == 1 else f"large-demo-x{factor}.sqlite")
        if not copy.exists():
            raise SystemExit(f"no {copy.name} in {folder}")
        return copy
    if factor == 1:
        sys.path.insert(0, str(ROOT / "bench"))
        from large_demo import large_demo_db

        return large_demo_db(None)
    path = FOLDER / f"large-demo-x{factor}.sqlite"
    if path.exists():
        return path
    from concom_desk.services.demo.town import DemoSize, DemoTownBuilder
    from concom_desk.store import open_database
    from concom_desk.store.anchor import anchor_path

    FOLDER.mkdir(parents=True, exist_ok=True)
    size = DemoSize(years=20, filings=10_000 * factor, cases=1_500 * factor,
                    abutters_per_filing=(5, 12))
    began = time.perf_counter()
    print(f"building the {factor}x town in {path} …", flush=True)
    book = DemoTownBuilder(size, date.today()).build()
    building = path.with_name(path.stem + "-building.sqlite")  # a cut-off build is no town
    for stale in FOLDER.glob(building.name + "*"):
        stale.unlink()
    with open_database(building, initials="DEMO") as db, db.session() as session:
        book.write(session)
    # The town and its anchor (the trail's head, beside it) move together: a town
    # without its anchor is one `check` rightly questions.
    anchor_path(building).replace(anchor_path(path))
    building.replace(path)
    for leftover in FOLDER.glob(building.name + "*"):  # its lock file
        leftover.unlink()
    print(f"  built in {time.perf_counter() - began:.0f} s", flush=True)
    return path


def median_ms(work: Callable[[], object], runs: int) -> float:
    """Each run with the garbage collector held off, and what it left collected after
    the clock: timed with the collector on, a read would also pay for walking every
    object the bench holds, which grows with the town and is not the read's (the
    window sets its own aside: concom_desk/ui/heap.py)."""
    samples = []
    for _ in range(runs):
        gc.disable()
        try:
            began = time.perf_counter()
            work()
            samples.append(time.perf_counter() - began)
        finally:
            gc.enable()
            gc.collect()
    return statistics.median(samples) * 1000


def measure(path: Path, runs: int) -> dict[str, float]:
    from concom_desk.services.calendar.loading import load_calendar
    from concom_desk.services.enforcement.reads import read_cases
    from concom_desk.services.filings.desk_lists import load_lists
    from concom_desk.store import open_database
    from concom_desk.ui.calendar.month_read import grid_days

    today = date.today()
    start, end = grid_days(today.year, today.month)
    db = open_database(path, lock=False)
    try:
        records = load_lists(db, today)
        proxy = filings_filter(records, today)
        figures: dict[str, list[float]] = {}
        jobs: dict[str, Callable[[], object]] = {
            "calendar month (the tab's read)": lambda: load_calendar(
                db, start, end, agenda_from=today),
            "next month": lambda: load_calendar(
                db, end + timedelta(days=1), end + timedelta(days=42), agenda_from=today),
            "whole calendar (the read before)": lambda: load_calendar(db),
            "enforcement case list": lambda: read_cases(db, today),
            "Today and Filings lists": lambda: load_lists(db, today),
            "type-ahead, one keystroke (narrowing)": lambda: typed(proxy),
        }
        for _ in range(runs):  # interleaved: a slow moment of the machine hits all alike
            for name, job in jobs.items():
                figures.setdefault(name, []).append(median_ms(job, 1))
    finally:
        db.close()
    figures["type-ahead, one keystroke (narrowing)"] = [
        ms / sum(len(q) for q in TYPED) for ms in figures["type-ahead, one keystroke (narrowing)"]]
    return {name: statistics.median(ms) for name, ms in figures.items()}


def filings_filter(records: Any, today: date) -> Any:
    """The Filings tab's filter over the town's rows, sorted newest first as the tab
    shows them, with the search index read with the records (no window)."""
    from PySide6.QtCore import Qt

    from concom_desk.ui.filings.filing_table import (
        RECEIVED_COLUMN,
        FilingFilterProxy,
        FilingTableModel,
    )

    model = FilingTableModel(today)
    proxy = FilingFilterProxy()
    proxy.setSourceModel(model)
    proxy.use_index(records.search_index)
    model.set_rows(records.filings)
    proxy.sort(RECEIVED_COLUMN, Qt.SortOrder.DescendingOrder)
    proxy.keep = model  # type: ignore[attr-defined]  # the model lives as long as its filter
    return proxy


def typed(proxy: Any) -> None:
    """Each query typed key by key into the Filings tab's filter (its index; narrowing
    from the last search when that found few rows), from an empty search each time."""
    for query in TYPED:
        proxy.set_search("")
        for n in range(1, len(query) + 1):
            proxy.set_search(query[:n])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--factors", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--folder", type=Path, help="read copies of the towns from here")
    args = parser.parse_args()
    results = {factor: measure(town(factor, args.folder), args.runs)
               for factor in args.factors}
    base = results[args.factors[0]]
    names = list(base)
    print(f"{'median ms':42}" + "".join(f"{f'{f}x':>10}" for f in args.factors)
          + "   growth against the first")
    for name in names:
        cells = "".join(f"{results[f][name]:10.1f}" for f in args.factors)
        growth = " ".join(f"{results[f][name] / base[name]:.2f}" for f in args.factors)
        print(f"{name:42}{cells}   {growth}")


if __name__ == "__main__":
    main()
