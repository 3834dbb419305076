"""The release workflow is valid for GitHub (checked against its workflow schema,
which check-jsonschema carries: no network), no job can run forever, and a tag
publishes only a build whose version matches it and that installed and ran."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from tests.conftest import REPO_ROOT

WORKFLOW = REPO_ROOT / ".github" / "workflows" / "release.yml"
sys.path.insert(0, str(REPO_ROOT / "packaging"))
import check_version  # noqa: E402


def workflow() -> dict[str, Any]:
    return YAML(typ="safe").load(WORKFLOW.read_text(encoding="utf-8"))


def run_lines(job: dict[str, Any]) -> str:
    return "\n".join(str(step.get("run", "")) for step in job["steps"])


def test_the_workflow_matches_githubs_schema() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--builtin-schema",
         "vendor.github-workflows", str(WORKFLOW)],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_job_has_a_time_limit() -> None:
    jobs = workflow()["jobs"]
    assert jobs and all(0 < job.get("timeout-minutes", 0) <= 90 for job in jobs.values()), jobs


def test_windows_builds_installs_uses_and_uninstalls() -> None:
    windows = workflow()["jobs"]["windows"]
    assert windows["runs-on"] == "windows-latest"
    text = run_lines(windows)
    for needed in ("python -m pytest", "packaging/concom-desk.spec", "concom-desk.exe",
                   "--smoke-test", "makensis", '"/S"', "& $cli --smoke-test",
                   "& $cli backup", "& $cli check", "uninstall.exe",
                   "removed the data folder's database", "-c packaging/constraints.txt"):
        assert needed in text, needed


def test_a_tag_publishes_the_installer_portable_program_and_checksums() -> None:
    jobs = workflow()["jobs"]
    publish = jobs["publish"]
    assert publish["needs"] == "windows" and publish["if"] == "github.ref_type == 'tag'"
    assert publish["permissions"] == {"contents": "write"}
    uploaded = next(s for s in jobs["windows"]["steps"]
                    if s.get("uses", "").startswith("actions/upload-artifact"))["with"]["path"]
    for name in ("setup.exe", "concom-desk-portable.exe", "SHA256SUMS.txt"):
        assert name in uploaded
    assert "gh release create" in run_lines(publish)
    assert "packaging/check_version.py" in run_lines(jobs["windows"])


def test_there_is_one_version_number() -> None:
    pyproject = (REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject
    assert 'version = { attr = "concom_desk.__version__" }' in pyproject
    assert "\nversion =" not in pyproject.split("[tool.setuptools.dynamic]")[0]
    from concom_desk import __version__

    assert check_version.package_version() == __version__


def test_the_tag_must_match_the_version() -> None:
    version = check_version.package_version()
    assert check_version.check(f"v{version}") == version
    assert check_version.check(f"refs/tags/v{version}") == version
    with pytest.raises(SystemExit, match="does not match the program's version"):
        check_version.check("v99.0.0")


def test_release_builds_are_pinned() -> None:
    pins = (REPO_ROOT / "packaging" / "constraints.txt").read_text(encoding="utf-8")
    lines = [line for line in pins.splitlines() if line and not line.startswith("#")]
    names = {line.split("==")[0].lower() for line in lines}
    assert all("==" in line for line in lines), lines
    for needed in ("pyinstaller", "pyside6_essentials", "sqlalchemy", "docxtpl", "holidays"):
        assert needed in names, needed
    assert "-c packaging/constraints.txt" in Path(
        REPO_ROOT / "packaging" / "build.sh").read_text(encoding="utf-8")
