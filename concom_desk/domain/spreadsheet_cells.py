"""Turning stored values into what a public-records spreadsheet shows.

Anyone can put text into the record (an applicant's name, a work description
typed from a letter), and the export is opened in Excel by people outside the
commission. A cell beginning with `=`, `+`, `-`, `@`, a tab or a carriage
return is read by spreadsheet programs as a formula ("CSV injection"), so such
text is neutralized with a leading single quote, the OWASP remedy: the reader
sees the text, the spreadsheet runs nothing.
"""

from __future__ import annotations

import re

FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")

# Word pieces that read better in capitals or with a dot in a column header.
_HEADER_WORDS = {
    "dep": "DEP", "coc": "COC", "rda": "RDA", "noi": "NOI", "anrad": "ANRAD",
    "utc": "UTC", "sha256": "SHA-256", "id": "ID", "no": "no.", "url": "URL",
    "acec": "ACEC", "os": "OS", "rrr": "RRR", "gis": "GIS",
}

# Control characters spreadsheets refuse (XML 1.0 forbids them); tab, LF and CR stay.
ILLEGAL_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def neutralize_cell(text: str) -> str:
    """The text with a leading quote when a spreadsheet would take it for a formula."""
    if text.startswith(FORMULA_TRIGGERS):
        return "'" + text
    return text


def printable_cell(text: str) -> str:
    """Neutralized text with the control characters no spreadsheet can store removed."""
    # Text with nothing unprintable (nearly every cell: names, addresses, dates) holds no
    # control character: the test is one pass in C, where the removal is a regex's.
    if not text.isprintable():
        text = ILLEGAL_CONTROL.sub("", text)
    # neutralize_cell, written out: an export calls this for each of millions of cells.
    return "'" + text if text.startswith(FORMULA_TRIGGERS) else text


def column_header(name: str) -> str:
    """`dep_file_no` → `DEP file no.`; `applicant_id` → `Applicant` (ids are shown as names)."""
    words = [w for w in name.split("_") if w]
    if len(words) > 1 and words[-1] == "id":
        words = words[:-1]
    shown = [_HEADER_WORDS.get(w.lower(), w.lower()) for w in words]
    if not shown:
        return name
    first = shown[0]
    shown[0] = first if first.isupper() or first[:1].isupper() else first[:1].upper() + first[1:]
    return " ".join(shown)


def sheet_title(name: str, taken: set[str]) -> str:
    """A worksheet name Excel accepts (31 characters, none of []:*?/\\), unique in the book."""
    base = re.sub(r"[\[\]:*?/\\]", " ", column_header(name))[:31].strip() or "Sheet"
    title, n = base, 2
    while title.lower() in taken:
        suffix = f" ({n})"
        title, n = base[: 31 - len(suffix)].rstrip() + suffix, n + 1
    taken.add(title.lower())
    return title
