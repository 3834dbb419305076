"""What a file number may be: the commission's own ("2026-014", "CC 14-3"), the
DEP's ("SE 300-1234") or an enforcement case's ("EO-2026-02").

A number is typed on forms, printed on every permit and used to name the
folder its documents are kept in, so it is short, not blank, and made of
letters, digits, spaces and the few marks numbers use. A number outside that
is a slip (a pasted paragraph, a tab) and is refused in one line.
"""

from __future__ import annotations

import re

from concom_desk.errors import UserError

LONGEST_FILE_NUMBER = 40
_ALLOWED = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 \-/.#()_]*$")


def shown_number(text: str) -> str:
    """A number as a message quotes it: whole when short, cut when it is a paragraph."""
    text = " ".join(str(text).split())
    return repr(text if len(text) <= LONGEST_FILE_NUMBER else text[:LONGEST_FILE_NUMBER] + "…")


def checked_file_number(text: str, what: str = "the file number") -> str:
    """The number stripped of outer spaces; UserError when blank, too long, or holding
    characters no file number has."""
    number = text.strip()
    if not number:
        raise UserError(f"{what} is blank; type the number the commission gave the filing")
    if len(number) > LONGEST_FILE_NUMBER:
        raise UserError(f"{what} {shown_number(number)} is {len(number)} characters long; a "
                        f"file number has at most {LONGEST_FILE_NUMBER}")
    if not _ALLOWED.match(number):
        raise UserError(f"{what} {shown_number(number)} holds characters a file number does "
                        "not have; use letters, digits, spaces and - / . # ( ) _")
    return number


# "2026-014", "CC 14-3", "UCC 2026-41": letters, a year, a mark, a running number.
_YEAR_AND_COUNT = re.compile(r"^(?P<prefix>[A-Za-z ]*?)(?P<year>\d{4}|\d{2})"
                             r"(?P<mark>[-/.])(?P<count>\d+)$")


def next_file_number(numbers: list[str], year: int) -> str:
    """The number a new filing would be given in the commission's own pattern, read
    from the numbers it has used (the latest last): the same letters, year form and
    width, the running number one past this year's highest ('2026-030' → '2026-031';
    'CC 14-3' in 2015 → 'CC 15-1'). '' when no number follows the pattern: nothing is
    suggested that the clerk would have to correct."""
    patterned = [found for found in (_YEAR_AND_COUNT.match(n.strip()) for n in numbers)
                 if found]
    if not patterned:
        return ""
    latest = patterned[-1]
    short = len(latest["year"]) == 2
    this_year = f"{year % 100:02d}" if short else str(year)
    kin = [f for f in patterned if f["prefix"] == latest["prefix"]
           and f["mark"] == latest["mark"] and len(f["year"]) == len(latest["year"])]
    same = [int(f["count"]) for f in kin if f["year"] == this_year]
    # Zero-padded ("2026-007") when the commission pads, to the width it pads to.
    width = max((len(f["count"]) for f in kin if f["count"].startswith("0")), default=1)
    return (f"{latest['prefix']}{this_year}{latest['mark']}"
            f"{max(same, default=0) + 1:0{width}d}")
