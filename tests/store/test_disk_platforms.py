"""A rename made durable: POSIX syncs the folder, Windows (which has no such call and
refuses to open a folder as a file) skips it. Each branch runs on every platform here,
through a stand-in `os` that says which platform it is and records the calls."""

from __future__ import annotations

import types
from pathlib import Path

import pytest

from concom_desk.store import disk


def stand_in_os(name: str, calls: list[str]) -> types.SimpleNamespace:
    return types.SimpleNamespace(
        name=name, O_RDONLY=0,
        open=lambda path, flags: calls.append(f"open {Path(path).name}") or 7,
        fsync=lambda fd: calls.append(f"fsync {fd}"),
        close=lambda fd: calls.append(f"close {fd}"),
    )


@pytest.mark.parametrize(("os_name", "expected"), [
    ("posix", ["open backups", "fsync 7", "close 7"]),
    ("nt", []),
])
def test_the_folder_is_synced_only_where_the_system_can(
        os_name: str, expected: list[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(disk, "os", stand_in_os(os_name, calls))
    disk.fsync_directory(tmp_path / "backups")
    assert calls == expected
