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


@pytest.mark.parametrize("path", sorted(WORKFLOW.parent.glob("*.yml")), ids=lambda p: p.name)
def test_each_workflow_matches_githubs_schema(path: Path) -> None:
    """release.yml and windows.yml alike."""
    result = subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--builtin-schema",
         "vendor.github-workflows", str(path)],
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


def steps_named(job: dict[str, Any], words: str) -> list[dict[str, Any]]:
    return [step for step in job["steps"] if words in step.get("name", "")]


def test_a_given_certificate_signs_the_programs_and_the_installer() -> None:
    """The certificate comes from the secrets; every signing step runs only when it is
    there, and the signatures are checked before anything is published."""
    windows = workflow()["jobs"]["windows"]
    cert = next(step for step in windows["steps"] if step.get("id") == "cert")
    assert "secrets.WINDOWS_CERTIFICATE_PFX_BASE64" in cert["env"]["PFX_BASE64"]
    assert "signed=true" in cert["run"] and "signed=false" in cert["run"]
    sign = steps_named(windows, "Sign the programs")[0]
    assert sign["if"] == "steps.cert.outputs.signed == 'true'"
    assert "secrets.WINDOWS_CERTIFICATE_PASSWORD" in sign["env"]["CONCOM_SIGN_PASSWORD"]
    for program in ("concom-desk.exe", "concom-desk-cli.exe", "concom-desk-portable.exe"):
        assert program in sign["run"]
    names = [step.get("name", "") for step in windows["steps"]]
    # Signed before the smoke tests run them and before the installer packs them.
    assert names.index(sign["name"]) < names.index("Smoke test the frozen programs")
    installer = steps_named(windows, "Installer (NSIS")[0]
    assert "-DSIGN=" in installer["run"] and "sign.ps1" in installer["run"]
    check = steps_named(windows, "Check the signatures")[0]
    assert check["if"] == sign["if"] and "Get-AuthenticodeSignature" in check["run"]
    assert steps_named(windows, "Forget the certificate")[0]["if"] == "always()"
    script = (REPO_ROOT / "packaging" / "windows" / "sign.ps1").read_text(encoding="utf-8")
    assert "signtool" in script and "/tr" in script and "verify /pa" in script
    # The password reaches signtool through the environment, never the workflow's text.
    assert "WINDOWS_CERTIFICATE_PASSWORD" not in script


def test_an_unsigned_build_says_so_in_its_release_notes() -> None:
    jobs = workflow()["jobs"]
    notes = steps_named(jobs["windows"], "Release notes")[0]["run"]
    assert '"${{ steps.cert.outputs.signed }}" -ne "true"' in notes
    assert "This build is not code-signed." in notes
    assert "More info" in notes and "Run anyway" in notes
    assert "--notes-file dist/RELEASE_NOTES.md" in run_lines(jobs["publish"])


def test_the_frozen_smoke_test_runs_without_pythonutf8() -> None:
    """The job sets PYTHONUTF8 for the tests; the frozen programs must be in UTF-8 mode
    on their own, so the steps that run them take it away."""
    windows = workflow()["jobs"]["windows"]
    for name in ("Smoke test the frozen programs", "Install silently"):
        assert "Remove-Item Env:PYTHONUTF8" in steps_named(windows, name)[0]["run"], name
