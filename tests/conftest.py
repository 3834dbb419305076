"""Test-wide set-up: Qt runs offscreen, no test ever touches the real data folder, a
logged warning fails the test that caused it, and `--skip-slow` leaves out the slow
tests locally (CI runs them all)."""

from __future__ import annotations

import gc
import logging
import os
import random
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from concom_desk.clock import TODAY_SETTING
from tests.helpers.clock import TEST_TODAY

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# pytester: tests/test_house_rules.py runs these rules on sample tests; pg_fixtures: the
# throwaway PostgreSQL server's fixtures (tests/helpers/pg_fixtures.py); engines: a fresh
# records Database on either engine (tests/helpers/engines.py).
pytest_plugins = ["pytester", "tests.helpers.pg_fixtures", "tests.helpers.engines"]

REPO_ROOT = Path(__file__).resolve().parent.parent

# The crash test's kill moments (tests/store/test_crash.py): new each run, shown in the
# run's header so a failure can be repeated with CONCOM_CRASH_SEED=<seed>.
CRASH_SEED = int(os.environ.get("CONCOM_CRASH_SEED") or random.SystemRandom().randrange(1 << 30))
# The workers of `-n auto` are started after this module is read in the process that
# prints the header, and inherit its environment: they use the seed it shows.
os.environ["CONCOM_CRASH_SEED"] = str(CRASH_SEED)

CRASH_TEST_RUNS = pytest.StashKey[bool]()


def pytest_report_header(config: pytest.Config) -> str:
    return f"crash test seed: {CRASH_SEED} (repeat with CONCOM_CRASH_SEED={CRASH_SEED})"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    # Also at the end, where a quiet (-q) run such as CI's shows it. Under -n the
    # process that prints collects nothing (its workers do): it prints unless slow
    # tests, the crash test among them, were left out.
    config = terminalreporter.config
    if config.stash.get(CRASH_TEST_RUNS, not config.getoption("--skip-slow")):
        terminalreporter.write_line(pytest_report_header(terminalreporter.config))


@pytest.fixture(autouse=True)
def collector_unfrozen() -> Iterator[None]:
    """The window sets its long-lived objects aside from the garbage collector
    (concom_desk/ui/heap.py); a test's window is not long-lived: collected after it."""
    yield
    gc.unfreeze()


@pytest.fixture(autouse=True)
def isolated_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
                      ) -> Path:
    """Each test gets its own data folder, so user profiles and databases never leak."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("CONCOM_DESK_DATA", str(folder))
    return folder


# Set for the whole run too, so that the fixtures built once per module or session (a
# demo town) count from it as the tests do.
os.environ[TODAY_SETTING] = TEST_TODAY.isoformat()


@pytest.fixture(autouse=True)
def program_clock(monkeypatch: pytest.MonkeyPatch) -> date:
    """The program counts from one fixed day in every test (concom_desk/clock.py), and so
    does every command a test starts: no test depends on the day it runs. A test that
    needs another day sets CONCOM_DESK_TODAY itself or passes its own `today`."""
    monkeypatch.setenv(TODAY_SETTING, TEST_TODAY.isoformat())
    return TEST_TODAY


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def no_unexpected_warnings(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test fails when the code it runs logs a WARNING or worse, as it does for a Qt
    warning (qt_log_level_fail): a warning nobody expected is a fault nobody saw. A test
    that provokes one on purpose says so with @pytest.mark.logs_warning."""
    if request.node.get_closest_marker("logs_warning"):
        yield
        return
    handler = _Collect()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield
    finally:
        root.removeHandler(handler)
    if handler.records:
        lines = [f"{r.levelname} {r.name}: {r.getMessage()}" for r in handler.records]
        pytest.fail("logged unexpectedly (mark the test logs_warning if it is meant to):\n"
                    + "\n".join(lines), pytrace=False)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--skip-slow", action="store_true",
                     help="skip the tests marked slow (CI runs them all)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    config.stash[CRASH_TEST_RUNS] = (
        not config.getoption("--skip-slow") and any("test_crash" in i.nodeid for i in items))
    if not config.getoption("--skip-slow"):
        return
    skip = pytest.mark.skip(reason="slow: skipped with --skip-slow")
    for item in items:
        if item.get_closest_marker("slow"):
            item.add_marker(skip)
