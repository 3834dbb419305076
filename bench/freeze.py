"""Freezes of the window as a person meets them, measured from outside: the program is
started by its own entry point (`python -m concom_desk --db TOWN`) on a town file, a
5 ms heartbeat ticks on the window's thread, and the clerk's actions are done one
after another (bench/freeze_hook.py, loaded by the entry point through
CONCOM_DESK_BENCH_HOOK): every tab twice, six months forward and back in the Hearing
calendar, a word typed into the Filings search and rubbed out, three filings' records
opened and closed, a filing's form opened and saved.

    python bench/freeze.py [--factors 1 4] [--runs 3] [--folder DIR]

For each action: the worst gap between two heartbeats (how long the window froze;
the goal is under 50 ms) and the time its view took to fill, min/median/max over the
runs, the towns' runs interleaved. "start" is from launch to the filings on screen.
The towns are bench/scale.py's (the large demo town and its 4x), or copies in
`--folder` (large-demo.sqlite, large-demo-x4.sqlite). Each run opens a copy of the
town, so the save of one run is not in the next. Runs on the display given (DISPLAY),
else on Qt's offscreen platform.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from scale import town  # noqa: E402

HOOK = HERE / "freeze_hook.py"


def one_run(db: Path) -> list[dict]:
    """The actions' lines of one start of the program on a copy of `db`."""
    scratch = Path(tempfile.mkdtemp(prefix="concom-freeze-"))
    try:
        copy = scratch / db.name
        shutil.copyfile(db, copy)
        env = {**os.environ, "CONCOM_DESK_DATA": str(scratch / "data"),
               "CONCOM_DESK_BENCH_HOOK": str(HOOK),
               "PYTHONPYCACHEPREFIX": str(Path(tempfile.gettempdir()) / "concom-freeze-bytecode")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        if not env.get("DISPLAY"):
            env.setdefault("QT_QPA_PLATFORM", "offscreen")
        env["CONCOM_DESK_BENCH_T0"] = repr(time.time())
        done = subprocess.run([sys.executable, "-m", "concom_desk", "--db", str(copy)],
                              env=env, cwd=ROOT, capture_output=True, text=True,
                              timeout=900)
        lines = [json.loads(line) for line in done.stdout.splitlines()
                 if line.startswith("{")]
        if not lines or lines[-1].get("action") != "end":
            raise SystemExit(f"the run on {db.name} ended early (exit {done.returncode}):\n"
                             f"{done.stdout[-2000:]}\n{done.stderr[-3000:]}")
        return lines[:-1]
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def spread(values: list[float]) -> str:
    return (f"{min(values):7.0f} {statistics.median(values):7.0f} {max(values):7.0f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--factors", type=int, nargs="+", default=[1, 4])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--folder", type=Path, help="the towns' copies (see bench/scale.py)")
    args = parser.parse_args()
    towns = {factor: town(factor, args.folder) for factor in args.factors}
    results: dict[int, list[list[dict]]] = {factor: [] for factor in args.factors}
    for run in range(args.runs):
        for factor, path in towns.items():  # interleaved: a busy minute hits all alike
            print(f"run {run + 1}/{args.runs}, {factor}x …", file=sys.stderr, flush=True)
            results[factor].append(one_run(path))
    worst_of_all = 0.0
    for factor, runs in results.items():
        print(f"\n{factor}x town ({towns[factor].name}), {len(runs)} runs, ms"
              f"{'':14}worst gap: min  median     max   fill: min  median     max")
        for position, first in enumerate(runs[0]):
            gaps = [run[position]["gap_ms"] for run in runs]
            fills = [run[position]["fill_ms"] for run in runs]
            worst_of_all = max(worst_of_all, statistics.median(gaps))
            flag = "  <- over 50" if statistics.median(gaps) > 50 else ""
            print(f"  {first['action']:<24} {spread(gaps)}       {spread(fills)}{flag}")
    if len(results) > 1 and 1 in results:
        print("\ngrowth of the median fill against 1x (linear = the factor):")
        for factor in args.factors:
            if factor == 1:
                continue
            for name in ("start", "calendar shown", "month +1", "record 1 open"):
                base = [statistics.median(r[i]["fill_ms"] for r in results[1])
                        for i, a in enumerate(results[1][0]) if a["action"] == name]
                big = [statistics.median(r[i]["fill_ms"] for r in results[factor])
                       for i, a in enumerate(results[factor][0]) if a["action"] == name]
                if base and big and base[0]:
                    print(f"  {name:<16} {factor}x: {big[0] / base[0]:.2f}")
    print(f"\nworst median gap of any action: {worst_of_all:.0f} ms (goal: under 50)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
