"""`concom-desk --smoke-test` (what the frozen build runs) passes from source too."""

from pathlib import Path

import pytest

from concom_desk.cli import main


def test_smoke_test_runs_every_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--smoke-test", "--db", str(tmp_path / "smoke.sqlite")]) == 0
    out = capsys.readouterr().out.splitlines()
    steps = [line.split(":")[0] for line in out[:-1]]
    assert steps == [name for name, _ in __import__("concom_desk.smoke_test").smoke_test.STEPS]
    assert out[-1] == "smoke test passed"
    assert (tmp_path / "smoke.sqlite").exists()
