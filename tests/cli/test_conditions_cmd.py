"""`concom-desk conditions --town T [--json] [--edit]`."""

from __future__ import annotations

import json

import pytest

from concom_desk.cli import main
from concom_desk.services.documents.conditions_library import user_conditions_dir


def test_upton_lists_its_six_denial_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conditions", "--town", "Upton", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["library"] == "upton"
    # Upton ch. 330, "Permits and decisions": a denial is for one or more of six reasons.
    assert len(shown["denial_reasons"]) == 6
    assert shown["denial_reasons"][4] == "Repeated failure to attend continued public hearings."
    assert [c["number"] for c in shown["standard"]] == list(range(1, len(shown["standard"]) + 1))


def test_unprofiled_town_is_an_error_naming_the_state_list(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conditions", "--town", "ashland"]) == 2
    err = capsys.readouterr().err
    assert "unknown town 'ashland'" in err
    assert "a town without a profile of its own uses massachusetts" in err
    assert len(err.strip().splitlines()) == 1


def test_the_state_list_is_asked_for_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conditions", "--town", "massachusetts"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("massachusetts: the Massachusetts Wetlands Protection Act")
    assert "[only with a DEP file number]" in out


def test_edit_makes_the_clerks_copy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conditions", "--town", "sandwich", "--edit"]) == 0
    assert str(user_conditions_dir() / "sandwich.toml") in capsys.readouterr().out
    assert (user_conditions_dir() / "sandwich.toml").is_file()
