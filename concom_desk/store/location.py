"""Where the database file sits, and when that is dangerous.

SQLite relies on file locks and (in WAL mode) shared memory that sync folders and
network shares do not honour: OneDrive or Dropbox may upload half a file, or two
laptops may write one copy each and the service keeps one. The program still opens
such a database (the clerk may have no other place), but says so plainly; the UI
shows `location_warning(path)` when it is not None.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path, PureWindowsPath

# Folder names (compared without case) that sync services create.
SYNC_FOLDERS: dict[str, str] = {
    "onedrive": "OneDrive",
    "dropbox": "Dropbox",
    "google drive": "Google Drive",
    "googledrive": "Google Drive",
    "my drive": "Google Drive",
    "icloud drive": "iCloud Drive",
    "iclouddrive": "iCloud Drive",
    "mobile documents": "iCloud Drive",  # macOS: ~/Library/Mobile Documents
    "com~apple~clouddocs": "iCloud Drive",
    "box sync": "Box",
    "box": "Box",  # Box Drive's folder in the home folder
}
NETWORK_FS_TYPES = frozenset({
    "nfs", "nfs4", "cifs", "smb", "smb2", "smb3", "smbfs", "sshfs", "fuse.sshfs", "afpfs",
    "webdav", "davfs", "fuse.davfs2", "9p", "ncpfs", "glusterfs", "ceph", "fuse.rclone",
})

_ADVICE = ("Keep the database on this computer's own disk (the default data folder) and "
           "let ConCom Desk's backups travel instead.")


def sync_service_of(path: Path) -> str | None:
    """The sync service whose folder contains `path`, if any."""
    for part in path.parts:
        lowered = part.lower()
        for folder, service in SYNC_FOLDERS.items():
            # "OneDrive - Town of Upton" is a business OneDrive folder.
            if lowered == folder or lowered.startswith(folder + " - "):
                return service
        if lowered.startswith("cloudstorage"):  # macOS ~/Library/CloudStorage/<service>-…
            return "a cloud storage folder"
    return None


def _linux_mounts() -> list[tuple[str, str]]:
    try:
        text = Path("/proc/mounts").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    mounts = []
    for line in text.splitlines():
        fields = line.split()
        if len(fields) >= 3:
            mounts.append((fields[1].replace("\\040", " "), fields[2]))
    return mounts


def network_fs_type(path: Path, mounts: Iterable[tuple[str, str]] | None = None) -> str | None:
    """The file system type when `path` is on a POSIX network mount (longest mount
    point that contains it), from /proc/mounts unless `mounts` is given."""
    found: tuple[int, str] | None = None
    for mount_point, fs_type in (mounts if mounts is not None else _linux_mounts()):
        point = Path(mount_point)
        if path == point or point in path.parents:
            depth = len(point.parts)
            if found is None or depth > found[0]:
                found = (depth, fs_type)
    if found is not None and found[1].lower() in NETWORK_FS_TYPES:
        return found[1]
    return None


DRIVE_REMOTE = 4  # GetDriveTypeW's answer for a mapped network drive


def _drive_type(root: str) -> int:
    """Windows' GetDriveTypeW for a drive root such as "Z:\\" (tests replace it)."""
    import ctypes

    return int(ctypes.windll.kernel32.GetDriveTypeW(root))


def _windows_remote_drive(path: Path) -> bool:
    drive = PureWindowsPath(path).drive
    if not drive:
        return False
    return _drive_type(drive + "\\") == DRIVE_REMOTE


def is_unc_path(text: str) -> bool:
    """\\\\server\\share\\... (but not the \\\\?\\ and \\\\.\\ device prefixes)."""
    return text.startswith(("\\\\", "//")) and not text.startswith(("\\\\?\\", "\\\\.\\"))


def is_network_path(path: Path, mounts: Iterable[tuple[str, str]] | None = None) -> bool:
    if is_unc_path(str(path)):
        return True
    if sys.platform == "win32":
        return _windows_remote_drive(path)
    return network_fs_type(path, mounts) is not None


def location_warning(path: Path | str,
                     mounts: Iterable[tuple[str, str]] | None = None) -> str | None:
    """A plain-words warning when the database is in a sync folder or on a network
    share, else None. `mounts` replaces /proc/mounts in tests."""
    raw = str(path)
    where = Path(raw if is_unc_path(raw) else os.path.abspath(raw))
    service = sync_service_of(where)
    if service is not None:
        return (f"The database {where.name} is inside {service} ({where.parent}). Sync "
                "services copy the file while it is in use and can damage it or lose "
                f"recent changes. {_ADVICE}")
    if is_unc_path(raw) or is_network_path(where, mounts):
        return (f"The database {where.name} is on a network share ({where.parent}). "
                "SQLite databases on shared folders can be damaged when the network "
                f"drops or two computers use them. {_ADVICE}")
    return None
