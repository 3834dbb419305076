"""The minutes of one meeting as plain rows: what the window shows, the Word
template prints, and an approved set freezes (as JSON) when it is approved.

Each row carries one element MGL c.30A §22(a) asks of minutes: the date, time and
place (`MinutesSheet`), the members present, absent or remote (`RollCallLine`),
each subject with its summary and the documents and exhibits used
(`MinutesItemRow`), and the decisions with every vote (`VoteLine`).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from datetime import date
from typing import Any

ATTENDANCE_CHOICES = ("present", "remote", "absent")


@dataclass(frozen=True)
class RollCallLine:
    member_id: int
    name: str
    role: str  # "chair", "member", "associate"…
    status: str  # one of ATTENDANCE_CHOICES


@dataclass(frozen=True)
class VoteLine:
    """A motion and how each member voted: a roll-call vote, name by name."""

    motion: str
    moved_by: str
    seconded_by: str
    result: str  # "carried" | "failed"
    yes: tuple[str, ...] = ()
    no: tuple[str, ...] = ()
    abstain: tuple[str, ...] = ()
    recused: tuple[str, ...] = ()

    def tally(self) -> str:
        """'Carried 4–1–0' (yes–no–abstaining)."""
        return f"{self.result.capitalize()} {len(self.yes)}–{len(self.no)}–{len(self.abstain)}"

    def roll_call(self) -> str:
        """'Roll call: Ann Lee, yes; Bob Roy, no.' — each member by name."""
        votes = sorted([(name, "yes") for name in self.yes] + [(name, "no") for name in self.no]
                       + [(name, "abstained") for name in self.abstain]
                       + [(name, "recused") for name in self.recused])
        if not votes:
            return ""
        return "Roll call: " + "; ".join(f"{name}, {choice}" for name, choice in votes) + "."

    def moved(self) -> str:
        parts = []
        if self.moved_by:
            parts.append(f"moved by {self.moved_by}")
        if self.seconded_by:
            parts.append(f"seconded by {self.seconded_by}")
        return ", ".join(parts)


@dataclass(frozen=True)
class MinutesItemRow:
    key: str  # "hearing:12", "case:3", "filing:9", "business", "other"
    heading: str
    record: tuple[str, ...] = ()  # what the record says happened (read-only)
    votes: tuple[VoteLine, ...] = ()
    summary: str = ""  # the clerk's summary of the discussion
    exhibits: tuple[str, ...] = ()  # documents and exhibits used, one per line


@dataclass(frozen=True)
class MinutesSheet:
    minutes_id: int
    meeting_id: int
    version: int
    state: str  # "draft" | "approved"
    day: date
    start_time: str  # "19:00"
    place: str
    kind: str
    posted_at: str  # when the notice was posted, "2026-11-02T10:15" or ""
    called_to_order: str
    adjourned_at: str
    roll_call: tuple[RollCallLine, ...] = ()
    items: tuple[MinutesItemRow, ...] = ()
    documents: tuple[str, ...] = ()  # documents the program made for the meeting
    approved_on: date | None = None
    approved_at_meeting: date | None = None
    approved_by: VoteLine | None = None
    amends_version: int | None = None
    amendment_reason: str = ""
    later_versions: tuple[int, ...] = field(default=())
    # How many times the set had been saved when it was read (store.record_versions):
    # bookkeeping, left out of the words an approval freezes.
    edit_version: int = 0

    @property
    def approved(self) -> bool:
        return self.state == "approved"

    def present(self, status: str) -> list[str]:
        return [line.name for line in self.roll_call if line.status == status]

    def item(self, key: str) -> MinutesItemRow | None:
        return next((item for item in self.items if item.key == key), None)


def sheet_to_json(sheet: MinutesSheet) -> str:
    words = asdict(sheet)
    del words["edit_version"]
    return json.dumps(words, default=str, ensure_ascii=False, sort_keys=True)


def _vote(raw: dict[str, Any] | None) -> VoteLine | None:
    if raw is None:
        return None
    lists = {key: tuple(raw.get(key, ())) for key in ("yes", "no", "abstain", "recused")}
    return VoteLine(raw["motion"], raw["moved_by"], raw["seconded_by"], raw["result"], **lists)


def _day(text: str | None) -> date | None:
    return date.fromisoformat(text) if text else None


def sheet_from_json(text: str) -> MinutesSheet:
    raw = json.loads(text)
    items = tuple(MinutesItemRow(
        key=i["key"], heading=i["heading"], record=tuple(i["record"]),
        votes=tuple(v for v in (_vote(x) for x in i["votes"]) if v is not None),
        summary=i["summary"], exhibits=tuple(i["exhibits"])) for i in raw["items"])
    roll = tuple(RollCallLine(**line) for line in raw["roll_call"])
    sheet = MinutesSheet(
        minutes_id=raw["minutes_id"], meeting_id=raw["meeting_id"], version=raw["version"],
        state=raw["state"], day=date.fromisoformat(raw["day"]), start_time=raw["start_time"],
        place=raw["place"], kind=raw["kind"], posted_at=raw["posted_at"],
        called_to_order=raw["called_to_order"], adjourned_at=raw["adjourned_at"],
        roll_call=roll, items=items, documents=tuple(raw["documents"]),
        approved_on=_day(raw.get("approved_on")),
        approved_at_meeting=_day(raw.get("approved_at_meeting")),
        approved_by=_vote(raw.get("approved_by")), amends_version=raw.get("amends_version"),
        amendment_reason=raw.get("amendment_reason", ""))
    return sheet


def with_later_versions(sheet: MinutesSheet, versions: tuple[int, ...]) -> MinutesSheet:
    return replace(sheet, later_versions=versions)
