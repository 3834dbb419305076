"""The backup archive: a zip holding the database copy, the generated documents,
the user's templates and a manifest with the sha256 and size of every member.

Layout:
    manifest.json
    database/<name>.sqlite
    documents/...        (the folder `paths.documents_dir(db)`)
    templates/...        (the user's templates folder, when there is one)

The manifest is what makes an archive trustworthy: restore refuses any member
whose bytes do not match it, any member it does not list, and any archive
without it. Hashing happens while the bytes stream through, so a member is
read once when written and once when checked.
"""

from __future__ import annotations

import hashlib
import json
import os
import zipfile
import zlib
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import IO, Any

from concom_desk.errors import OperationFailed, UserError
from concom_desk.store.anchor import ChainHead

MANIFEST_NAME = "manifest.json"
ARCHIVE_FORMAT = "ConCom Desk backup"
FORMAT_VERSION = 1
DATABASE_FOLDER = "database"
DOCUMENTS_FOLDER = "documents"
TEMPLATES_FOLDER = "templates"
# The clerk's mail-merge field table (services/documents/mail_merge), kept beside the
# templates it serves and restored with them: a table of names, not a template.
MERGE_FIELDS_FILE = "merge-fields.json"
CHUNK = 1 << 20
# zlib level 1: four times faster than the default 6 on a database, for an archive
# about 15% larger (measured on the large demo town: 1.3 s / 37 MB against 5.0 s / 32 MB).
# A backup the clerk does not wait for is a backup the clerk makes.
COMPRESS_LEVEL = 1

# Already-compressed files are stored as they are; deflating them again only costs time.
_STORED_SUFFIXES = {".docx", ".xlsx", ".pdf", ".zip", ".png", ".jpg", ".jpeg", ".gif"}


@dataclass
class Manifest:
    program_version: str
    schema_revision: str | None
    application_id: int
    created_utc: str
    database: str
    kind: str = "manual"
    fingerprint: str = ""
    members: dict[str, dict[str, Any]] = field(default_factory=dict)
    # The audit trail's head in the copy: an anchor `check` and restore compare with.
    chain_head: ChainHead | None = None

    def as_json(self) -> dict[str, Any]:
        return {
            "format": ARCHIVE_FORMAT,
            "format_version": FORMAT_VERSION,
            "program_version": self.program_version,
            "schema_revision": self.schema_revision,
            "application_id": self.application_id,
            "created_utc": self.created_utc,
            "kind": self.kind,
            "fingerprint": self.fingerprint,
            "chain_head": self.chain_head.as_json() if self.chain_head else None,
            "database": self.database,
            "members": self.members,
        }

    @classmethod
    def from_json(cls, data: Any, where: Path) -> Manifest:
        foreign = UserError(f"{where} is not a ConCom Desk backup (its manifest is not ours)")
        if not isinstance(data, dict) or data.get("format") != ARCHIVE_FORMAT:
            raise foreign
        if data.get("format_version") != FORMAT_VERSION:
            raise UserError(
                f"{where} was made by a newer version of ConCom Desk "
                f"(backup format {data.get('format_version')}); install the newer program"
            )
        try:
            members = {
                str(name): {"sha256": str(info["sha256"]), "size": int(info["size"])}
                for name, info in data["members"].items()
            }
            manifest = cls(
                program_version=str(data["program_version"]),
                schema_revision=data["schema_revision"],
                application_id=int(data["application_id"]),
                created_utc=str(data["created_utc"]),
                database=str(data["database"]),
                kind=str(data.get("kind", "manual")),
                fingerprint=str(data.get("fingerprint", "")),
                members=members,
                chain_head=ChainHead.from_json(data.get("chain_head")),
            )
        except (KeyError, TypeError, ValueError, AttributeError):
            raise foreign from None
        if manifest.database not in manifest.members:
            raise foreign
        return manifest


