"""The long crash run: a program writing filings through the store is killed at
random moments, many times; afterwards every filing it reported as saved must be
there, whole, with its audit entry, and `integrity_check` must say ok.

    python bench/crash_soak.py [--kills 500] [--seed N] [--check-every 10]

The short run (20 kills) is tests/store/test_crash.py; both use
tests/store/crash_harness.py. Prints the number of kills, of committed filings
checked, the time per kill, and the seed to replay a failure.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.store.crash_harness import run_crash_cycles  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=500)
    parser.add_argument("--seed", type=int, default=random.SystemRandom().randrange(1 << 30))
    parser.add_argument("--check-every", type=int, default=10,
                        help="check the file after every N kills (and after the last)")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="crash-soak-"))
    os.environ["CONCOM_DESK_DATA"] = str(work / "data")
    try:
        start = time.perf_counter()
        summary = run_crash_cycles(work / "soak.sqlite", args.kills, args.seed,
                                   check_every=args.check_every)
        elapsed = time.perf_counter() - start
        print(f"seed {args.seed}: {summary.kills} kills "
              f"({summary.killed_while_opening} while opening the database), "
              f"{len(summary.committed)} committed filings checked, "
              f"{elapsed:.0f} s ({elapsed / max(summary.kills, 1):.2f} s per kill)")
        if summary.problems:
            print("PROBLEMS:")
            for problem in summary.problems:
                print(f"  {problem}")
            return 1
        print("no committed filing lost, none half-written, integrity ok, audit chain ok")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
