"""File names that Windows accepts, for documents saved on the town-hall laptop.

A generated letter is named from its facts ("Permit 2026-014 12 Pond St"), and
those facts contain what Windows refuses: "Lot 5/6: Smith" has a slash and a
colon, a parcel owner may be called "Con", and a long work description can push
the full path past the 260 characters Windows Explorer and Word still trip on.
Names are cleaned, never refused, and an existing file is never overwritten:
the next free name gets " (2)", " (3)" like Explorer's own copies.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

MAX_PATH = 259  # MAX_PATH is 260 including the terminating NUL
_FORBIDDEN = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')
_RESERVED = {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$",
             *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10)),
             "COM¹", "COM²", "COM³", "LPT¹", "LPT²", "LPT³"}
_FALLBACK = "document"


def is_reserved(stem: str) -> bool:
    """CON, con.txt, 'Aux .docx': Windows treats the part before the first dot as a device."""
    return stem.split(".")[0].strip().rstrip(" .").upper() in _RESERVED


def clean_stem(text: str, fill: str = " ") -> str:
    """A file name without extension that Windows accepts, keeping it readable;
    each refused character becomes `fill`."""
    text = unicodedata.normalize("NFC", text)
    text = _FORBIDDEN.sub(fill, text)
    text = re.sub(r"\s+", " ", text).strip().rstrip(". ").lstrip(" ")
    if not text:
        text = _FALLBACK
    if is_reserved(text):
        text = f"_{text}"
    return text


def _fit(stem: str, folder: Path, suffix: str, reserve: int) -> str:
    room = MAX_PATH - len(str(folder)) - 1 - len(suffix) - reserve
    if room < 1:
        raise ValueError(f"the folder {folder} is too deep for Windows to save a file in it")
    if len(stem) > room:
        stem = stem[:room].rstrip(". ")
    return stem or _FALLBACK[:room]


def safe_path(folder: Path, name: str, suffix: str = ".docx", fill: str = " ") -> Path:
    """A path in `folder` for a file called `name` (plus `suffix`) that Windows
    accepts, is shorter than 260 characters, and does not exist yet."""
    stem = clean_stem(name.removesuffix(suffix) if suffix else name, fill)
    # Leave room for " (99)" so that numbering never pushes the path over the limit.
    stem = _fit(stem, folder, suffix, reserve=len(" (99)"))
    candidate = folder / f"{stem}{suffix}"
    counter = 2
    while candidate.exists():
        tail = f" ({counter})"
        base = _fit(stem, folder, suffix, reserve=len(tail))
        candidate = folder / f"{base}{tail}{suffix}"
        counter += 1
    return candidate
