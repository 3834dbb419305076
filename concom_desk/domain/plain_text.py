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
