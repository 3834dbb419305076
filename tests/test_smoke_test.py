"""`concom-desk --smoke-test` (what the frozen build runs) passes from source too."""

from pathlib import Path

import pytest

from concom_desk.cli import main


# The offscreen platform has no window manager and says so; not a warning about our code.
@pytest.mark.qt_log_ignore(r"^This plugin does not support ")
def test_smoke_test_runs_every_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--smoke-test", "--db", str(tmp_path / "smoke.sqlite")]) == 0
    out = capsys.readouterr().out.splitlines()
    steps = [line.split(":")[0] for line in out[:-1]]
    assert steps == [name for name, _ in __import__("concom_desk.smoke_test").smoke_test.STEPS]
    assert out[-1] == "smoke test passed"
    assert (tmp_path / "smoke.sqlite").exists()


def test_smoke_test_never_writes_into_an_existing_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    existing = tmp_path / "records.sqlite"
    existing.write_bytes(b"the commission's records")
    assert main(["--smoke-test", "--db", str(existing)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert existing.read_bytes() == b"the commission's records"
