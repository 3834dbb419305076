"""Other programs the program starts — pg_dump and pg_restore, LibreOffice, PowerShell
driving Word, the print queue, the file manager — start without a console window.

The Windows program `concom-desk.exe` is windowed and has no console of its own, so
Windows gives each console program it starts a new console window: a black box that
flashes up and away on the clerk's screen at each backup or PDF, and stays open as long
as a dump of a large town takes. CREATE_NO_WINDOW starts such a program with no console
at all; its output is read through pipes or thrown away, never shown, so nothing is
lost, and a program with windows of its own (the file manager) is unaffected. Every
`subprocess` call in concom_desk passes `**no_console_window()`
(tests/test_child_programs.py fails on one that does not).
"""

from __future__ import annotations

import sys
from typing import TypedDict

# Windows' process creation flag (winbase.h); subprocess.CREATE_NO_WINDOW is this number,
# named on Windows only.
CREATE_NO_WINDOW = 0x08000000


class StartOptions(TypedDict, total=False):
    """Keyword arguments of subprocess.run and Popen (typed, so that `**` of them is
    checked against those functions' own)."""

    creationflags: int


def no_console_window() -> StartOptions:
    """The keyword arguments of subprocess.run/Popen that start a program without a
    console window: `creationflags` on Windows, none elsewhere."""
    if sys.platform == "win32":
        return {"creationflags": CREATE_NO_WINDOW}
    return {}
