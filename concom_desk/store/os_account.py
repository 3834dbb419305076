"""Who is signed in to the computer, asked of the operating system itself.

The audit trail names the OS account beside the initials given in the program.
`getpass.getuser()` reads LOGNAME, USER, LNAME and USERNAME first, so anyone could
write any name into the trail by setting a variable before starting the program.
Here the account comes from the OS: the password database entry of the process's
real user id on POSIX, `GetUserNameW` (the account of the process's token) on
Windows. Neither looks at the environment.
"""

from __future__ import annotations

import os
import sys

UNKNOWN = "unknown"
_UNLEN = 256  # Windows' longest user name (lmcons.h), without the closing NUL


def os_account() -> str:
    """The name of the account this program runs as ("unknown" when the OS has none)."""
    if sys.platform == "win32":
        return _windows_account()
    return _posix_account()


def _posix_account() -> str:
    import pwd

    uid = os.getuid()
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:  # a uid with no passwd entry (some containers): still the OS's word
        return f"uid {uid}"


def _windows_account() -> str:
    import ctypes

    size = ctypes.c_uint32(_UNLEN + 1)
    buffer = ctypes.create_unicode_buffer(_UNLEN + 1)
    try:
        ok = ctypes.windll.advapi32.GetUserNameW(buffer, ctypes.byref(size))  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        return UNKNOWN
    return buffer.value if ok and buffer.value else UNKNOWN
