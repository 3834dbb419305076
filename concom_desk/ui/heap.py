"""Python's cycle collector and the window: one policy, and no switch to forget.

Every so often Python's cycle collector walks the objects the program holds; walking
everything (the large town's rows, the imported libraries, the widgets' wrappers: some
200,000 objects) takes a tenth of a second or more, and no thread runs Python
meanwhile, so the window stops answering. The collector is never switched off (a read
that never returned once left it off for the whole program). Instead, at known moments
on the window's thread, the window collects and sets aside what is alive then
(`settle`: `gc.collect()`, then `gc.freeze()`): just after a whole read of the lists is
shown, and once the sections' code has been imported behind the window
(ui/warm_up.py). Later automatic collections walk only what was made since: a save's
few rows, a tab's read, a few milliseconds. As the first read begins, what the
program has imported is set aside as it is (`set_aside`, no collection: nothing to
wait for): else that read's collections walked its 127,000 objects too, 83 and 100 ms
of the reading thread's time, with the interpreter held (7 and 29 ms set aside).

Set aside is not kept for ever: what nobody refers to any more is freed as usual (the
rows of a list read again); only a reference cycle alive when set aside and dropped
later stays until the program closes. The collection runs on the window's thread:
garbage holding a Qt object (a closed dialog's Python half) must be destroyed on the
thread it belongs to.
"""

from __future__ import annotations

import gc
import threading

from PySide6.QtCore import QTimer

# How long after the rows are handed over the window collects: by then they are shown
# and painted (queued behind the hand-over), so the collection is a pause of its own.
BEHIND_THE_ROWS_MS = 40


def settle() -> None:
    """Collect the garbage, then set aside what is alive: on the window's thread, at a
    known moment. The first walks everything (once, as the window opens); those after,
    only what came since."""
    _on_the_window_s_thread()
    gc.collect()
    gc.freeze()


def _on_the_window_s_thread() -> None:
    if threading.current_thread() is not threading.main_thread():
        raise RuntimeError("the collector is run on the window's thread only")


def set_aside() -> None:
    """Set aside what is alive, garbage and all, without collecting (instant): once, as
    the first read of a run begins (what it keeps of garbage is a few hundred objects)."""
    _on_the_window_s_thread()
    gc.freeze()


def settle_soon() -> None:
    """`settle` once the window has shown what it was just handed."""
    QTimer.singleShot(BEHIND_THE_ROWS_MS, settle)
