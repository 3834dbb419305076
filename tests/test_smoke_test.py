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


@pytest.mark.logs_warning  # the failure is logged at ERROR, as a real one would be
def test_a_failing_step_ends_the_smoke_test_with_its_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from concom_desk import smoke_test

    def broken_document(_db: Path) -> str:
        raise FileNotFoundError("forms/permit.docx is not in the bundle")

    steps = [(name, broken_document if name == "document" else step)
             for name, step in smoke_test.STEPS if name in ("deadlines", "document", "backup")]
    monkeypatch.setattr(smoke_test, "STEPS", steps)
    assert main(["--smoke-test", "--db", str(tmp_path / "smoke.sqlite")]) == 1
    out, err = capsys.readouterr()
    assert [line.split(":")[0] for line in out.splitlines()] == ["deadlines"]
    assert err.startswith("smoke test FAILED at document:\nConCom Desk ")
    assert "FileNotFoundError: forms/permit.docx is not in the bundle" in err


@pytest.mark.logs_warning
def test_a_fault_inside_a_window_step_fails_the_smoke_test(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], qtbot,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A slot that raises is survived by Qt: the smoke test must notice all the same."""
    from PySide6.QtCore import QEventLoop, QTimer

    from concom_desk import smoke_test

    def window_with_a_broken_slot(_db: Path) -> str:
        def broken() -> None:
            raise RuntimeError("the Today tab could not be built")

        loop = QEventLoop()
        QTimer.singleShot(0, broken)
        QTimer.singleShot(50, loop.quit)
        loop.exec()
        return "window shown"

    monkeypatch.setattr(smoke_test, "STEPS", [("window", window_with_a_broken_slot)])
    assert main(["--smoke-test", "--db", str(tmp_path / "smoke.sqlite")]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("smoke test FAILED at window:")
    assert "RuntimeError: the Today tab could not be built" in err


def test_a_frozen_program_outside_utf8_mode_fails_the_smoke_test(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The spec starts the frozen programs in UTF-8 mode; a build that lost the option
    (Windows would write redirected output in cp1252) fails its smoke test."""
    from types import SimpleNamespace

    from concom_desk import smoke_test

    monkeypatch.setattr(smoke_test.sys, "frozen", True, raising=False)
    monkeypatch.setattr(smoke_test.sys, "flags", SimpleNamespace(utf8_mode=0))
    with pytest.raises(RuntimeError, match="not in UTF-8 mode"):
        smoke_test._text_encoding(Path("unused"))
    monkeypatch.setattr(smoke_test.sys, "flags", SimpleNamespace(utf8_mode=1))
    assert smoke_test._text_encoding(Path("unused")).startswith("UTF-8 mode 1 (frozen)")
