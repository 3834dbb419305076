"""Each exported event carries the reminder the clerk set (Settings → Calendar (.ics)
reminder; one day before unless changed), read back as a calendar program reads it;
`concom-desk ical --reminder-minutes` overrides it for one file; a cancelled meeting
reminds no one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, time, timedelta
from pathlib import Path

import pytest
from icalendar import Calendar

from concom_desk.cli import main
from concom_desk.services.calendar.ical_export import export_calendar_of, write_calendar
from concom_desk.services.calendar.meetings import add_meeting
from concom_desk.services.commission.settings import (
    CommissionSettings,
    load_settings,
    save_settings,
)
from concom_desk.store import Database
from tests.helpers.calendar_samples import SNAPSHOT
from tests.helpers.clock import TEST_TODAY
from tests.helpers.engines import db_argument


def _alarms(path: Path) -> dict[str, list[timedelta]]:
    events = Calendar.from_ical(path.read_bytes()).walk("VEVENT")
    return {str(e["summary"]): [a.decoded("trigger") for a in e.walk("VALARM")]
            for e in events}


def test_every_event_reminds_a_day_before_unless_set_otherwise(tmp_path: Path) -> None:
    out = tmp_path / "calendar.ics"
    assert SNAPSHOT.reminder_minutes == 1440  # the default
    write_calendar(SNAPSHOT, out, now=datetime(2027, 2, 1, 12, 0))
    alarms = _alarms(out)
    cancelled = [s for s in alarms if not alarms[s]]
    assert len(cancelled) == 1 and "meeting" in cancelled[0]  # meeting 8, cancelled
    assert all(triggers == [timedelta(days=-1)] for s, triggers in alarms.items()
               if s not in cancelled)
    [alarm] = next(e for e in Calendar.from_ical(out.read_bytes()).walk("VEVENT")
                   if "legal notice" in str(e["summary"])).walk("VALARM")
    assert str(alarm["action"]) == "DISPLAY"
    assert str(alarm["description"]) == "Reminder: UCC 2027-003: Publish the legal notice"

    write_calendar(replace(SNAPSHOT, reminder_minutes=0), out)
    assert not any(_alarms(out).values())


@pytest.fixture
def town(new_records: Callable[..., Database]) -> Database:
    db = new_records(initials="JB")
    save_settings(db, CommissionSettings(
        town_id="massachusetts", name="Test Conservation Commission",
        address_lines=["Town Hall"], clerk_initials="JB", meeting_time="19:00",
        ical_reminder_minutes=120), today=TEST_TODAY)
    assert load_settings(db).ical_reminder_minutes == 120  # the setting is kept
    add_meeting(db, datetime.combine(TEST_TODAY + timedelta(days=9), time(19, 0)), "Town Hall")
    return db


def test_the_setting_and_the_command_lines_override(town: Database, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    out = tmp_path / "town.ics"
    assert export_calendar_of(town, out).reminder_minutes == 120
    assert set(map(tuple, _alarms(out).values())) == {(timedelta(hours=-2),)}
    where = db_argument(town)
    town.close()  # the command opens the records itself
    assert main(["ical", "--db", where, "--out", str(out),
                 "--reminder-minutes", "10080"]) == 0
    assert "each with a reminder 1 week before" in capsys.readouterr().out
    assert set(map(tuple, _alarms(out).values())) == {(timedelta(weeks=-1),)}
