"""The year a report covers: the calendar year, or the town's fiscal year, which in
Massachusetts runs from July 1 to June 30 and is named for the year it ends in
(MGL c.44 §56): fiscal 2026 is July 1, 2025 – June 30, 2026."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from concom_desk.domain.plain_dates import long_date

YEAR_KINDS = ("calendar", "fiscal")


@dataclass(frozen=True)
class ReportPeriod:
    year: int
    fiscal: bool

    @property
    def start(self) -> date:
        return date(self.year - 1, 7, 1) if self.fiscal else date(self.year, 1, 1)

    @property
    def end(self) -> date:
        return date(self.year, 6, 30) if self.fiscal else date(self.year, 12, 31)

    def months(self) -> list[tuple[int, int]]:
        """(year, month) of each of the twelve months, in order."""
        found, year, month = [], self.start.year, self.start.month
        for _ in range(12):
            found.append((year, month))
            year, month = (year + 1, 1) if month == 12 else (year, month + 1)
        return found

    def short(self) -> str:
        return f"fiscal {self.year}" if self.fiscal else str(self.year)

    def describe(self) -> str:
        kind = "Fiscal year" if self.fiscal else "Calendar year"
        return f"{kind} {self.year} ({long_date(self.start)} – {long_date(self.end)})"
