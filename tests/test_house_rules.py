"""The rules tests/conftest.py sets for every test, run on small sample test files:
a logged warning fails the test that caused it unless it is marked, and --skip-slow
leaves out the slow tests while a plain run (CI's) keeps them; and the program reads
the day from its own clock, which every test fixes."""

from __future__ import annotations

import ast
import re

import pytest

from tests.conftest import REPO_ROOT

SAMPLE = '''
import logging

import pytest

log = logging.getLogger("concom_desk.sample")


def test_quiet():
    log.info("an ordinary step")


def test_warns():
    log.warning("the backup folder is missing")


@pytest.mark.logs_warning
def test_warns_on_purpose():
    log.error("a bug, logged as it should be")


@pytest.mark.slow
def test_slow():
    pass
'''


@pytest.fixture
def sample(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    pytester.makeconftest((REPO_ROOT / "tests" / "conftest.py").read_text(encoding="utf-8"))
    # The conftest's plugins are modules of tests/: the sample's own run must find them.
    monkeypatch.setenv("PYTHONPATH", str(REPO_ROOT))
    pytester.makeini("[pytest]\nmarkers =\n    slow: slow\n    logs_warning: warns\n")
    pytester.makepyfile(test_sample=SAMPLE)
    return pytester


def test_an_unexpected_warning_fails_its_test_only(sample: pytest.Pytester) -> None:
    result = sample.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=4, errors=1)
    result.stdout.fnmatch_lines([
        "*logged unexpectedly*",
        "WARNING concom_desk.sample: the backup folder is missing",
        "ERROR test_sample.py::test_warns*",
    ])


def test_skip_slow_leaves_out_only_the_slow_tests(sample: pytest.Pytester) -> None:
    result = sample.runpytest_subprocess("-p", "no:cacheprovider", "--skip-slow", "-rs")
    result.assert_outcomes(passed=3, skipped=1, errors=1)
    result.stdout.fnmatch_lines(["*slow: skipped with --skip-slow*"])


# The modules that read the machine's clock and not the program's (concom_desk/clock.py):
# what they stamp is a moment of the machine's (a lock taken, the trail's anchor, the
# trail's repair entry, a backup's name and time, a scratch file), never a day the law
# counts from.
MACHINE_CLOCK = {
    "clock.py", "store/lock.py", "store/anchor.py", "store/restore_checks.py",
    "store/guard_repair.py", "store/backup.py", "store/wal_guard.py", "store/schema.py",
    "store/restore.py", "store/voiding.py", "store/server/backup.py",
    "store/record_versions.py",
}
_CLOCK_READS = re.compile(r"\b(?:date\.today|datetime\.now|datetime\.utcnow)\b")


def test_the_program_asks_its_own_clock_what_day_it_is() -> None:
    """A module that counted from `date.today()` would show another day than the rest of
    the program when the day is set (CONCOM_DESK_TODAY) and would make its tests depend
    on the day they run."""
    package = REPO_ROOT / "concom_desk"
    readers = sorted(
        path.relative_to(package).as_posix() for path in package.rglob("*.py")
        if _CLOCK_READS.search(path.read_text(encoding="utf-8")))
    assert [r for r in readers if r not in MACHINE_CLOCK] == []
    assert "clock.py" in readers  # the rule reads the files it means to


# The engine's inputs, read and handed over by the commission's clock alone (issue 28):
# a list, paper or command that gathered them itself once showed other deadlines than
# the rest (an Upton hearing's continuance, passed by one call site of twelve).
CLOCK_INPUTS = frozenset({"profiles_in_effect", "acts_done", "every_clock"})
CLOCK_SERVICE = "services/filings/filing_clock.py"


def clock_input_calls(source: str) -> list[str]:
    """The names of CLOCK_INPUTS the source calls (by name or as an attribute)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            called = node.func
            name = (called.id if isinstance(called, ast.Name)
                    else called.attr if isinstance(called, ast.Attribute) else "")
            if name in CLOCK_INPUTS:
                found.append(name)
    return found


def test_only_the_filing_clock_gathers_the_engine_s_inputs() -> None:
    package = REPO_ROOT / "concom_desk"
    callers = {path.relative_to(package).as_posix(): clock_input_calls(
        path.read_text(encoding="utf-8")) for path in package.rglob("*.py")}
    assert {path: names for path, names in callers.items()
            if names and path != CLOCK_SERVICE} == {}
    assert set(callers[CLOCK_SERVICE]) == CLOCK_INPUTS  # the rule reads what it means to
    # A call site that read the acts itself is caught, however it names the module.
    assert clock_input_calls("done = deadlines.acts_done(session, [filing.id])") == [
        "acts_done"]
