"""CONCOM_DESK_BENCH_HOOK: the entry point hands the window's launcher to the script it
names (bench/freeze.py drives the window from inside that way); unset, nothing is loaded."""

from __future__ import annotations

from pathlib import Path

import pytest

from concom_desk.cli.window_cmd import HOOK_VARIABLE, bench_hook


def test_no_hook_unless_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(HOOK_VARIABLE, raising=False)
    assert bench_hook() is None


def test_the_named_scripts_watch_is_handed_the_launcher(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = tmp_path / "hook.py"
    script.write_text("handed = []\ndef watch(launcher):\n    handed.append(launcher)\n",
                      encoding="utf-8")
    monkeypatch.setenv(HOOK_VARIABLE, str(script))
    watch = bench_hook()
    assert watch is not None
    watch("the launcher")
    assert watch.__globals__["handed"] == ["the launcher"]

