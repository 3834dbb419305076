"""A failure nobody foresaw (a bug): always logged with its traceback; shown to the
clerk by the window's crash dialog (ui/crash_dialog.py), or, while the smoke test
runs, collected so that the build fails with the traceback instead of waiting on a
dialog nobody will ever click."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import TracebackType

from concom_desk.log_file import log_crash

_collectors: list[list[str]] = []


def collecting() -> list[str] | None:
    """The smoke test's list of failures while it runs, else None (show them)."""
    return _collectors[-1] if _collectors else None


def report(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None,
           where: str) -> str:
    """Log the failure and, under the smoke test, collect it; returns the details."""
    details = log_crash(exc_type, exc, tb, where)
    collector = collecting()
    if collector is not None:
        collector.append(details)
    return details


@contextmanager
def collect_instead_of_showing() -> Iterator[list[str]]:
    """While the smoke test runs: an exception in a Qt slot (which Qt reports through
    sys.excepthook and otherwise survives) is collected, and fails the test."""
    collected: list[str] = []
    previous = sys.excepthook
    _collectors.append(collected)
    sys.excepthook = lambda t, e, tb: report(t, e, tb, "a window action (smoke test)") and None
    try:
        yield collected
    finally:
        sys.excepthook = previous
        _collectors.remove(collected)
