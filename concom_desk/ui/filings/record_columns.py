"""How a filing's record reads its tables: the deadlines (what is owed, met, passed or
not recorded, coloured by how near), the history from the audit trail, the documents
made."""

from __future__ import annotations

from datetime import date

from PySide6.QtGui import QColor

from concom_desk.services.filings.record_detail import (
    DeadlineLine,
    DocumentEntry,
    HistoryEntry,
)
from concom_desk.services.filings.rows import (
    OWED_ACTS,
    RECORDED_ACTS,
    days_left_text,
    urgency,
)
from concom_desk.ui.row_table import (
    OVERDUE,
    THIS_WEEK,
    Column,
    date_key,
    day_cell,
)


def deadline_columns(today: date) -> list[Column[DeadlineLine]]:
    def colour(line: DeadlineLine) -> QColor | None:
        if line.met or line.lapsed or (line.date < today and line.deadline.id not in OWED_ACTS):
            return None
        return {"overdue": OVERDUE, "this_week": THIS_WEEK}.get(urgency(line.date, today) or "")

    def left(line: DeadlineLine) -> str:
        if line.met:
            return line.met_how
        if line.lapsed:
            return "not recorded"  # owed only until the decision, which is made
        if line.date < today and line.deadline.id in RECORDED_ACTS:
            return "not done"  # an act to record (MassDEP's copy), not a period
        if line.date < today and line.deadline.id not in OWED_ACTS:
            return "passed"  # a period that ran out; nothing is owed
        return days_left_text(line.date, today)

    return [
        Column("Date", lambda d: f"{day_cell(d.date)} {d.date:%a}",
               sort_key=lambda d: date_key(d.date)),
        Column("Days left", left, sort_key=lambda d: date_key(d.date), background=colour),
        Column("What", lambda d: d.deadline.label,
               tooltip=lambda d: f"{d.deadline.label}\n{d.deadline.rule}"),
        Column("Citation", lambda d: d.deadline.citation,
               tooltip=lambda d: d.deadline.citation),
        Column("Rule", lambda d: d.deadline.rule),
    ]


HISTORY_COLUMNS: list[Column[HistoryEntry]] = [
    Column("When", lambda h: h.when.strftime("%Y-%m-%d %H:%M"),
           sort_key=lambda h: h.when.isoformat()),
    Column("Who", lambda h: h.who),
    Column("What changed", lambda h: h.what, tooltip=lambda h: h.what),
]

DOCUMENT_COLUMNS: list[Column[DocumentEntry]] = [
    Column("Made", lambda d: d.created.strftime("%Y-%m-%d %H:%M"),
           sort_key=lambda d: d.created.isoformat()),
    Column("Document", lambda d: d.title),
    Column("File", lambda d: d.path),
]