def safe_member_name(name: str) -> bool:
    """Member names that cannot escape the folder they are unpacked into."""
    path = PurePosixPath(name)
    return (
        bool(name) and not path.is_absolute() and ".." not in path.parts
        and "\\" not in name and ":" not in name
        and path.parts[0] in (DATABASE_FOLDER, DOCUMENTS_FOLDER, TEMPLATES_FOLDER)
    )


def folder_members(folder: Path, prefix: str) -> Iterator[tuple[str, Path]]:
    """(member name, file) for every regular file under `folder`, in a stable order."""
    if not folder.is_dir():
        return
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            yield f"{prefix}/{path.relative_to(folder).as_posix()}", path


def write_chunk(target: IO[bytes], chunk: bytes) -> None:
    """Every byte written into or out of an archive goes through here (tests simulate a
    full disk by replacing it)."""
    target.write(chunk)


def _copy_hashing(source: IO[bytes], target: IO[bytes],
                  beside: ThreadPoolExecutor | None = None) -> tuple[str, int]:
    """Copy `source` into `target`, hashing the bytes as they go. With `beside`, each
    large chunk is hashed on that thread while this one compresses it (hashlib and
    zlib both let go of Python's lock for large buffers: two cores at work); the
    digest takes the chunks in order all the same."""
    digest, size = hashlib.sha256(), 0
    while chunk := source.read(CHUNK):
        hashing = beside.submit(digest.update, chunk) if beside and len(chunk) > _BESIDE \
            else digest.update(chunk)
        size += len(chunk)
        write_chunk(target, chunk)
        if hashing is not None:
            hashing.result()
    return digest.hexdigest(), size


# Chunks smaller than this are hashed at once: handing them to a thread costs more.
_BESIDE = 256 * 1024


def write_archive(out: Path, members: list[tuple[str, Path]],
                  describe: Callable[[], Manifest]) -> Manifest:
    """Write the zip at `out` (a temporary name chosen by the caller) and flush it to
    the disk. `describe` is called once every member is in, and may still be at work
    until then (the database copy's integrity check runs meanwhile); its manifest gets
    the members' hashes and goes in last."""
    hashes: dict[str, dict[str, Any]] = {}
    with open(out, "wb") as raw, ThreadPoolExecutor(max_workers=1) as beside:
        with zipfile.ZipFile(raw, "w", zipfile.ZIP_DEFLATED, allowZip64=True,
                             compresslevel=COMPRESS_LEVEL) as archive:
            for name, path in members:
                info = zipfile.ZipInfo.from_file(path, name)
                stored = path.suffix.lower() in _STORED_SUFFIXES
                info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
                info._compresslevel = None if stored else COMPRESS_LEVEL  # type: ignore
                with path.open("rb") as source, archive.open(info, "w", force_zip64=True) as dest:
                    sha256, size = _copy_hashing(source, dest, beside)
                hashes[name] = {"sha256": sha256, "size": size}
            manifest = describe()
            manifest.members = hashes
            text = json.dumps(manifest.as_json(), indent=2, sort_keys=True)
            archive.writestr(MANIFEST_NAME, text.encode("utf-8"))
        raw.flush()
        os.fsync(raw.fileno())
    return manifest


def open_archive(path: Path) -> zipfile.ZipFile:
    if not path.is_file():
        raise UserError(f"there is no backup file at {path}")
    try:
        return zipfile.ZipFile(path)
    except zipfile.BadZipFile:
        raise UserError(f"{path} is not a ConCom Desk backup (it is not a zip archive)") from None
    except OSError as exc:
        raise OperationFailed(f"could not read {path}: {exc.strerror or exc}") from None


