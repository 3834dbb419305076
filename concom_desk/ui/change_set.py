"""What one save changed, as the window announces it to the lists (as Anki's operations
announce theirs): the filings whose rows and Today items are read again and put in place
of theirs, not the town's. A filing read and not found was voided: it leaves the lists.

Only a save the window can name by filing goes this way (a filing's form and record
window). Other desks' saves (ui/other_desks.py), and changes that reach many filings'
clocks at once (the calendar, enforcement, the commission's settings and closure days,
a restore), read everything again, as before: when in doubt, the whole read."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChangeSet:
    filings: frozenset[int]
    # This desk's count of its saves before the change (`Database.changes`), when known:
    # lists current then are current after it, once its filings are read again.
    since: int | None = None
