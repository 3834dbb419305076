"""The working folders of backups, restores and exports are claimed by the run that made
them, and a sweep by another run (another window, another desk on the same file server)
never removes one in use: not while it is still empty, nor in the moment between its
making and its claim."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from concom_desk.store import restore_staging
from concom_desk.store.disk import sweep_leftovers
from concom_desk.store.restore_staging import RestoreStaging

PREFIX = ".concom-backup-"


def staged(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(PREFIX))


def test_an_empty_folder_goes_at_once_and_a_claimed_one_only_when_its_run_is_gone(
        tmp_path: Path) -> None:
    """A run killed between making its folder and claiming it left it empty: nothing to
    lose, removed at once (by rmdir, which fails once a running maker has put its
    claim in). A claimed folder stays while its run holds the claim."""
    killed, running = tmp_path / f"{PREFIX}killed", tmp_path / f"{PREFIX}running"
    killed.mkdir()
    running.mkdir()
    held = open(running / ".in-use", "w+b")  # noqa: SIM115
    try:
        assert restore_staging._try_os_lock(held)
        sweep_leftovers(tmp_path, PREFIX)
        assert staged(tmp_path) == [f"{PREFIX}running"]
    finally:
        held.close()  # the run is gone: the OS drops its lock
    sweep_leftovers(tmp_path, PREFIX)
    assert staged(tmp_path) == []


def test_a_claim_taken_by_a_sweep_first_makes_another_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_lock = restore_staging._try_os_lock
    refusals = [False]  # the sweep's test lock held at the moment the claim is taken

    def lock(handle):  # noqa: ANN001, ANN202
        return refusals.pop() if refusals else real_lock(handle)

    monkeypatch.setattr(restore_staging, "_try_os_lock", lock)
    with RestoreStaging(tmp_path, PREFIX) as working:
        sweep_leftovers(tmp_path, PREFIX)  # the sweep goes on and removes the first one
        assert staged(tmp_path) == [working.name]
    assert staged(tmp_path) == []


def test_a_folder_removed_as_it_was_claimed_is_made_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_lock = restore_staging._try_os_lock
    removed: list[Path] = []

    def lock_as_the_sweep_removes(handle):  # noqa: ANN001, ANN202
        held = real_lock(handle)
        if not removed:  # the sweep found it empty a moment before, and removes it now
            folder = Path(handle.name).parent
            shutil.rmtree(folder)
            removed.append(folder)
        return held

    monkeypatch.setattr(restore_staging, "_try_os_lock", lock_as_the_sweep_removes)
    with RestoreStaging(tmp_path, PREFIX) as working:
        assert working.is_dir() and working != removed[0]
        (working / "copy.sqlite").write_bytes(b"the records")  # written where it exists
        sweep_leftovers(tmp_path, PREFIX)
        assert staged(tmp_path) == [working.name]
