"""The window. Only this package imports Qt.

PySide6 6.12 on CPython 3.11 hands back `None` from every void method without
taking a reference to it (and is off by one on True/False in places). CPython
3.12 made these singletons immortal, so there the slip is harmless; on 3.11 the
count of `None` falls by one per call (`label.setText`, `view.update`, ...) and
after a few thousand calls the interpreter aborts with "deallocating None".
Until the binding is fixed, the three singletons get the immortal reference
count CPython 3.12 gives them. See tests/ui/test_singleton_guard.py.
"""

from __future__ import annotations

import ctypes
import platform
import sys

# Far above any count a session reaches, far below overflow (CPython 3.12 uses 2**32-1).
_IMMORTAL = 1 << 40


def _make_singletons_immortal() -> None:
    if sys.version_info >= (3, 12) or platform.python_implementation() != "CPython":
        return
    for singleton in (None, True, False):
        refcount = ctypes.c_ssize_t.from_address(id(singleton))  # ob_refcnt is the first field
        if refcount.value < _IMMORTAL // 2:
            refcount.value += _IMMORTAL


_make_singletons_immortal()
