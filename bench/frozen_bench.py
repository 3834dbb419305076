"""Frozen cold start and bundle size of ConCom Desk against a bare frozen
PySide6 window built the same way, in the same run, runs interleaved.

    bash packaging/build.sh            # once, builds dist/concom-desk*
    python bench/frozen_bench.py [--runs 7] [--db demo.sqlite] [--dist DIR]

Cold start = from launching the program to the first paint of its main window
(with CONCOM_DESK_EXIT_AFTER_PAINT set, both print "painted" then and quit; ours
first prints "tabs" once its Today and Filings tabs are built, just after): the
onedir `concom-desk` the installer ships, and the onefile portable program (whose
bootloader first unpacks itself into a temporary folder), each against the bare
window frozen the same way. `--dist` times another build's dist/ (say a copy kept
from before a change). Runs under xvfb-run when there is no display. Medians;
ratio = ours / floor (goal: within 1.3 for the onedir program).
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

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
BUILD_VENV = ROOT / "build" / "venv" / "bin"


def size_of(path: Path) -> int:
    """Bytes on disk; PyInstaller's onedir links libraries, so links count once."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def build_bare() -> None:
    env = {**os.environ, "CONCOM_DESK_ROOT": str(ROOT)}
    subprocess.run(
        [str(BUILD_VENV / "pyinstaller"), "--noconfirm", "--log-level", "WARN", "--distpath",
         str(DIST / "bench"), "--workpath", str(ROOT / "build" / "bench"),
         str(ROOT / "packaging" / "bare-window.spec")],
        check=True, env=env,
    )


def cold_start(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from launch to the program's "painted" line (its first paint), and to
    its "tabs" line (the Today and Filings tabs built and painted; the bare window's
    first paint for the floor, which has nothing more to build)."""
    started = time.perf_counter()
    seen: dict[str, float] = {}
    with subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True) as process:
        assert process.stdout is not None
        for line in process.stdout:
            seen.setdefault(line.strip().split(" ")[0], time.perf_counter() - started)
        process.wait(timeout=120)
    if "painted" not in seen:
        raise RuntimeError(f"{command[0]} ended without painting its window")
    return seen["painted"], seen.get("tabs", seen["painted"])


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--db", type=Path, help="database to open (default: a fresh demo)")
    parser.add_argument("--dist", type=Path, default=DIST,
                        help="the build to time (default: this checkout's dist/)")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):
        os.execvp("xvfb-run", ["xvfb-run", "-a", "-s", "-screen 0 1366x768x24",
                               sys.executable, *sys.argv])

    program = args.dist / "concom-desk" / "concom-desk"
    portable = args.dist / "concom-desk-portable"
    if not program.exists():
        sys.exit("build the program first: bash packaging/build.sh")
    build_bare()
    bare = DIST / "bench" / "bare-window" / "bare-window"
    bare_portable = DIST / "bench" / "bare-window-portable"

    scratch = Path(tempfile.mkdtemp(prefix="concom-bench-"))
    env = {"PATH": "/usr/bin:/bin", "HOME": str(scratch), "DISPLAY": os.environ["DISPLAY"],
           "LANG": "C.UTF-8",
           "CONCOM_DESK_EXIT_AFTER_PAINT": "1", "CONCOM_DESK_DATA": str(scratch / "data")}
    if os.environ.get("XAUTHORITY"):
        env["XAUTHORITY"] = os.environ["XAUTHORITY"]
    db = args.db or scratch / "bench.sqlite"
    command = [str(program), "--db", str(db)]
    if args.db is None:  # the demo town made by the frozen console program, as a clerk would
        subprocess.run([str(program.parent / "concom-desk-cli"), "demo", "--db", str(db)],
                       env=env, check=True, stdout=subprocess.DEVNULL)

    pairs = {"onedir": (command, [str(bare)]),
             "onefile": ([str(portable), *command[1:]], [str(bare_portable)])}
    times: dict[str, list[float]] = {name: [] for name in (
        "onedir", "onefile", "bare onedir", "bare onefile", "onedir tabs", "onefile tabs")}
    for _ in range(args.runs):  # interleaved: the machine's mood hits both alike
        for label, (mine, floor) in pairs.items():
            times[f"bare {label}"].append(cold_start(floor, env)[0])
            painted, tabs = cold_start(mine, env)
            times[label].append(painted)
            times[f"{label} tabs"].append(tabs)
    for label in pairs:
        floor_ms = statistics.median(times[f"bare {label}"]) * 1000
        for what, key in (("first paint", label), ("Today and Filings", f"{label} tabs")):
            ours_ms = statistics.median(times[key]) * 1000
            print(f"{label} cold start to {what}: {ours_ms:.0f} ms vs bare window "
                  f"{floor_ms:.0f} ms -> ratio {ours_ms / floor_ms:.2f}")
    for label, mine, base in (
        ("onedir", args.dist / "concom-desk", DIST / "bench" / "bare-window"),
        ("onefile", portable, bare_portable),
    ):
        a, b = size_of(mine), size_of(base)
        print(f"{label} size: {a / 2**20:.1f} MB vs bare {b / 2**20:.1f} MB -> ratio {a / b:.2f}")
    shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
