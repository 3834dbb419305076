"""Warnings for databases in sync folders or on network shares (SQLite files there
get corrupted); none for the computer's own disk."""

from __future__ import annotations

from pathlib import Path

import pytest

from concom_desk.store.location import location_warning

LOCAL_MOUNTS = [("/", "ext4"), ("/home", "ext4")]


@pytest.mark.parametrize(("path", "service"), [
    ("/home/clerk/OneDrive/ConCom/concom-desk.sqlite", "OneDrive"),
    ("/home/clerk/OneDrive - Town of Upton/concom-desk.sqlite", "OneDrive"),
    ("/home/clerk/Dropbox/concom-desk.sqlite", "Dropbox"),
    ("/home/clerk/Google Drive/My Drive/concom-desk.sqlite", "Google Drive"),
    ("/Users/clerk/Library/Mobile Documents/com~apple~CloudDocs/cc.sqlite", "iCloud Drive"),
    ("/Users/clerk/Box/ConCom/concom-desk.sqlite", "Box"),
    ("/Users/clerk/Library/CloudStorage/GoogleDrive-clerk@upton.gov/cc.sqlite",
     "a cloud storage folder"),
])
def test_sync_folders_are_named(path: str, service: str) -> None:
    warning = location_warning(Path(path), mounts=LOCAL_MOUNTS)
    assert warning is not None and f"inside {service}" in warning


@pytest.mark.parametrize("mounts", [
    [("/", "ext4"), ("/mnt/townhall", "cifs")],
    [("/", "ext4"), ("/mnt/townhall", "nfs4")],
])
def test_network_mounts_are_warned(mounts: list[tuple[str, str]]) -> None:
    warning = location_warning(Path("/mnt/townhall/conservation/cc.sqlite"), mounts=mounts)
    assert warning is not None and "network share" in warning


def test_a_unc_path_is_a_network_share() -> None:
    warning = location_warning(r"\\townhall\conservation\cc.sqlite", mounts=LOCAL_MOUNTS)
    assert warning is not None and "network share" in warning


def test_a_local_disk_has_no_warning() -> None:
    assert location_warning(Path("/home/clerk/.local/share/ConCom Desk/concom-desk.sqlite"),
                            mounts=LOCAL_MOUNTS) is None


def test_a_local_folder_inside_a_network_mount_point_uses_the_deepest_mount() -> None:
    mounts = [("/", "ext4"), ("/mnt", "nfs"), ("/mnt/usb", "vfat")]
    assert location_warning(Path("/mnt/usb/cc.sqlite"), mounts=mounts) is None


@pytest.mark.parametrize(("drive_type", "remote"), [(4, True), (3, False)],
                         ids=["mapped network drive", "local fixed disk"])
def test_a_mapped_network_drive_on_windows(monkeypatch: pytest.MonkeyPatch, drive_type: int,
                                           remote: bool) -> None:
    import ctypes
    import sys
    import types

    from concom_desk.store.location import is_network_path

    asked: list[str] = []

    def get_drive_type(root: str) -> int:
        asked.append(root)
        return drive_type  # GetDriveTypeW: 4 DRIVE_REMOTE, 3 DRIVE_FIXED

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", types.SimpleNamespace(
        kernel32=types.SimpleNamespace(GetDriveTypeW=get_drive_type)), raising=False)
    assert is_network_path(Path("Z:/ConCom/concom-desk.sqlite")) is remote
    assert asked == ["Z:\\"]
