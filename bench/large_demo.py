"""The large demo database the window benchmarks run on, built once and kept."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CACHE = Path(tempfile.gettempdir()) / "concom-desk-bench" / "large-demo.sqlite"


def _opens(path: Path) -> bool:
    from concom_desk.errors import UserError
    from concom_desk.store import open_database

    try:
        open_database(path, lock=False).close()
    except UserError:
        return False
    return True


def large_demo_db(given: str | None) -> Path:
    """`given` when the caller names a database; else the cached large demo (built if absent)."""
    if given:
        return Path(given)
    if CACHE.exists() and not _opens(CACHE):
        print(f"{CACHE} was built by another version of the program; building it again")
        for stale in CACHE.parent.glob(CACHE.name + "*"):
            stale.unlink()
    if not CACHE.exists():
        from concom_desk.services.demo.town import load_demo

        CACHE.parent.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        print(f"building the large demo town in {CACHE} …", flush=True)
        load_demo(CACHE, size="large")
        print(f"  built in {time.perf_counter() - started:.1f} s", flush=True)
    return CACHE
