"""ZIP codes as the Postal Service wants them: 5 digits or ZIP+4.

Massachusetts ZIPs start with 0 (01001–02791, and 05501/05544 in Andover).
When Excel stored them as numbers the zero is gone: 1545 is 01545 and
15451234 is 01545-1234; the zeros are put back. Anything else that is not
5 or 9 digits is refused with what was found.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SEPARATORS = re.compile(r"[\s\-–.]")
_DIGITS = re.compile(r"^\d+$")


@dataclass(frozen=True)
class ZipProblem:
    reason: str


def normalize_zip(raw: str | int | float) -> str | ZipProblem:
    """'01545' or '01545-1234', or the reason the value is not a ZIP code."""
    if isinstance(raw, float):
        if not raw.is_integer():
            return ZipProblem(f"ZIP {raw} is not a whole number")
        raw = int(raw)
    text = str(raw).strip()
    if not text:
        return ZipProblem("missing ZIP code")
    digits = _SEPARATORS.sub("", text)
    if not _DIGITS.match(digits):
        return ZipProblem(f"ZIP '{text}' has characters other than digits")
    if len(digits) in (3, 4, 7, 8):
        # A number lost its leading zeros (Massachusetts ZIPs start with 0).
        digits = digits.zfill(9 if len(digits) > 5 else 5)
    if len(digits) == 5:
        return digits
    if len(digits) == 9:
        return f"{digits[:5]}-{digits[5:]}"
    return ZipProblem(f"ZIP '{text}' is not 5 or 9 digits")


def is_massachusetts_zip(zip_code: str) -> bool:
    prefix = int(zip_code[:3])
    return 10 <= prefix <= 27 or zip_code[:5] in ("05501", "05544")
