"""How long each class of the commission's records is kept.

No public record is destroyed without the Supervisor of Records' written approval
(MGL c.66 §8), and the program never destroys anything: a retention period only
lets the retention report *list* records old enough to be proposed for destruction
on the Supervisor's form. A class whose period the program cannot cite is "not
yet classified": nothing of it is ever listed, until the town's records officer
applies the Secretary of the Commonwealth's Municipal Records Retention Schedule
and the class is given its period here, with its citation.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

PERMANENT = "permanent"
UNCLASSIFIED = "not yet classified"
SCHEDULE = "Secretary of the Commonwealth, Municipal Records Retention Schedule"


@dataclass(frozen=True)
class RetentionClass:
    key: str
    name: str
    retention: str  # PERMANENT, UNCLASSIFIED, or "N years"
    citation: str
    years: int | None = None  # for a period in years: counted from `counted_from`
    counted_from: str = ""  # the record's date the years run from

    @property
    def permanent(self) -> bool:
        return self.retention == PERMANENT

    def could_be_proposed(self, event: date | None, today: date) -> bool:
        """Whether a record of this class dated `event` is past its period on `today`
        (only ever a proposal to the Supervisor of Records, MGL c.66 §8)."""
        if self.years is None or event is None:
            return False
        try:
            ends = event.replace(year=event.year + self.years)
        except ValueError:  # Feb 29
            ends = event.replace(year=event.year + self.years, day=28)
        return ends < today


_MINUTES = ("Records Management Bulletin 02-92 (Secretary of the Commonwealth): minutes "
            "of a public body are kept permanently")
_DECISIONS = (f"{SCHEDULE}: decisions of the commission are kept permanently "
              "(the schedule's series number to be confirmed by the records officer)")

RETENTION_CLASSES: tuple[RetentionClass, ...] = (
    RetentionClass("minutes", "Minutes of meetings (draft and approved)", PERMANENT, _MINUTES),
    RetentionClass("votes", "Votes (part of the minutes)", PERMANENT, _MINUTES),
    RetentionClass("meetings", "Meetings, notices and agendas", UNCLASSIFIED, ""),
    RetentionClass("filings", "Filings (applications, with their permits and determinations)",
                   PERMANENT, _DECISIONS),
    RetentionClass("decisions", "Permits, determinations and certificates of compliance",
                   PERMANENT, _DECISIONS),
    RetentionClass("enforcement", "Enforcement cases, orders and fines", UNCLASSIFIED, ""),
    RetentionClass("abutters", "Abutter lists and notices", UNCLASSIFIED, ""),
    RetentionClass("documents", "Letters and documents made by the program", UNCLASSIFIED, ""),
    RetentionClass("records_requests", "Public-records request log", UNCLASSIFIED, ""),
    RetentionClass("audit", "Audit trail of changes", UNCLASSIFIED, ""),
)
