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
from datetime import date, timedelta
from pathlib import Path

import pytest

from concom_desk.services.commission.town_profiles import available_profiles
from concom_desk.services.demo.town import load_demo
from concom_desk.services.filings import listing
from concom_desk.services.filings.desk_lists import load_lists
from concom_desk.services.filings.filing_record import filing_detail
from concom_desk.services.filings.listing import list_filings
from concom_desk.store import Database, open_database
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


def differences(db: Database, today: date) -> list[str]:
    """Where the four places disagree, one line each (empty: they agree)."""
    said = []
    records = load_lists(db, today)
    cli = {row["file_no"]: row["next_deadline"] for row in list_filings(db, today)}
    on_today = {(item.file_no, item.what, item.due) for item in records.today}
    for row in records.filings:
        shown = (row.next_deadline, row.next_deadline_label)
        record = filing_detail(db, row.id, today).row
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
    return said


@pytest.mark.parametrize("town", TOWNS)
def test_every_filing_shows_one_next_deadline_everywhere(opened: dict[str, Database],
                                                         town: str) -> None:
    db = opened[town]
    assert differences(db, TEST_TODAY) == []
    # The comparison saw deadlines of each sort (a town with none would prove nothing).
    rows = load_lists(db, TEST_TODAY).filings
    assert sum(1 for r in rows if r.next_deadline and r.next_deadline >= TEST_TODAY) >= 5


def test_a_call_site_handed_other_inputs_is_found(opened: dict[str, Database],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison fails when the command line reads the acts without the
    continuances (as the window once did): Upton counts from a continued hearing."""
    from concom_desk.services.filings import deadlines

    def without_continuances(session, filing_ids=None):  # noqa: ANN001, ANN202
        found = deadlines.acts_done(session, filing_ids)
        for acts in found.values():
            acts.pop(deadlines.CONTINUED_TO, None)
        return found

    assert differences(opened["upton"], TEST_TODAY) == []
    monkeypatch.setattr(listing, "acts_done", without_continuances)
    found = differences(opened["upton"], TEST_TODAY)
    assert found and all("command line" in line for line in found)
