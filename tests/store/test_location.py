"""Warnings for databases in sync folders or on network shares (SQLite files there
get corrupted); none for the computer's own disk. The detection branches on the
platform (the mount table on Linux and macOS, the drive type on Windows): each branch
runs on every platform here, with the platform and its answers put in by the test."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from concom_desk.store import location
from concom_desk.store.location import is_network_path, location_warning, network_fs_type

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
def test_network_mounts_are_network_paths(mounts: list[tuple[str, str]],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    assert is_network_path(Path("/mnt/townhall/conservation/cc.sqlite"), mounts)
    assert not is_network_path(Path("/home/clerk/cc.sqlite"), mounts)


DRIVE_TYPES = {"C:\\": 3, "Z:\\": location.DRIVE_REMOTE}  # fixed disk, mapped share


@pytest.mark.parametrize(("path", "network"), [
    (r"Z:\conservation\cc.sqlite", True),
    (r"C:\Users\clerk\AppData\Local\ConCom Desk\concom-desk.sqlite", False),
    (r"\\townhall\conservation\cc.sqlite", True),
])
def test_a_mapped_network_drive_is_a_network_path_on_windows(
        path: str, network: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    asked: list[str] = []
    monkeypatch.setattr(location, "_drive_type",
                        lambda root: asked.append(root) or DRIVE_TYPES[root])
    assert is_network_path(Path(path), mounts=[("/", "ext4")]) is network
    assert asked in ([], [path[:3]])  # a UNC path needs no drive type


def test_a_network_path_is_warned_as_a_share(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(location, "is_network_path", lambda _path, _mounts: True)
    warning = location_warning(Path("townhall-share") / "cc.sqlite")
    assert warning is not None and "is on a network share" in warning
    assert "Keep the database on this computer's own disk" in warning


def test_a_unc_path_is_a_network_share() -> None:
    warning = location_warning(r"\\townhall\conservation\cc.sqlite", mounts=LOCAL_MOUNTS)
    assert warning is not None and "network share" in warning


@pytest.mark.parametrize("platform", ["linux", "win32"])
def test_a_local_disk_has_no_warning(platform: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(location, "_drive_type", lambda root: 3)  # a fixed disk
    assert location_warning(Path.home() / "ConCom Desk" / "concom-desk.sqlite",
                            mounts=LOCAL_MOUNTS) is None


def test_a_local_folder_inside_a_network_mount_point_uses_the_deepest_mount() -> None:
    mounts = [("/", "ext4"), ("/mnt", "nfs"), ("/mnt/usb", "vfat")]
    assert network_fs_type(Path("/mnt/usb/cc.sqlite"), mounts) is None
    assert network_fs_type(Path("/mnt/other/cc.sqlite"), mounts) == "nfs"
