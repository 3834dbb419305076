"""An installation that lost its town profiles, conditions or Word forms (or a
`pip install` that never carried them) says so in one line, naming the folder, with
exit status 1: never a traceback, never silence. A bug in a command is one line too,
pointing at the log file, which holds the traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from concom_desk.cli import main
from concom_desk.log_file import LOG_FILE_NAME
from concom_desk.services.commission import town_profiles
from concom_desk.services.documents import conditions_library, template_library


@pytest.fixture
def empty_program_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    empty = tmp_path / "program"
    (empty / "resources").mkdir(parents=True)
    monkeypatch.setattr(town_profiles, "towns_dir", lambda: empty / "resources" / "towns")
    monkeypatch.setattr(template_library, "forms_dir", lambda: empty / "forms")
    monkeypatch.setattr(conditions_library, "resources_dir", lambda: empty / "resources")
    import concom_desk.paths

    monkeypatch.setattr(concom_desk.paths, "app_root", lambda: empty)
    return empty


def one_line(capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    out, err = capsys.readouterr()
    assert len(err.splitlines()) == 1, err
    return out, err.strip()


def test_towns_without_profiles(empty_program_folder: Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["towns"]) == 1
    out, err = one_line(capsys)
    assert out == ""
    assert err == (f"concom-desk: failed: no town profiles found: "
                   f"{empty_program_folder / 'resources' / 'towns'} has no .toml files "
                   "(installing ConCom Desk again puts them back)")


def test_templates_without_forms(empty_program_folder: Path, isolated_data_dir: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["templates"]) == 1
    out, err = one_line(capsys)
    assert out == ""
    assert err == (f"concom-desk: failed: no Word templates found: neither "
                   f"{empty_program_folder / 'forms'} nor {isolated_data_dir / 'templates'} "
                   "has any (installing ConCom Desk again puts the defaults back)")


def test_conditions_without_a_library(empty_program_folder: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conditions", "--town", "upton"]) == 1
    out, err = one_line(capsys)
    assert out == ""
    assert err == (f"concom-desk: failed: no conditions library found for upton: "
                   f"{empty_program_folder / 'resources' / 'conditions'} has no upton.toml "
                   "nor the state default (installing ConCom Desk again puts them back)")


@pytest.mark.logs_warning  # the bug is logged at ERROR, on purpose
def test_a_bug_in_a_command_is_one_line_and_its_traceback_is_logged(
        isolated_data_dir: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    def broken() -> dict[str, object]:
        raise KeyError("deadline_engine_table")

    monkeypatch.setattr("concom_desk.cli.deadlines_cmd.available_profiles", broken)
    assert main(["towns"]) == 1
    out, err = one_line(capsys)
    log = isolated_data_dir / LOG_FILE_NAME
    assert out == ""
    assert err == ("concom-desk: failed: an unexpected fault in the program (KeyError: "
                   f"'deadline_engine_table'); nothing more was done; the details are in {log}"
                   " — please report it")
    logged = log.read_text(encoding="utf-8")
    assert "unexpected failure in the concom-desk command" in logged
    assert "Traceback (most recent call last)" in logged and "in broken" in logged
