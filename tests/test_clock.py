"""The program's one clock (concom_desk/clock.py): the day set in CONCOM_DESK_TODAY is the
day every screen, paper and command counts from; a day set wrong is refused in one line
before anything counts from it."""

from __future__ import annotations

import subprocess
import sys
from datetime import date, timedelta

import pytest

from concom_desk import clock
from concom_desk.clock import TODAY_SETTING
from concom_desk.errors import UserError
from tests.helpers.clock import TEST_TODAY


def test_every_test_counts_from_the_day_the_suite_sets(program_clock: date) -> None:
    assert clock.today() == program_clock == TEST_TODAY
    assert clock.now().date() == TEST_TODAY
    assert clock.local_now().date() == TEST_TODAY


def test_a_day_set_is_the_day_and_the_time_still_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    leap = TEST_TODAY.replace(year=2028, month=2, day=29)
    monkeypatch.setenv(TODAY_SETTING, leap.isoformat())
    first = clock.now()
    assert (clock.today(), first.date(), first.tzinfo is not None) == (leap, leap, True)
    assert clock.now() >= first


def test_with_no_day_set_the_laptop_s_day_is_today(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(TODAY_SETTING)
    # The machine's day, read around the program's reading (midnight may fall between).
    before = date.today()
    seen = clock.today()
    assert before <= seen <= before + timedelta(days=1)
    assert clock.setting_problem() == ""


@pytest.mark.parametrize("typed", ["12/04/2026", "2026-02-30", "tomorrow"])
def test_a_day_set_wrong_is_one_line(monkeypatch: pytest.MonkeyPatch, typed: str) -> None:
    monkeypatch.setenv(TODAY_SETTING, typed)
    with pytest.raises(UserError, match=f"CONCOM_DESK_TODAY must be a date written "
                                        f"YYYY-MM-DD, not '{typed}'"):
        clock.today()
    assert clock.setting_problem().startswith("CONCOM_DESK_TODAY must be")


def test_the_command_line_refuses_a_day_set_wrong(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(TODAY_SETTING, "2026-13-01")
    run = subprocess.run([sys.executable, "-m", "concom_desk", "towns"],
                         capture_output=True, text=True, timeout=120)
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr == ("concom-desk: error: CONCOM_DESK_TODAY must be a date written "
                          "YYYY-MM-DD, not '2026-13-01'\n")

