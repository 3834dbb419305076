"""The crash test, short run: a program writing filings is killed at random moments;
every filing it reported as saved is still there, whole, and the file is sound.

The long run (hundreds of kills) is `python bench/crash_soak.py`.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.store.crash_harness import run_crash_cycles

KILLS = 20


@pytest.mark.slow
def test_killed_writers_lose_nothing_they_reported_saved(tmp_path: Path) -> None:
    seed = random.SystemRandom().randrange(1 << 30)
    summary = run_crash_cycles(tmp_path / "crash.sqlite", kills=KILLS, seed=seed)
    assert summary.problems == [], f"seed {seed}"
    assert summary.kills == KILLS
    # The run must have exercised something: saved records to lose.
    assert len(summary.committed) >= KILLS // 2, f"seed {seed}"
