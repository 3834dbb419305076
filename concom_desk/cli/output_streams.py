"""Standard output and error that always exist.

The Windows program `concom-desk.exe` is windowed: Windows gives it no console, so
`sys.stdout` and `sys.stderr` are None, and a bare `print` goes nowhere while
`json.dump(..., sys.stdout)` or `sys.stderr.write` raises. Every command then writes
to the null device instead (the console program `concom-desk-cli.exe` is the one that
prints); what matters — a failure — still reaches the log file.
"""

from __future__ import annotations

import os
import sys


def ensure_output_streams() -> None:
    """Put a writable stream where the process was given none (once, at start)."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 (kept open for the process)
