"""Keeping Python's garbage collector from freezing the window.

Every so often Python's cycle collector walks every object the program holds (a full
collection): with the large town open, the filings list, the imported libraries and
the widgets' wrappers, 175,000 objects and 200 ms or more on a town-hall laptop,
during which no thread runs Python, so the window stops answering. The tabs'
background reads made it happen most (each makes tens of thousands of objects), in
the middle of a tab switch. So:

- while a tab reads its rows, the collector waits (`paused_while_reading`): what the
  read makes is freed when its session closes;
- when the last read under way ends, on its own thread and before its rows are handed
  to the window, the few cycles left are collected and what is alive then (the rows
  just read, above all) is set aside (`set_aside_long_lived`, `gc.freeze()`): later
  collections walk only what was made since, a few milliseconds' work. Collected
  later, in the window's turn, the 6,000 cases of a large town's Enforcement list cost
  a 30 ms collection on top of the rows' showing, and the same again each time the
  collector walked its older generations.

What is set aside is still freed the usual way when nothing refers to it any more
(the rows of a list read again); only a reference cycle that was alive when set
aside and dropped later stays until the program closes (a closed dialog's Python
half, say), against a window that answers.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable
from typing import TypeVar

Result = TypeVar("Result")

_lock = threading.Lock()
_reading = 0  # reads under way: the collector runs again when the last one ends


def paused_while_reading(read: Callable[..., Result]) -> Callable[..., Result]:
    """`read`, run with the automatic collection held off until it (and every other
    read under way) has returned."""

    def run(*args: object) -> Result:
        global _reading
        with _lock:
            _reading += 1
            gc.disable()
        try:
            return read(*args)
        finally:
            with _lock:
                _reading -= 1
                if _reading == 0:
                    set_aside_long_lived()
                    gc.enable()

    return run


def set_aside_long_lived() -> None:
    """Collect the garbage, then set aside what is alive. The first collection walks
    everything (once, as the window opens); those after, only what came since."""
    gc.collect()
    gc.freeze()
