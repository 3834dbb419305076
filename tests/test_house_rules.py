"""The rules tests/conftest.py sets for every test, run on small sample test files:
a logged warning fails the test that caused it unless it is marked, and --skip-slow
leaves out the slow tests while a plain run (CI's) keeps them."""

from __future__ import annotations

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