def read_manifest(archive: zipfile.ZipFile, where: Path) -> Manifest:
    """The manifest, after checking the archive holds exactly the members it lists."""
    names = set(archive.namelist())
    if MANIFEST_NAME not in names:
        raise UserError(f"{where} is not a ConCom Desk backup (it has no manifest)")
    try:
        data = json.loads(archive.read(MANIFEST_NAME).decode("utf-8"))
    except (ValueError, UnicodeDecodeError, zipfile.BadZipFile, OSError):
        raise OperationFailed(f"{where} is damaged: its manifest cannot be read") from None
    manifest = Manifest.from_json(data, where)
    unsafe = [n for n in manifest.members if not safe_member_name(n)]
    if unsafe:
        raise OperationFailed(f"{where} is damaged: it names an unsafe path {unsafe[0]!r}")
    missing = sorted(set(manifest.members) - names)
    if missing:
        raise OperationFailed(f"{where} is damaged: {missing[0]} is missing from it")
    unlisted = sorted(names - set(manifest.members) - {MANIFEST_NAME})
    if unlisted:
        raise OperationFailed(f"{where} is damaged: it holds {unlisted[0]}, "
                              "which its manifest does not list")
    return manifest


def extract_member(archive: zipfile.ZipFile, manifest: Manifest, name: str, dest: Path,
                   where: Path) -> None:
    """Unpack one member to `dest`, refusing it unless its bytes match the manifest."""
    expected = manifest.members[name]
    try:
        with archive.open(name) as source, open(dest, "wb") as target:
            sha256, size = _copy_hashing(source, target)
            target.flush()
            os.fsync(target.fileno())
    except (zipfile.BadZipFile, EOFError, zlib.error) as exc:
        raise OperationFailed(f"{where} is damaged: {name} cannot be read ({exc})") from None
    if sha256 != expected["sha256"] or size != expected["size"]:
        raise OperationFailed(
            f"{where} is damaged: {name} does not match the checksum in its manifest"
        )


def verify_member(archive: zipfile.ZipFile, manifest: Manifest, name: str, where: Path) -> None:
    """Read one member through and compare it with the manifest, writing nothing."""
    expected = manifest.members[name]
    digest, size = hashlib.sha256(), 0
    try:
        with archive.open(name) as source:
            while chunk := source.read(CHUNK):
                digest.update(chunk)
                size += len(chunk)
    except (zipfile.BadZipFile, EOFError, zlib.error) as exc:
        raise OperationFailed(f"{where} is damaged: {name} cannot be read ({exc})") from None
    if digest.hexdigest() != expected["sha256"] or size != expected["size"]:
        raise OperationFailed(
            f"{where} is damaged: {name} does not match the checksum in its manifest"
        )


def check_written(path: Path, manifest: Manifest) -> None:
    """The archive just written, checked without reading its contents back: it opens,
    its manifest lists exactly the members it holds, and each member holds as many
    bytes as were hashed while it was written (the hashes themselves were taken from
    the very bytes written; `concom-desk restore` and `check` compare them)."""
    with open_archive(path) as archive:
        listed = read_manifest(archive, path)
        sizes = {info.filename: info.file_size for info in archive.infolist()}
    for name, expected in manifest.members.items():
        if listed.members.get(name) != expected or sizes.get(name) != expected["size"]:
            raise OperationFailed(f"{path} came out wrong: {name} is not as it was written")


def put_in_place(partial: Path, out_zip: Path, manifest: Manifest) -> None:
    """The archive written at `partial`, checked, then renamed to `out_zip` and its
    folder flushed, so the name only ever names a whole, verified backup. Never over a
    file that appeared meanwhile."""
    from concom_desk.store.disk import fsync_directory

    check_written(partial, manifest)
    if out_zip.exists():
        raise UserError(f"{out_zip} appeared while the backup was written; nothing replaced")
    partial.replace(out_zip)
    fsync_directory(out_zip.parent)


def verify_archive(path: Path) -> Manifest:
    """Check every member of the archive at `path` against its manifest."""
    with open_archive(path) as archive:
        manifest = read_manifest(archive, path)
        for name in manifest.members:
            verify_member(archive, manifest, name, path)
    return manifest
