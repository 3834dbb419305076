"""The calendar's actions work on the month as the records are now.

The tab reads its month in the background (ui/view_loader.py), after every save. An
action that hands a dialog what was read (the meetings, their hearings) and runs in
the second after a save would otherwise use the month as it was before it: a vote
recorded just after a booking would list the meeting without the hearing booked. So
such an action waits for the read under way, or asks for one when something was
saved since the last; usually it runs at once. Asked again while it waits, it still
runs once.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

Tab = TypeVar("Tab", bound=Any)


def on_the_month_as_it_is(action: Callable[[Tab], None]) -> Callable[[Tab], None]:
    @wraps(action)
    def run(tab: Tab) -> None:
        if tab.db.changes != tab.seen_changes or tab.loader.loading:
            if action.__name__ not in tab.waiting_actions:
                tab.waiting_actions.add(action.__name__)
                tab.after_read(lambda: _run_waiting(tab, action.__name__, run))
            return
        action(tab)

    return run


def _run_waiting(tab: Any, name: str, run: Callable[[Any], None]) -> None:
    tab.waiting_actions.discard(name)
    run(tab)  # checked again: another save may have come while the month was read
