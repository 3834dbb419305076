"""Frozen cold start and bundle size of ConCom Desk against a bare frozen
PySide6 window built the same way, in the same run.

    bash packaging/build.sh            # once, builds dist/concom-desk*
    python bench/frozen_bench.py [--runs 7] [--db demo.sqlite]

Cold start = from launching the onedir program to the first paint of its main
window (with CONCOM_DESK_EXIT_AFTER_PAINT set, both print "painted" then and
quit). Runs under xvfb-run when there is no display. Prints medians and ratios.
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


def cold_start(command: list[str], env: dict[str, str]) -> float:
    """Seconds from launch to the program's "painted" line (its first paint)."""
    started = time.perf_counter()
    with subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True) as process:
        assert process.stdout is not None
        for line in process.stdout:
            if line.strip() == "painted":
                elapsed = time.perf_counter() - started
                break
        else:
            raise RuntimeError(f"{command[0]} ended without painting its window")
        process.wait(timeout=120)
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--db", type=Path, help="database to open (default: a fresh demo)")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):
        os.execvp("xvfb-run", ["xvfb-run", "-a", sys.executable, *sys.argv])

    program = DIST / "concom-desk" / "concom-desk"
    if not program.exists():
        sys.exit("build the program first: bash packaging/build.sh")
    build_bare()
    bare = DIST / "bench" / "bare-window" / "bare-window"

    scratch = Path(tempfile.mkdtemp(prefix="concom-bench-"))
    env = {"PATH": "/usr/bin:/bin", "HOME": str(scratch), "DISPLAY": os.environ["DISPLAY"],
           "LANG": "C.UTF-8",
           "CONCOM_DESK_EXIT_AFTER_PAINT": "1", "CONCOM_DESK_DATA": str(scratch / "data")}
    if os.environ.get("XAUTHORITY"):
        env["XAUTHORITY"] = os.environ["XAUTHORITY"]
    db = args.db or scratch / "bench.sqlite"
    command = [str(program), "--db", str(db)]
    if args.db is None:
        command.append("--demo")
        cold_start(command, env)  # first run creates the demo database

    ours = [cold_start(command, env) for _ in range(args.runs)]
    floor = [cold_start([str(bare)], env) for _ in range(args.runs)]
    ours_ms, floor_ms = statistics.median(ours) * 1000, statistics.median(floor) * 1000
    print(f"cold start to first paint: {ours_ms:.0f} ms vs bare window {floor_ms:.0f} ms "
          f"-> ratio {ours_ms / floor_ms:.2f}")
    for label, mine, base in (
        ("onedir", DIST / "concom-desk", DIST / "bench" / "bare-window"),
        ("onefile", DIST / "concom-desk-portable", DIST / "bench" / "bare-window-portable"),
    ):
        a, b = size_of(mine), size_of(base)
        print(f"{label} size: {a / 2**20:.1f} MB vs bare {b / 2**20:.1f} MB -> ratio {a / b:.2f}")
    shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
