"""A clerk's first day, from `concom-desk` on an empty data folder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from concom_desk.services.commission.settings import load_settings
from concom_desk.store import open_database
from tests.journeys.conftest import Steps
from tests.journeys.first_run import COMMISSION, through_the_wizard


def test_finish_opens_the_main_window_with_the_commission_saved(
        run_program: Callable[[Steps], int], data_folder: Path) -> None:
    def steps() -> Steps:
        window = yield from through_the_wizard()
        # The first thing the clerk reads says where to begin.
        assert window.today_view.heading.text().endswith(
            "No filings yet: File → New filing… (Ctrl+N) enters the first one, and its "
            "deadlines appear here.")
        window.close()  # the person quits; the program ends here, not before

    assert run_program(steps()) == 0
    # Started again, the program finds the records made on Finish, unlocked.
    with open_database(data_folder / "concom-desk.sqlite", initials="JB") as db:
        settings = load_settings(db)
    assert settings is not None and settings.name == COMMISSION
