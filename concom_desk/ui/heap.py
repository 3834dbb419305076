"""Keeping Python's garbage collector from freezing the window.

Every so often Python's cycle collector walks every object the program holds (a full
collection): with the large town open, the filings list, the imported libraries and
the widgets' wrappers, 175,000 objects and 200 ms or more on a town-hall laptop,
during which no thread runs Python, so the window stops answering. The tabs'
background reads made it happen most (each makes tens of thousands of objects), in
the middle of a tab switch. So:

- while a tab reads its rows, the collector waits (`paused_while_reading`): what the
  read makes is freed when its session closes;
- when the last read under way ends, the few cycles left are collected and what is
  alive then (the rows just read, above all) is set aside (`set_aside_long_lived`,
  `gc.freeze()`): later collections walk only what was made since, a few
  milliseconds' work. The collector stays off until then, and it is the window's
  thread that collects, just after the rows are shown, in a pause of its own (so a 4x
  town's 6,000 cases cost one 30 ms pause, not that on top of their showing).
  Never the reading thread: garbage made by the window (a closed dialog's half, a
  parentless QObject in a cycle) is destroyed where it is collected, and Qt objects
  destroyed off their own thread crash the program.

Twice in a run what is alive is set aside as it is, without a collection
(`set_aside_as_is`): the sections' code once the warm-up has imported it behind the
open window (ui/warm_up.py), and the rows of the opening read of Today and Filings.
Else the first collection would walk the 150,000 objects of python-docx, lxml and the
tabs' modules and the town's first rows and their deadlines' caches: 90 ms on the
large town, 57 ms at 4x with the code set aside alone. What they leave is a few
hundred objects of garbage (325 on the large town), kept once per opening.

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

from PySide6.QtCore import QObject, QTimer, Signal, Slot

Result = TypeVar("Result")

_lock = threading.Lock()
_reading = 0  # reads under way: the collector runs again when the last one ends


# How long after a read ends the window collects: by then it has shown and painted the
# rows, which were queued behind the request, so the collection is a pause of its own
# and not one with their showing (Qt hands over queued calls in one go: 30 ms and 20
# ms were one 50 ms freeze at 4x).
BEHIND_THE_ROWS_MS = 40


class _WindowsTurn(QObject):
    """Made on the window's thread: a read ending on another thread asks through it,
    and Qt delivers the request on the window's thread."""

    due = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.due.connect(self.soon)  # a slot of this object: run on its thread

    @Slot()
    def soon(self) -> None:
        QTimer.singleShot(BEHIND_THE_ROWS_MS, self, _set_aside_unless_reading)


_windows_turn: _WindowsTurn | None = None


def paused_while_reading(read: Callable[..., Result]) -> Callable[..., Result]:
    """`read`, run with the automatic collection held off until it (and every other
    read under way) has returned and the window's thread has collected."""
    global _windows_turn
    if _windows_turn is None and threading.current_thread() is threading.main_thread():
        _windows_turn = _WindowsTurn()

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
                last = _reading == 0
            if last:
                if threading.current_thread() is threading.main_thread() or _windows_turn is None:
                    _set_aside_unless_reading()
                else:
                    _windows_turn.due.emit()

    return run


def _set_aside_unless_reading() -> None:
    with _lock:
        if _reading == 0:  # else the read begun since asks again when it ends
            set_aside_long_lived()
            gc.enable()


def set_aside_long_lived() -> None:
    """Collect the garbage, then set aside what is alive. The first collection walks
    everything (once, as the window opens); those after, only what came since."""
    gc.collect()
    gc.freeze()


def set_aside_as_is() -> None:
    """Set aside what is alive, garbage and all, without collecting: cheap, and on any
    thread, since it destroys nothing. Once per run each (what is kept is kept)."""
    gc.freeze()
