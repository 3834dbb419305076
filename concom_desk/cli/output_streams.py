"""Standard output and error that always exist, and never fail on a character.

The Windows program `concom-desk.exe` is windowed: Windows gives it no console, so
`sys.stdout` and `sys.stderr` are None, and a bare `print` goes nowhere while
`json.dump(..., sys.stdout)` or `sys.stderr.write` raises. Every command then writes
to the null device instead (the console program `concom-desk-cli.exe` is the one that
prints); what matters — a failure — still reaches the log file.

Where there is a stream, its encoding may not hold every character the records do: a
clerk's `concom-desk-cli filings > list.txt` on Windows is written in the ANSI code
page (cp1252), and an applicant named "李 Family Trust" or a bylaw's "≥ 50 feet" ended
the command in "an unexpected fault (UnicodeEncodeError)" with half a file written.
"""

from __future__ import annotations

import codecs
import os
import sys
from typing import TextIO

# Python's own setting for the streams' encoding; when someone set it, it is obeyed.
ENCODING_SETTING = "PYTHONIOENCODING"
# The error handlers that write something for any character (Python's stderr has
# "backslashreplace"); "strict" and "surrogateescape" raise on one the encoding lacks.
NEVER_FAILING = frozenset({"replace", "backslashreplace", "namereplace",
                           "xmlcharrefreplace", "ignore"})


def ensure_output_streams() -> None:
    """Put a writable stream where the process was given none, and make each stream
    write every character (once, at start, before anything is printed)."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 (kept open for the process)
        else:
            never_fail_on_a_character(stream)


def never_fail_on_a_character(stream: TextIO) -> None:
    """A stream redirected to a file or a pipe is written in UTF-8, unless an encoding
    was asked for; any other stream (a console, or the encoding asked for) shows a
    character it cannot hold as "?" instead of failing.

    Why UTF-8 for a redirected stream rather than "?" in Windows' own code page: what
    a clerk redirects is kept — a list for the file, a report mailed to the board, JSON
    for another program — and should say what the records say. Notepad (Windows 10 1903
    and later) opens UTF-8 without a byte-order mark as UTF-8, and so do Word, browsers
    and every JSON reader (JSON's own standard is UTF-8); the ASCII of most lines reads
    the same in either. No byte-order mark: JSON readers refuse one. A console, by
    contrast, can only show what its code page has (Windows' own console is Unicode
    already: Python writes it through the wide-character API), so "?" there. (Windows
    PowerShell 5.1's own `>` re-reads a program's output in the console's OEM code
    page, which garbles what is past ASCII whichever encoding is written; the Command
    Prompt's `>`, a scheduled task's and PowerShell 7.4's keep the bytes.)"""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is None:  # not a text stream of io's (a test's StringIO): left alone
        return
    errors = stream.errors if stream.errors in NEVER_FAILING else "replace"
    if _holds_every_character(stream.encoding) or not _redirected(stream) \
            or _encoding_asked_for():
        reconfigure(errors=errors)
    else:
        reconfigure(encoding="utf-8", errors=errors)


def _holds_every_character(encoding: str | None) -> bool:
    try:
        return codecs.lookup(encoding or "ascii").name.startswith("utf-")
    except LookupError:
        return False


def _redirected(stream: TextIO) -> bool:
    try:
        return not stream.isatty()
    except (OSError, ValueError):  # closed or detached: treated as a file
        return True


def _encoding_asked_for() -> bool:
    """Whether PYTHONIOENCODING names an encoding Python applied to the streams."""
    if sys.flags.ignore_environment:
        return False
    return bool(os.environ.get(ENCODING_SETTING, "").partition(":")[0].strip())
