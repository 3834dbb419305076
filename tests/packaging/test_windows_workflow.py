"""Windows on every change (.github/workflows/windows.yml): valid for GitHub (its workflow
schema: tests/packaging/test_release_workflow.py checks every workflow), run on every
push and pull request, the suite and then the frozen programs' smoke test on
windows-latest, every job and long step with a time limit — and nothing in it that
hides what a clerk's Windows does: no Qt test platform (the smoke test's window is on
the real `windows` one) and no Python UTF-8 mode (the console program's redirected
output is checked in Windows' code page)."""

from __future__ import annotations

from typing import Any

from ruamel.yaml import YAML

from tests.conftest import REPO_ROOT

WORKFLOW = REPO_ROOT / ".github" / "workflows" / "windows.yml"


def workflow() -> dict[str, Any]:
    return YAML(typ="safe").load(WORKFLOW.read_text(encoding="utf-8"))


def job() -> dict[str, Any]:
    return workflow()["jobs"]["windows"]


def step(name_starts: str) -> dict[str, Any]:
    [found] = [s for s in job()["steps"] if s.get("name", "").startswith(name_starts)]
    return found


def test_it_runs_on_every_push_and_pull_request() -> None:
    triggers = workflow()["on"]
    assert set(triggers) == {"push", "pull_request"}
    # Every branch and every path; a tag is release.yml's.
    assert triggers["push"] == {"branches": ["**"]} and triggers["pull_request"] is None


def test_every_job_and_long_step_has_a_time_limit() -> None:
    jobs = workflow()["jobs"]
    assert jobs and all(0 < j.get("timeout-minutes", 0) <= 90 for j in jobs.values()), jobs
    for s in job()["steps"]:
        if "run" in s:
            assert 0 < s.get("timeout-minutes", 0) <= 60, s["name"]


def test_windows_installs_pinned_tests_builds_and_smoke_tests() -> None:
    assert job()["runs-on"] == "windows-latest"
    assert "-c packaging/constraints.txt" in step("Install")["run"]
    assert '-e ".[test,build]"' in step("Install")["run"]
    assert step("Test")["run"].strip() == "python -m pytest -q"
    assert "packaging/concom-desk.spec" in step("Build")["run"]
    smoke = step("Smoke test")["run"]
    for program in ("dist\\concom-desk\\concom-desk.exe", "dist\\concom-desk-portable.exe",
                    "dist\\concom-desk\\concom-desk-cli.exe"):
        assert program in smoke, program
    assert smoke.count("--smoke-test") >= 2
    assert "on the windows platform" in smoke
    assert "smoke-stderr-allow.txt" in smoke


def test_steps_run_in_order() -> None:
    names = [s.get("name", "") for s in job()["steps"]]
    order = [next(i for i, n in enumerate(names) if n.startswith(start))
             for start in ("Install", "Test", "Build", "Smoke test", "Console output")]
    assert order == sorted(order)


def test_nothing_hides_what_a_clerks_windows_does() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "offscreen" not in text.lower()
    assert "PYTHONUTF8" not in text.upper()
    assert "QT_QPA_PLATFORM:" not in text  # no other platform set either
    for level in (workflow(), job(), *job()["steps"]):
        assert not level.get("env", {}).keys() & {"QT_QPA_PLATFORM", "PYTHONUTF8",
                                                 "PYTHONIOENCODING"}


def test_the_console_programs_redirected_output_is_checked_in_cp1252() -> None:
    run = step("Console output")["run"]
    assert "chcp 1252" in run
    assert "Remove-Item Env:PYTHONIOENCODING" in run
    assert "concom-desk-cli.exe" in run
    for words in ("towns > ", "towns --json > ", "filings --db", "--json > "):
        assert words in run, words
    assert "$LASTEXITCODE -ne 0" in run
    # A character cp1252 lacks, made without writing it in the script (≥ and 東京).
    assert "[char]0x2265" in run and "[char]0x6771" in run
