"""Every place a filing's next deadline is shown says the same: the Filings tab's row,
the record window's row, Today's list and `concom-desk filings --json`, for every filing
of a demo town of each of the six profiles.

What each shows (docs/window.md): the Filings tab and the record window show the first
deadline still owed, an overdue act first; the command line the first on or after
today; Today what falls within the week. So, filing by filing:
- the Filings tab's row and the record window's row are the same deadline;
- where that deadline is today or later, the command line gives the same date, and
  where there is none, the command line gives none;
- a deadline from today to a week ahead is on Today, with its words and date.

The window once showed no deadline where the command line gave one (an Upton hearing
continued to a date certain: "tell the commission two business days before", Upton
§ 330-10E), because one call site was not handed the continuances."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import date, timedelta
from pathlib import Path
from types import ModuleType

import pytest

from concom_desk.domain.plain_dates import long_date
from concom_desk.domain.status_rules import CLOCKS_STOPPED
from concom_desk.services.calendar import loading
from concom_desk.services.calendar.loading import load_calendar
from concom_desk.services.commission.town_profiles import available_profiles
from concom_desk.services.demo.town import load_demo
from concom_desk.services.documents.context import deadlines_context
from concom_desk.services.filings import listing
from concom_desk.services.filings.deadlines import CONTINUED_TO
from concom_desk.services.filings.desk_lists import load_lists
from concom_desk.services.filings.expiry_watch import WatchRow, expiry_watch
from concom_desk.services.filings.filing_clock import FilingClock
from concom_desk.services.filings.filing_record import filing_detail
from concom_desk.services.filings.listing import list_filings
from concom_desk.services.filings.reminders import reminder_facts
from concom_desk.store import Database, open_database
from concom_desk.store.models import Filing
from tests.helpers.clock import TEST_TODAY

TOWNS = sorted(available_profiles())
WEEK_AHEAD = 7


@pytest.fixture(scope="module")
def towns(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("towns")
    made = {}
    for town in TOWNS:
        made[town] = folder / f"{town}.sqlite"
        load_demo(made[town], "small", today=TEST_TODAY, town=town)
    return made


@pytest.fixture
def opened(towns: dict[str, Path]) -> Iterator[dict[str, Database]]:
    databases = {town: open_database(path, lock=False) for town, path in towns.items()}
    yield databases
    for db in databases.values():
        db.close()


def differences(db: Database, today: date, papers: bool = True) -> list[str]:
    """Where the places disagree, one line each (empty: they agree). `papers`: also
    the calendar, expiry watch, papers, reminder letter and stored expiry (read filing
    by filing: for the large town, the small towns' comparison covers them)."""
    said = []
    records = load_lists(db, today)
    cli = {row["file_no"]: row["next_deadline"] for row in list_filings(db, today)}
    on_today = {(item.file_no, item.what, item.due) for item in records.today}
    further = ElsewhereShown.read(db, today) if papers else None
    for row in records.filings:
        shown = (row.next_deadline, row.next_deadline_label)
        detail = filing_detail(db, row.id, today)
        record = detail.row
        if (record.next_deadline, record.next_deadline_label) != shown:
            said.append(f"{row.file_no}: Filings tab {shown}, record window "
                        f"{(record.next_deadline, record.next_deadline_label)}")
        command = cli[row.file_no]
        command_day = date.fromisoformat(command["date"]) if command else None
        if row.next_deadline is None and command_day is not None:
            said.append(f"{row.file_no}: Filings tab none, command line {command}")
        if row.next_deadline is not None and row.next_deadline >= today \
                and command_day != row.next_deadline:
            said.append(f"{row.file_no}: Filings tab {shown}, command line {command}")
        if row.next_deadline is not None \
                and today <= row.next_deadline <= today + timedelta(days=WEEK_AHEAD) \
                and (row.file_no, row.next_deadline_label, row.next_deadline) not in on_today:
            said.append(f"{row.file_no}: Filings tab {shown}, not on Today")
        if further is not None:
            said.extend(further.differences(db, row.id, row.file_no,
                                            {(line.deadline.id, line.date)
                                             for line in detail.deadlines}))
    return said


@dataclass(frozen=True)
class ElsewhereShown:
    """The deadlines the other places show, read once for the town: the calendar's
    entries and the expiry watch's rows; a filing's papers and reminder letter are read
    filing by filing (`differences`)."""

    today: date
    calendar: dict[int, set[tuple[str, date]]]
    watch: dict[int, list[WatchRow]]

    @classmethod
    def read(cls, db: Database, today: date) -> ElsewhereShown:
        calendar: dict[int, set[tuple[str, date]]] = {}
        for entry in load_calendar(db).deadlines:
            if entry.record_kind == "filing":
                calendar.setdefault(entry.record_id, set()).add((entry.kind, entry.day))
        watch: dict[int, list[WatchRow]] = {}
        for watched in expiry_watch(db, today).rows:
            watch.setdefault(watched.filing_id, []).append(watched)
        return cls(today, calendar, watch)

    def differences(self, db: Database, filing_id: int, file_no: str,
                    record: set[tuple[str, date]]) -> list[str]:
        """Where the calendar, the expiry watch, the filing's papers, its reminder
        letter and its stored expiry (what the annual report counts) disagree with the
        record window's deadlines (`record`: its lines' deadline and date)."""
        said = []
        with db.read_session() as session:
            filing = session.get(Filing, filing_id)
            assert filing is not None
            counted = filing.status not in CLOCKS_STOPPED and filing.received is not None
            on_calendar = self.calendar.get(filing_id, set())
            if counted and on_calendar != record:
                said.append(f"{file_no}: calendar {sorted(on_calendar - record)}, record "
                            f"window {sorted(record - on_calendar)}")
            for deadline, field in deadlines_context(session, filing).items():
                if field["date"] and not any(
                        long_date(day) == field["date"] for ident, day in record
                        if ident == deadline):
                    said.append(f"{file_no}: papers' {deadline} {field['date']}, record "
                                f"window {sorted(d for i, d in record if i == deadline)}")
            expiry = {day for ident, day in record if ident == "expires"}
            for watched in self.watch.get(filing_id, []):
                if watched.section in ("expiring", "expired") and watched.expires not in expiry:
                    said.append(f"{file_no}: expiry watch {watched.expires}, record window "
                                f"{sorted(expiry)}")
            if filing.issued is not None and filing.status in ("issued", "expired") and expiry:
                letter = reminder_facts(session, filing, long_date(self.today))
                if letter["expired"] != (max(expiry) < self.today):
                    said.append(f"{file_no}: reminder letter expired={letter['expired']}, "
                                f"record window {sorted(expiry)}")
                if filing.expires not in expiry:
                    said.append(f"{file_no}: stored expiry {filing.expires} (the annual "
                                f"report counts it), record window {sorted(expiry)}")
        return said


@pytest.mark.parametrize("town", TOWNS)
def test_every_filing_shows_one_next_deadline_everywhere(opened: dict[str, Database],
                                                         town: str) -> None:
    db = opened[town]
    assert differences(db, TEST_TODAY) == []
    # The comparison saw deadlines of each sort (a town with none would prove nothing).
    rows = load_lists(db, TEST_TODAY).filings
    assert sum(1 for r in rows if r.next_deadline and r.next_deadline >= TEST_TODAY) >= 5


class WithoutContinuances(FilingClock):
    """A clock that reads the acts without the continuances (as the window once did)."""

    def with_acts_of(self, session, filing_ids):  # noqa: ANN001, ANN201
        read = super().with_acts_of(session, filing_ids)
        return replace(read, done={filing_id: {act: day for act, day in acts.items()
                                               if act != CONTINUED_TO}
                                   for filing_id, acts in read.done.items()})


@pytest.mark.parametrize(("call_site", "place"), [(listing, "command line"),
                                                  (loading, "calendar")])
def test_a_call_site_handed_other_inputs_is_found(opened: dict[str, Database],
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  call_site: ModuleType, place: str) -> None:
    """The comparison fails when one place's clock reads the acts without the
    continuances: Upton counts from a continued hearing (§ 330-10E)."""
    assert differences(opened["upton"], TEST_TODAY) == []
    monkeypatch.setattr(call_site, "FilingClock", WithoutContinuances)
    found = differences(opened["upton"], TEST_TODAY)
    assert found and all(place in line for line in found)


@pytest.mark.slow
def test_every_filing_of_the_large_town_shows_one_deadline_everywhere(
        tmp_path: Path) -> None:
    """The large demo town (as bench/large_demo.py builds it, ten thousand filings over
    twenty years): where 156 filings once showed no next deadline in the window."""
    path = tmp_path / "large.sqlite"
    load_demo(path, "large", today=TEST_TODAY)
    with open_database(path, lock=False) as db:
        assert differences(db, TEST_TODAY, papers=False) == []
