"""Slow work runs off the GUI thread; its result, failure or cancellation comes back
on the GUI thread."""

from __future__ import annotations

import threading

import pytest

from concom_desk.errors import UserError
from concom_desk.ui.background import Progress, run_in_background


def test_work_runs_elsewhere_and_reports_on_the_gui_thread(qtbot) -> None:
    seen: dict[str, object] = {}

    def work(progress: Progress) -> int:
        seen["work"] = threading.current_thread() is threading.main_thread()
        progress.report(50, "half way")
        return 42

    def done(result: int) -> None:
        seen["done"] = threading.current_thread() is threading.main_thread()
        seen["result"] = result

    run_in_background(None, "Testing", work, done)
    qtbot.waitUntil(lambda: "result" in seen, timeout=10_000)
    assert seen == {"work": False, "done": True, "result": 42}


def test_a_user_error_comes_back_in_its_own_words(qtbot) -> None:
    said: list[str] = []

    def work(_progress: Progress) -> None:
        raise UserError("the archive is not a ConCom Desk backup")

    run_in_background(None, "Testing", work, lambda _r: None, said.append)
    qtbot.waitUntil(lambda: bool(said), timeout=10_000)
    assert said == ["the archive is not a ConCom Desk backup"]


@pytest.mark.logs_warning  # the bug's traceback goes to the log on purpose
def test_a_bug_is_logged_and_told_without_a_traceback(qtbot, caplog) -> None:
    said: list[str] = []

    def work(_progress: Progress) -> None:
        raise ZeroDivisionError("oops")

    run_in_background(None, "Testing", work, lambda _r: None, said.append)
    qtbot.waitUntil(lambda: bool(said), timeout=10_000)
    assert said[0].startswith("Something went wrong that the program did not expect.")
    assert "ZeroDivisionError" in caplog.text


@pytest.mark.parametrize(("reports_again", "told"), [
    (True, "cancelled"),   # its next report raises Cancelled: the user pressed Cancel
    # Finished before noticing the Cancel: the abutter mailing is then written and in
    # the register, and "Cancelled" would tell the clerk something untrue.
    (False, "finished"),
])
def test_cancel_stops_the_work_at_its_next_report(qtbot, reports_again: bool,
                                                  told: str) -> None:
    started = threading.Event()
    release = threading.Event()
    outcome: list[str] = []

    def work(progress: Progress) -> str:
        started.set()
        release.wait(10)
        if reports_again:
            progress.report(90, "almost")
        return "finished"

    task = run_in_background(None, "Testing", work, outcome.append,
                             on_cancel=lambda: outcome.append("cancelled"))
    assert started.wait(10)
    task.progress.cancel()
    release.set()
    qtbot.waitUntil(lambda: bool(outcome), timeout=10_000)
    assert outcome == [told]


def test_one_stuck_job_does_not_hold_up_the_next(qtbot) -> None:
    """A job waiting on a slow or locked file must not keep the window's next load
    from running, even on a two-core laptop (one thread a core by Qt's default)."""
    release = threading.Event()
    results: list[str] = []
    stuck = [run_in_background(None, "stuck", lambda _p: release.wait(30), lambda _r: None,
                               quiet=True) for _ in range(2)]
    run_in_background(None, "next", lambda _p: "loaded", results.append, quiet=True)
    try:
        qtbot.waitUntil(lambda: results == ["loaded"], timeout=5_000)
    finally:
        release.set()
    for task in stuck:
        task.wait()
