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


@pytest.mark.qt_log_ignore(r"^This plugin does not support ")
def test_the_first_run_check_leaves_no_timer_behind_to_end_a_later_wait(
    qtbot, tmp_path: Path
) -> None:
    """The first-run check gives the program `limit_ms` to come up. Its limit once stayed
    armed after the check had passed and, a minute later, ended whatever event loop was
    running then: a later test's wait for the records, which then seemed to time out."""
    from time import monotonic

    from PySide6.QtCore import QTimer

    from concom_desk.ui.smoke import first_run_offscreen

    limit_ms = 4_000
    started = monotonic()
    first_run_offscreen(tmp_path / "first.sqlite", limit_ms=limit_ms)
    past_the_limit = max(0, int(limit_ms - (monotonic() - started) * 1000)) + 500
    later = QTimer(singleShot=True, interval=past_the_limit)
    # A wait that outlives the limit ends on its own signal, not on a stray exit.
    with qtbot.waitSignal(later.timeout, timeout=past_the_limit + 5_000):
        later.start()
