"""Text as a record keeps it: without the characters no document can hold.

XML 1.0 (every Word part) cannot hold the C0 control characters other than
tab, newline and carriage return, nor lone surrogates or U+FFFE/U+FFFF. They
come in by pasting from a PDF or a terminal, or in a hostile assessor's list;
stored, they would make every letter naming that person fail to save. They are
dropped where text enters the records.
"""

from __future__ import annotations

import re

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def without_control_characters(text: str) -> str:
    return _NOT_XML.sub("", text)


# Bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates
# (U+2066–U+2069) and the marks U+200E/U+200F. A right-to-left override in an owner's
# name prints "Smith\u202egnp.exe" as "Smithexe.png": on a letter, label or the postal
# list the page would show something other than the record. Hebrew and Arabic names
# need none of them (Word orders their letters by itself), so they are dropped.
_BIDI_CONTROLS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable_text(text: str) -> str:
    """Text as it may stand on paper: what XML cannot hold and the bidirectional
    controls that would make the page read otherwise than the record removed."""
    return _BIDI_CONTROLS.sub("", _NOT_XML.sub("", text))
