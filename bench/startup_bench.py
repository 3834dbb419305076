"""Cold start of the real command to the first painted main window, against a bare
PySide6 window started the same way, runs interleaved.

    python bench/startup_bench.py [--db PATH] [--runs 7]

Ours is `python -m concom_desk --db PATH`, the command the clerk's shortcut runs
(parser, launcher, main window), with CONCOM_DESK_EXIT_AFTER_PAINT=records: it prints
"painted" at the main window's first paint (its menus, tabs and "Opening…"), "tabs"
once the Today and Filings tabs are built and painted (just after), and "records"
once the filings and the Today list are painted with their deadlines, then quits. The floor is
packaging/bare_window.py (a QMainWindow holding an empty QTableView), the very
script the frozen bench freezes, which prints "painted" at its first paint. Both
are fresh interpreters timed from outside, launch to line, so interpreter start-up
and imports count alike (from compiled bytecode, as installed). Runs on the display
given (DISPLAY), else under xvfb-run, else on Qt's offscreen platform. Medians;
ratio = ours / floor (goal: within 1.3).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from large_demo import ROOT, large_demo_db  # noqa: E402

BARE = [sys.executable, str(ROOT / "packaging" / "bare_window.py")]


def timed_lines(command: list[str], env: dict[str, str]) -> dict[str, float]:
    """Seconds from launch to each line the program prints ("painted", "records")."""
    started = time.perf_counter()
    seen: dict[str, float] = {}
    with subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True) as process:
        assert process.stdout is not None
        for line in process.stdout:
            word, _, value = line.strip().partition(" ")
            if word == "cpu":  # the CPU time the program had used at its first paint
                seen["cpu"] = float(value)
            else:
                seen.setdefault(word, time.perf_counter() - started)
        process.wait(timeout=300)
    if "painted" not in seen:
        raise SystemExit(f"{' '.join(command)} ended without painting its window "
                         f"(exit {process.returncode})")
    return seen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="database to open (default: the large demo town)")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    if (not os.environ.get("DISPLAY") and shutil.which("xvfb-run")
            and not os.environ.get("QT_QPA_PLATFORM")):
        os.execvp("xvfb-run", ["xvfb-run", "-a", "-s", "-screen 0 1366x768x24",
                               sys.executable, *sys.argv])
    db_path = large_demo_db(args.db)
    scratch = Path(tempfile.mkdtemp(prefix="concom-startup-"))
    env = {**os.environ, "CONCOM_DESK_DATA": str(scratch / "data"),
           "CONCOM_DESK_EXIT_AFTER_PAINT": "records",
           # Compiled once, as the installer does (pip compiles the wheel's modules; the
           # frozen program carries them compiled): a shell with PYTHONDONTWRITEBYTECODE
           # would otherwise compile ours afresh on every start, which no clerk's does.
           "PYTHONPYCACHEPREFIX": str(scratch / "bytecode")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not env.get("DISPLAY"):
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
    ours = [sys.executable, "-m", "concom_desk", "--db", str(db_path)]
    try:
        timed_lines(BARE, env)  # warm the disk cache (and compile) for both sides alike
        timed_lines(ours, env)
        bare, paint, tabs, records, bare_cpu, desk_cpu = [], [], [], [], [], []
        for _ in range(args.runs):  # interleaved: the machine's mood hits both alike
            floor_run = timed_lines(BARE, env)
            bare.append(floor_run["painted"])
            bare_cpu.append(floor_run.get("cpu", float("nan")))
            desk = timed_lines(ours, env)
            paint.append(desk["painted"])
            tabs.append(desk.get("tabs", float("nan")))
            desk_cpu.append(desk.get("cpu", float("nan")))
            records.append(desk.get("records", float("nan")))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    floor = statistics.median(bare)
    first, shown = statistics.median(paint), statistics.median(records)
    print(f"database: {db_path} ({db_path.stat().st_size / 1e6:.0f} MB), {args.runs} runs "
          f"interleaved, medians, on {env.get('QT_QPA_PLATFORM') or 'display ' + env['DISPLAY']}")
    print(f"bare QMainWindow + QTableView, first paint  : {floor * 1000:7.0f} ms (floor)")
    print(f"concom-desk --db, first paint of the window : {first * 1000:7.0f} ms  "
          f"ratio {first / floor:.2f} (goal: within 1.3)")
    built = statistics.median(tabs)
    print(f"concom-desk --db, Today and Filings tabs    : {built * 1000:7.0f} ms  "
          f"ratio {built / floor:.2f} (built just after the first paint, still empty)")
    print(f"concom-desk --db, filings and Today painted : {shown * 1000:7.0f} ms  "
          f"ratio {shown / floor:.2f}")
    # The CPU each had used by its first paint: what a busy machine inflates least.
    cpu_floor, cpu_ours = statistics.median(bare_cpu), statistics.median(desk_cpu)
    print(f"CPU time to the first paint: {cpu_ours * 1000:.0f} ms vs bare {cpu_floor * 1000:.0f} ms"
          f"  ratio {cpu_ours / cpu_floor:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
